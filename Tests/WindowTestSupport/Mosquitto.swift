import Foundation
import Glibc

/// Debian's mosquitto broker (scripts/deps installs it) on a free loopback port, anonymous, with
/// nothing kept across a restart; and its clients, `mosquitto_pub` and `mosquitto_sub`, as second
/// processes, as Home Assistant or a script would be.
public final class Mosquitto {
    public static let binary = URL(fileURLWithPath: "/usr/sbin/mosquitto")
    public static let pubBinary = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
    public static let subBinary = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
    public static var isInstalled: Bool {
        [binary, pubBinary, subBinary].allSatisfy { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    public let port: UInt16
    private let work: URL
    private var child: ChildProcess?

    public init() throws {
        work = try Fixtures.folder("mosquitto\(UInt32.random(in: 0...UInt32.max))")
        port = try ControlClient.freePort()
        try "listener \(port) 127.0.0.1\nallow_anonymous true\npersistence false\n"
            .write(to: work.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts it again on the same port (after `kill`).
    public func start() throws {
        child = try ChildProcess(Self.binary, ["-c", work.appendingPathComponent("mosquitto.conf").path], environment: ProcessInfo.processInfo.environment)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if connects() { return }
            usleep(20_000)
        }
        let log = (try? child?.outcome(timeout: 1).stderr) ?? ""
        throw ControlClient.Failure("mosquitto did not start on port \(port): \(log)")
    }

    /// Ends it at once, as a crash or a power cut would: no goodbye to its clients.
    public func kill() {
        guard let child else { return }
        Glibc.kill(child.processIdentifier, SIGKILL)
        _ = child.waitForExit(timeout: 10)
        self.child = nil
    }

    public func stop() {
        kill()
        try? FileManager.default.removeItem(at: work)
    }

    public func publish(_ topic: String, _ message: String, retain: Bool = false) async throws {
        let run = try await ChildProcess.run(Self.pubBinary, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", message] + (retain ? ["-r"] : []), timeout: 20)
        guard run.status == 0 else { throw ControlClient.Failure("mosquitto_pub: \(run.stderr)") }
    }

    /// The first `count` messages on `topic` (retained ones first), each as (topic, payload);
    /// fewer if `seconds` pass first.
    public func messages(_ topic: String, count: Int, seconds: Int = 5) async throws -> [(topic: String, payload: String)] {
        let run = try await ChildProcess.run(Self.subBinary, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "\(count)", "-W", "\(seconds)",
                                                               "-F", "%t\t%p"], timeout: Double(seconds) + 20)
        return run.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    /// The retained message on `topic`, or nil when there is none within `seconds`.
    public func retained(_ topic: String, seconds: Int = 2) async throws -> String? {
        try await messages(topic, count: 1, seconds: seconds).first?.payload
    }

    /// Waits until the retained message on `topic` satisfies `match`, at most `seconds`.
    @discardableResult
    public func waitForRetained(_ topic: String, seconds: Double = 30, _ description: String, _ match: (String) -> Bool) async throws -> String {
        var last: String?
        return try await Poll.answer("\(description) on \(topic); last: \(last ?? "nothing")", seconds: seconds, interval: .milliseconds(100)) {
            last = try await retained(topic, seconds: 1)
            return last.flatMap { match($0) ? $0 : nil }
        }
    }

    private func connects() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

extension String {
    /// This text as a JSON object (nil when it is not one).
    public var jsonObject: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(utf8))) as? [String: Any] }
}
