import CMosquitto
import Foundation
import PhotoCore
import PhotoRemote
import PhotoLog

/// One MQTT client (libmosquitto) kept connected to a broker on a thread of its own: a broker
/// that is not there, or goes away, is tried again after 1 s, then after twice as long each time
/// up to 60 s, for as long as the program runs. Nothing here blocks the caller: `publish` and
/// `subscribe` only queue a packet, which the connection's thread sends. Thread-safe.
///
/// The thread is ours, not `mosquitto_loop_start`'s: with libmosquitto 2.0.11 that loop never
/// tries again when the first connection fails, as it does for a frame that boots before its
/// network or its broker.
final class MQTTConnection: @unchecked Sendable {
    // Sendable: libmosquitto locks its own state once told of threads (`mosquitto_threaded_set`);
    // `stopping`, `accepted`, `refusal` and `outage` are read and written under `condition`; the
    // rest is set in `init`, or before `start`.
    static let firstRetrySeconds = 1.0
    static let maxRetrySeconds = 60.0
    static let keepAliveSeconds: Int32 = 30

    /// Called on the connection's thread each time the broker accepts the connection: subscribe
    /// and publish what a new connection needs here.
    var onConnect: @Sendable () -> Void = {}
    /// Called on the connection's thread with each message on a subscribed topic.
    var onMessage: @Sendable (_ topic: String, _ payload: [UInt8], _ retained: Bool) -> Void = { _, _, _ in }

    let broker: MQTTBroker
    private let mosq: OpaquePointer
    private let condition = NSCondition()
    private var stopping = false
    private var accepted = false
    /// Why the broker refused the last connection (a wrong password, say).
    private var refusal: String?
    /// An outage was logged and its end is not yet.
    private var outage = false
    private let finished = DispatchSemaphore(value: 0)

    private static let libraryReady: Bool = mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue

    /// A client for `broker` whose last will puts `will` on its topic, retained.
    init(broker: MQTTBroker, will: (topic: String, payload: String)) throws {
        guard Self.libraryReady, let mosq = mosquitto_new(nil, true, nil) else { throw Failure("libmosquitto could not start a client") }
        self.broker = broker
        self.mosq = mosq
        mosquitto_threaded_set(mosq, true)
        try check(mosquitto_will_set(mosq, will.topic, Int32(will.payload.utf8.count), will.payload, 1, true), "last will")
        if let username = broker.username {
            try check(mosquitto_username_pw_set(mosq, username, broker.password), "user name")
        }
        mosquitto_user_data_set(mosq, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(mosq) { _, context, code in
            MQTTConnection.from(context).connected(code)
        }
        mosquitto_message_callback_set(mosq) { _, context, message in
            guard let message = message?.pointee, let topic = message.topic else { return }
            let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
            MQTTConnection.from(context).onMessage(String(cString: topic), payload, message.retain)
        }
    }

    deinit { mosquitto_destroy(mosq) }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MQTTConnection {
        Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Starts the connection's thread, which keeps `self` until `stop`.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "sdlphoto-mqtt"
        thread.start()
    }

    /// Queues `payload` for `topic` (QoS 0: with no connection it is dropped, and `onConnect`
    /// publishes what is current again).
    func publish(_ topic: String, _ payload: String, retain: Bool) {
        _ = mosquitto_publish(mosq, nil, topic, Int32(payload.utf8.count), payload, 0, retain)
    }

    func subscribe(_ topic: String) {
        _ = mosquitto_subscribe(mosq, nil, topic, 1)
    }

    /// Publishes `last` (retained), disconnects, and waits at most `timeout` seconds for the
    /// thread to end (a connection attempt to a host that does not answer is left behind).
    func stop(last: (topic: String, payload: String), timeout: Double) {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        publish(last.topic, last.payload, retain: true)
        _ = mosquitto_disconnect(mosq)
        _ = finished.wait(timeout: .now() + timeout)
    }

    private var isStopping: Bool { condition.withLock { stopping } }

    private func run() {
        var delay = Self.firstRetrySeconds
        while !isStopping {
            var code = mosquitto_connect(mosq, broker.host, Int32(broker.port), Self.keepAliveSeconds)
            if code == MOSQ_ERR_SUCCESS.rawValue {
                // Until the connection ends: the broker goes, or `stop` disconnects.
                repeat { code = mosquitto_loop(mosq, 1000, 1) } while code == MOSQ_ERR_SUCCESS.rawValue
            }
            let reason = condition.withLock { defer { refusal = nil }; return refusal } ?? describe(code)
            if condition.withLock({ defer { accepted = false }; return accepted }) { delay = Self.firstRetrySeconds }
            if isStopping { break }
            if condition.withLock({ defer { outage = true }; return !outage }) {
                Problems.logger.warning("MQTT: no connection to \(broker) (\(reason)); trying again after \(Int(Self.firstRetrySeconds)) s, then twice as long each time up to \(Int(Self.maxRetrySeconds)) s")
            }
            condition.withLock {
                let until = Date().addingTimeInterval(delay)
                while !stopping && condition.wait(until: until) {}
            }
            delay = min(delay * 2, Self.maxRetrySeconds)
        }
        finished.signal()
    }

    private func connected(_ code: Int32) {
        guard code == 0 else {
            let words = String(cString: mosquitto_connack_string(code)).lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            condition.withLock { refusal = words }
            return
        }
        let after = condition.withLock { () -> Bool in
            defer { accepted = true; outage = false }
            return outage
        }
        // The first connection is news only with --verbose; one after an outage ends its line.
        if after { Problems.logger.notice("MQTT: connected to \(broker) again") } else { Problems.logger.info("MQTT: connected to \(broker)") }
        onConnect()
    }

    /// libmosquitto's or the system's words for `code`, as a phrase: "connection refused".
    private func describe(_ code: Int32) -> String {
        let text = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
        return (text.first.map { $0.lowercased() } ?? "") + text.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    private func check(_ code: Int32, _ what: String) throws {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw Failure("\(what): \(describe(code))") }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
