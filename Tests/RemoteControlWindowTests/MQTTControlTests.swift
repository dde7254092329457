import Foundation
import Testing
import WindowTestSupport

/// docs/behaviour.md §15's MQTT control against the real program and a real broker (mosquitto on
/// loopback): commands on `BASE/cmd` move it (seen in `--events` and in the retained state), Home
/// Assistant's discovery messages describe it, and a broker that goes away and comes back finds
/// it again, with nothing lost.
@Suite(.serialized, .enabled(if: Mosquitto.isInstalled, "mosquitto and mosquitto-clients are not installed (scripts/deps installs them)"))
struct MQTTControlTests {
    /// A program with `count` flat-colour photos, open on the first one, on `broker`'s topics.
    struct MQTTFrame {
        let session: BrowserSession
        let process: ChildProcess
        let events: EventsFile
        let base: String

        static func newBase(_ name: String) -> String { "sdlphoto-test/\(name)-\(UInt32.random(in: 0...UInt32.max))" }

        init(_ name: String, broker: Mosquitto, base: String? = nil, count: Int = 6, waitForBroker: Bool = true) async throws {
            session = try BrowserSession("mqtt-\(name)", count: count)
            events = EventsFile(url: session.dir.appendingPathComponent("events.txt"))
            self.base = base ?? Self.newBase(name)
            process = try AppProcess.start(["--size", "640x400", "--events", events.url.path, "--start", "1",
                                            "--mqtt", broker.url, "--mqtt-topic", self.base, session.dir.path],
                                           environment: ["XDG_CACHE_HOME": session.dir.appendingPathComponent("cache").path])
            try await events.wait(seconds: 60, for: "first_frame")
            try await events.wait(for: "photo 0 shown") { $0.hasPrefix("image_shown 0 ") }
            if waitForBroker { try await broker.waitForRetained("\(self.base)/availability", "online") { $0 == "online" } }
        }

        var command: String { "\(base)/cmd" }
        var state: String { "\(base)/state" }
        var availability: String { "\(base)/availability" }

        func waitForState(_ description: String, broker: Mosquitto, _ match: @escaping ([String: Any]) -> Bool) async throws {
            try await broker.waitForRetained(state, description) { $0.jsonObject.map(match) ?? false }
        }

        func end() async throws -> ChildProcess.Outcome {
            process.terminate()
            _ = await process.exit(timeout: 60)
            return try process.outcome(timeout: 10)
        }
    }

    @Test func commandsOnTheCommandTopicMoveTheFrameAndTheRetainedStateFollows() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        let frame = try await MQTTFrame("commands", broker: broker)
        defer { frame.process.terminate() }
        try await frame.waitForState("photo 0", broker: broker) { $0["mode"] as? String == "browsing" && $0["index"] as? Int == 0 }
        let state = try #require(try await broker.retained(frame.state)?.jsonObject)
        #expect(state["count"] as? Int == 6 && (state["image"] as? String)?.hasSuffix("photo000.png") == true, "\(state)")
        #expect(state["caption"] as? String == "" && state["playing"] as? Bool == false)

        try await broker.publish(frame.command, "next")
        try await frame.events.wait(for: "photo 1 shown") { $0.hasPrefix("image_shown 1 ") }
        try await frame.waitForState("photo 1", broker: broker) { $0["index"] as? Int == 1 && ($0["image"] as? String)?.hasSuffix("photo001.png") == true }

        try await broker.publish(frame.command, "show 4")
        try await frame.events.wait(for: "photo 4 shown") { $0.hasPrefix("image_shown 4 ") }
        try await broker.publish(frame.command, "previous")
        try await frame.waitForState("photo 3", broker: broker) { $0["index"] as? Int == 3 }

        // A line for a second, the last word its seconds (docs/behaviour.md §15).
        try await broker.publish(frame.command, "message Back at 7 1")
        try await frame.events.wait(for: "message_shown")
        try await frame.events.wait(for: "message_gone")

