import Foundation
import Testing
@testable import PhotoRemote

@Suite struct MQTTBrokerTests {
    @Test func aHostAloneIsPort1883WithNoLogin() throws {
        let broker = try #require(MQTTBroker("mqtt://broker.lan"))
        #expect(broker.host == "broker.lan" && broker.port == 1883 && broker.username == nil && broker.password == nil)
        #expect(MQTTBroker("mqtt://10.0.0.2:1884/")?.port == 1884)
        #expect(MQTTBroker("MQTT://localhost")?.host == "localhost")
    }

    @Test func userAndPasswordArePercentDecodedAndKeptOutOfTheDescription() throws {
        let broker = try #require(MQTTBroker("mqtt://frame:p%40ss%3Aword@192.168.1.5:8883"))
        #expect(broker.username == "frame" && broker.password == "p@ss:word" && broker.host == "192.168.1.5" && broker.port == 8883)
        #expect(broker.description == "mqtt://frame@192.168.1.5:8883")
        let userOnly = try #require(MQTTBroker("mqtt://frame@host"))
        #expect(userOnly.username == "frame" && userOnly.password == nil)
    }

    @Test func anIPv6AddressGoesInBrackets() throws {
        let broker = try #require(MQTTBroker("mqtt://[::1]:1999"))
        #expect(broker.host == "::1" && broker.port == 1999 && broker.description == "mqtt://[::1]:1999")
        #expect(MQTTBroker("mqtt://[fe80::1]")?.port == 1883)
    }

    @Test func otherSchemesPathsAndBadPortsAreRefused() {
        for text in ["", "broker.lan", "http://broker.lan", "mqtts://broker.lan", "mqtt://", "mqtt://:1883", "mqtt://host:0",
                     "mqtt://host:65536", "mqtt://host:port", "mqtt://host/topic", "mqtt://host?x=1", "mqtt://ho st",
                     "mqtt://[::1", "mqtt://[::1]x", "mqtt://[]:1", "mqtt://:pass@host", "mqtt://host:-1"] {
            #expect(MQTTBroker(text) == nil, "\(text)")
        }
    }
}

@Suite struct MQTTTopicsTests {
    @Test func theTopicsHangOffTheBase() throws {
        let topics = try #require(MQTTTopics(base: "home/hall frame"))
        #expect(topics.command == "home/hall frame/cmd" && topics.state == "home/hall frame/state")
        #expect(topics.availability == "home/hall frame/availability")
        #expect(topics.nodeID == "home_hall_frame")
    }

    @Test func theStandardBaseIsSdlphotoSlashTheHostName() {
        #expect(MQTTTopics.standard(hostname: "kitchen-pi").base == "sdlphoto/kitchen-pi")
        #expect(MQTTTopics.standard(hostname: "a/b+#").base == "sdlphoto/a_b__")
        #expect(MQTTTopics.standard(hostname: "").base == "sdlphoto/frame")
    }

    @Test func aBaseWithWildcardsOrEmptyLevelsIsRefused() {
        for base in ["", "a/+/b", "a/#", "/a", "a/", "a//b", "$SYS/x", "a\0b"] {
            #expect(MQTTTopics(base: base) == nil, "\(base)")
        }
    }
}

@Suite struct RemoteCommandPayloadTests {
    func parse(_ text: String, count: Int = 10) throws(RemoteCommand.Rejection) -> RemoteCommand {
        try RemoteCommand.parse(payload: Array(text.utf8), count: count)
    }

    @Test func eachCommandIsItsNameWithSpacesAroundAllowed() throws {
        #expect(try parse("next") == .next)
        #expect(try parse(" previous\n") == .previous)
        #expect(try parse("play") == .play)
        #expect(try parse("pause") == .pause)
        #expect(try parse("sleep") == .sleep)
        #expect(try parse("wake") == .wake)
    }

