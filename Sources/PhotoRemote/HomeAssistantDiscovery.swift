import Foundation

/// The retained messages under `homeassistant/` that make the frame a Home Assistant device
/// (docs/behaviour.md §15, Home Assistant's "MQTT discovery"): buttons for next, previous, play
/// and pause, a display switch (on: awake, off: asleep) and a sensor with the photo shown. Each
/// entity reads the frame's availability, and the switch and the sensor read its state.
public struct HomeAssistantDiscovery: Sendable {
    public static let prefix = "homeassistant"

    public let topics: MQTTTopics
    /// The device's name in Home Assistant (the frame's host name).
    public let name: String
    public let version: String

    public init(topics: MQTTTopics, name: String, version: String) {
        self.topics = topics; self.name = name; self.version = version
    }

    public struct Message: Equatable, Sendable {
        public let topic: String
        public let payload: String
    }

    /// The buttons: their object id, the name Home Assistant shows, the command, the icon.
    static let buttons: [(id: String, name: String, command: String, icon: String)] = [
        ("next", "Next", "next", "mdi:skip-next"),
        ("previous", "Previous", "previous", "mdi:skip-previous"),
        ("play", "Play", "play", "mdi:play"),
        ("pause", "Pause", "pause", "mdi:pause"),
    ]

    /// One config message per entity, in a fixed order.
    public var messages: [Message] {
        var messages = Self.buttons.map { button in
            message("button", button.id, [
                "name": button.name, "icon": button.icon,
                "command_topic": topics.command, "payload_press": button.command,
            ])
        }
        // The switch sends the frame's own commands; its state is read off the status's mode.
        messages.append(message("switch", "display", [
            "name": "Display", "icon": "mdi:monitor",
            "command_topic": topics.command, "payload_on": "wake", "payload_off": "sleep",
            "state_topic": topics.state, "value_template": "{{ 'OFF' if value_json.mode == 'asleep' else 'ON' }}",
            "state_on": "ON", "state_off": "OFF",
        ]))
        messages.append(message("sensor", "image", [
            "name": "Image", "icon": "mdi:image",
            "state_topic": topics.state, "value_template": "{{ value_json.image }}",
            "json_attributes_topic": topics.state,
        ]))
        return messages
    }

    private func message(_ component: String, _ object: String, _ fields: [String: Any]) -> Message {
        var config = fields
        config["unique_id"] = "\(topics.nodeID)_\(object)"
        config["availability_topic"] = topics.availability
        config["payload_available"] = MQTTTopics.online
        config["payload_not_available"] = MQTTTopics.offline
        config["device"] = [
            "identifiers": [topics.nodeID], "name": name,
            "manufacturer": "sdlphoto", "model": "sdlphoto photo frame", "sw_version": version,
        ] as [String: Any]
        let data = try! JSONSerialization.data(withJSONObject: config, options: [.sortedKeys, .withoutEscapingSlashes])
        return Message(topic: "\(Self.prefix)/\(component)/\(topics.nodeID)/\(object)/config", payload: String(decoding: data, as: UTF8.self))
    }
}