        try await broker.publish(frame.command, "play")
        try await frame.waitForState("the slideshow", broker: broker) { $0["mode"] as? String == "slideshow" && $0["playing"] as? Bool == true }
        try await broker.publish(frame.command, "pause")
        try await frame.waitForState("the slideshow stopped", broker: broker) { $0["mode"] as? String == "browsing" && $0["playing"] as? Bool == false }

        try await broker.publish(frame.command, "sleep")
        try await frame.events.wait(for: "sleep")
        try await frame.waitForState("asleep", broker: broker) { $0["mode"] as? String == "asleep" }
        try await broker.publish(frame.command, "wake")
        try await frame.events.wait(for: "wake")
        try await frame.waitForState("awake", broker: broker) { $0["mode"] as? String == "browsing" }

        let outcome = try await frame.end()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(try await broker.retained(frame.availability) == "offline", "a clean exit says offline")
    }

    @Test func badCommandsAreLoggedOneLineEachAndChangeNothing() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        // A command left retained on the broker would be carried out again on every connection.
        let base = MQTTFrame.newBase("bad")
        try await broker.publish("\(base)/cmd", "next", retain: true)
        let frame = try await MQTTFrame("bad", broker: broker, base: base)
        defer { frame.process.terminate() }
        let bad = ["dance", "show 99", "show -1", "show", "next please", "", String(repeating: "x", count: 100_000)]
        for payload in bad { try await broker.publish(frame.command, payload) }
        // A good one after them: once it is carried out, the bad ones have been read.
        try await broker.publish(frame.command, "show 2")
        try await frame.events.wait(for: "photo 2 shown") { $0.hasPrefix("image_shown 2 ") }
        #expect(frame.events.events.filter { $0.hasPrefix("image_shown") }.count == 2, "\(frame.events.events)")
        try await frame.waitForState("photo 2", broker: broker) { $0["index"] as? Int == 2 }
        let outcome = try await frame.end()
        #expect(outcome.status == 0)
        let ignored = outcome.stderr.split(separator: "\n").filter { $0.contains("MQTT \(frame.command): ignored") }
        #expect(ignored.count == bad.count + 1, "one line each: \(outcome.stderr)")
        #expect(ignored.allSatisfy { $0.count < 300 }, "a long payload is cut in its line")
    }

    @Test func homeAssistantsDiscoveryMessagesDescribeTheFrameAndItsSwitchSleepsAndWakesIt() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        let frame = try await MQTTFrame("discovery", broker: broker)
        defer { frame.process.terminate() }
        let node = frame.base.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        let messages = try await broker.messages("homeassistant/+/\(String(node))/+/config", count: 6)
        var configs: [String: [String: Any]] = [:]
        for message in messages { configs[message.topic] = message.payload.jsonObject }
        let prefix = "homeassistant"
        let buttons = ["next", "previous", "play", "pause"].map { "\(prefix)/button/\(String(node))/\($0)/config" }
        let display = "\(prefix)/switch/\(String(node))/display/config", image = "\(prefix)/sensor/\(String(node))/image/config"
        #expect(Set(configs.keys) == Set(buttons + [display, image]), "\(messages.map(\.topic))")
        for (topic, config) in configs {
            #expect(config["availability_topic"] as? String == frame.availability, "\(topic)")
            #expect((config["device"] as? [String: Any])?["identifiers"] as? [String] == [String(node)], "\(topic)")
        }
        for (topic, name) in zip(buttons, ["next", "previous", "play", "pause"]) {
            #expect(configs[topic]?["command_topic"] as? String == frame.command && configs[topic]?["payload_press"] as? String == name)
        }
        #expect(configs[image]?["state_topic"] as? String == frame.state && configs[image]?["value_template"] as? String == "{{ value_json.image }}")

        // Home Assistant's switch, driven as it would: its payloads on its command topic.
        let switchConfig = try #require(configs[display])
        let commandTopic = try #require(switchConfig["command_topic"] as? String)
        try await broker.publish(commandTopic, try #require(switchConfig["payload_off"] as? String))
        try await frame.events.wait(for: "sleep")
        try await frame.waitForState("asleep", broker: broker) { $0["mode"] as? String == "asleep" }
        try await broker.publish(commandTopic, try #require(switchConfig["payload_on"] as? String))
        try await frame.events.wait(for: "wake")
        // Its button too.
        try await broker.publish(try #require(configs[buttons[0]]?["command_topic"] as? String), try #require(configs[buttons[0]]?["payload_press"] as? String))
        try await frame.events.wait(for: "photo 1 shown") { $0.hasPrefix("image_shown 1 ") }
    }

    @Test func aBrokerThatGoesAwayAndComesBackFindsTheFrameAgain() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        // A frame that starts before its broker: it shows its photos meanwhile.
        broker.kill()
        let frame = try await MQTTFrame("reconnect", broker: broker, waitForBroker: false)
        defer { frame.process.terminate() }
        try broker.start()
        // Tried after 1, 2, 4, 8, 16 s: the frame's start under load may take the first few.
        try await broker.waitForRetained(frame.availability, seconds: 60, "online after the broker started") { $0 == "online" }
        try await frame.waitForState("photo 0", broker: broker) { $0["index"] as? Int == 0 }

        broker.kill()
        // The frame's second outage line (the first was before the broker started): it has noticed.
        try await Poll.until("the frame to say it lost the broker: \(frame.process.stderrSoFar)") {
            frame.process.stderrSoFar.components(separatedBy: "MQTT: no connection to").count - 1 >= 2
        }
        #expect(frame.process.isRunning, "the frame runs on without its broker")
        try broker.start()
        // Nothing was kept by the broker: what it has again, the frame sent again.
        try await broker.waitForRetained(frame.availability, "online after the restart") { $0 == "online" }
        try await frame.waitForState("the state again", broker: broker) { $0["index"] as? Int == 0 && $0["count"] as? Int == 6 }
        try await broker.publish(frame.command, "next")
        try await frame.events.wait(for: "photo 1 shown") { $0.hasPrefix("image_shown 1 ") }
        try await frame.waitForState("photo 1", broker: broker) { $0["index"] as? Int == 1 }
        let outcome = try await frame.end()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(try await broker.retained(frame.availability) == "offline")
    }

    @Test func aFrameThatDiesLeavesItsLastWillOffline() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        let frame = try await MQTTFrame("will", broker: broker)
        kill(frame.process.processIdentifier, SIGKILL)
        _ = await frame.process.exit(timeout: 30)
        try await broker.waitForRetained(frame.availability, "offline from the will") { $0 == "offline" }
    }

    @Test func theConfigFileSetsTheBrokerAndTheTopic() async throws {
        let broker = try Mosquitto()
        defer { broker.stop() }
        let session = try BrowserSession("mqtt-config", count: 2)
        let base = MQTTFrame.newBase("config")
        let config = session.dir.appendingPathComponent("config.toml")
        try "mqtt = \"\(broker.url)\"\nmqtt-topic = \"\(base)\"\n".write(to: config, atomically: true, encoding: .utf8)
        let process = try AppProcess.start(["--config", config.path, "--size", "320x200", session.dir.path],
                                           environment: ["XDG_CACHE_HOME": session.dir.appendingPathComponent("cache").path])
        defer { process.terminate() }
        try await broker.waitForRetained("\(base)/state", seconds: 60, "the status") { $0.jsonObject?["count"] as? Int == 2 }
    }

    @Test func aBadBrokerAddressOrTopicExits2WithOneLine() async throws {
        for arguments in [["--mqtt", "http://broker.lan"], ["--mqtt", "mqtt://broker.lan:99999"],
                          ["--mqtt", "mqtt://127.0.0.1", "--mqtt-topic", "frames/+/hall"]] {
            let run = try await AppProcess.run(arguments + ["--size", "320x200"])
            #expect(run.status == 2 && run.stderr.contains("--mqtt"), "\(arguments): \(run.stderr)")
            // One line says what is wrong; the usage lines follow, as for any bad option.
            #expect(run.stderr.split(separator: "\n").filter { $0.contains("--mqtt") }.count == 1, "\(run.stderr)")
        }
    }
}
