import Foundation
import PhotoCore
import PhotoRemote
import PhotoLog

/// `--mqtt` (docs/behaviour.md §15): the frame on an MQTT broker. Commands on `BASE/cmd` go to
/// the main loop through the `ControlBoard`, as the HTTP control's do; each new status goes
/// retained to `BASE/state`; `BASE/availability` is `online` while connected and `offline` after
/// (the last will, or `stop`); Home Assistant's discovery messages go out on each connection.
public final class MQTTControl: @unchecked Sendable {
    // Sendable: `state` is read and written under `lock`; the rest is set in `init`.
    private let topics: MQTTTopics
    private let discovery: [HomeAssistantDiscovery.Message]
    private let board: ControlBoard
    private let connection: MQTTConnection
    private let lock = NSLock()
    /// The status JSON last published by the main loop, published again on each connection.
    private var state: String?

    /// How long `stop` waits for the `offline` message to leave.
    public static let stopTimeoutSeconds = 3.0

    public init(broker: MQTTBroker, topics: MQTTTopics, deviceName: String, version: String, board: ControlBoard) throws {
        self.topics = topics
        self.board = board
        discovery = HomeAssistantDiscovery(topics: topics, name: deviceName, version: version).messages
        connection = try MQTTConnection(broker: broker, will: (topics.availability, MQTTTopics.offline))
        connection.onConnect = { [weak self] in self?.connected() }
        connection.onMessage = { [weak self] topic, payload, retained in self?.received(topic, payload, retained: retained) }
        board.observe { [weak self] status in self?.statusChanged(status) }
    }

    /// Connects in the background; returns at once.
    public func start() { connection.start() }

    /// Says `offline` and disconnects. The main loop has ended.
    public func stop() {
        connection.stop(last: (topics.availability, MQTTTopics.offline), timeout: Self.stopTimeoutSeconds)
    }

    // Under `lock`, so that a status the main loop publishes meanwhile is queued after this
    // one, never before it (the retained state would go back in time).
    private func connected() {
        lock.withLock {
            connection.subscribe(topics.command)
            connection.publish(topics.availability, MQTTTopics.online, retain: true)
            for message in discovery { connection.publish(message.topic, message.payload, retain: true) }
            if let state { connection.publish(topics.state, state, retain: true) }
        }
    }

    private func statusChanged(_ status: FrameStatus) {
        let json = status.json
        lock.withLock {
            state = json
            connection.publish(topics.state, json, retain: true)
        }
    }

    private func received(_ topic: String, _ payload: [UInt8], retained: Bool) {
        guard topic == topics.command else { return }
        let shown = FrameStatus.quoted(String(decoding: payload.prefix(RemoteCommand.maxPayloadBytes), as: UTF8.self))
        // A retained command would be carried out again on every reconnection.
        guard !retained else {
            Problems.logger.warning("MQTT \(topic): ignored the retained \(shown): commands are not retained")
            return
        }
        do {
            board.post(try RemoteCommand.parse(payload: payload, count: board.snapshot.status.count))
        } catch {
            Problems.logger.warning("MQTT \(topic): ignored \(shown): \(error)")
        }
    }
}