    @Test func showTakesAZeroBasedIndexInsideTheList() throws {
        #expect(try parse("show 0") == .show(0))
        #expect(try parse("show  9 ") == .show(9))
        #expect(throws: RemoteCommand.Rejection("index 10 is out of range: there are 10 photos")) { try parse("show 10") }
        for text in ["show", "show -1", "show 1.5", "show x", "show 1 2", "show 99999"] {
            #expect(throws: RemoteCommand.Rejection.self, "\(text)") { try parse(text) }
        }
    }

    @Test func unknownEmptyLongAndNonUTF8PayloadsAreRejected() {
        for text in ["", "  ", "dance", "NEXT", "next now", "ON", "{\"index\": 1}"] {
            #expect(throws: RemoteCommand.Rejection.self, "\(text)") { try parse(text) }
        }
        #expect(throws: RemoteCommand.Rejection.self) { try RemoteCommand.parse(payload: [0x6E, 0xFF], count: 10) }
        #expect(throws: RemoteCommand.Rejection.self) { try parse("next" + String(repeating: " ", count: 64)) }
    }
}

@Suite struct HomeAssistantDiscoveryTests {
    let discovery = HomeAssistantDiscovery(topics: MQTTTopics(base: "sdlphoto/hall")!, name: "hall", version: "0.1.0")

    func config(_ topic: String) throws -> [String: Any] {
        let message = try #require(discovery.messages.first { $0.topic == topic }, "no \(topic)")
        return try #require(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
    }

    @Test func fourButtonsASwitchAndASensorUnderHomeassistant() {
        #expect(discovery.messages.map(\.topic) == [
            "homeassistant/button/sdlphoto_hall/next/config", "homeassistant/button/sdlphoto_hall/previous/config",
            "homeassistant/button/sdlphoto_hall/play/config", "homeassistant/button/sdlphoto_hall/pause/config",
            "homeassistant/switch/sdlphoto_hall/display/config", "homeassistant/sensor/sdlphoto_hall/image/config",
        ])
    }

    @Test func eachButtonPressesItsCommandOnTheCommandTopic() throws {
        for name in ["next", "previous", "play", "pause"] {
            let button = try config("homeassistant/button/sdlphoto_hall/\(name)/config")
            #expect(button["command_topic"] as? String == "sdlphoto/hall/cmd" && button["payload_press"] as? String == name)
            #expect(button["unique_id"] as? String == "sdlphoto_hall_\(name)")
        }
    }

    @Test func theDisplaySwitchWakesAndSleepsAndReadsTheMode() throws {
        let display = try config("homeassistant/switch/sdlphoto_hall/display/config")
        #expect(display["command_topic"] as? String == "sdlphoto/hall/cmd")
        #expect(display["payload_on"] as? String == "wake" && display["payload_off"] as? String == "sleep")
        #expect(display["state_topic"] as? String == "sdlphoto/hall/state")
        #expect(display["value_template"] as? String == "{{ 'OFF' if value_json.mode == 'asleep' else 'ON' }}")
        #expect(display["state_on"] as? String == "ON" && display["state_off"] as? String == "OFF")
    }

    @Test func theImageSensorReadsTheStatussImage() throws {
        let image = try config("homeassistant/sensor/sdlphoto_hall/image/config")
        #expect(image["state_topic"] as? String == "sdlphoto/hall/state" && image["value_template"] as? String == "{{ value_json.image }}")
    }

    @Test func everyEntityIsOneDeviceAndFollowsTheAvailability() throws {
        for message in discovery.messages {
            let entity = try config(message.topic)
            #expect(entity["availability_topic"] as? String == "sdlphoto/hall/availability", "\(message.topic)")
            #expect(entity["payload_available"] as? String == "online" && entity["payload_not_available"] as? String == "offline")
            let device = try #require(entity["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["sdlphoto_hall"] && device["name"] as? String == "hall")
            #expect(device["sw_version"] as? String == "0.1.0")
        }
        #expect(Set(try discovery.messages.map { try config($0.topic)["unique_id"] as? String }).count == 6)
    }
}
