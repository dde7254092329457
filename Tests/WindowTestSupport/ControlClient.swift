import Foundation
import Glibc

/// Requests to a running program's control server (docs/behaviour.md §15), made by curl, a
/// second process, as a phone's or a script's would be.
public struct ControlClient: Sendable {
    public let port: UInt16
    public var token: String?

    public init(port: UInt16, token: String? = nil) {
        self.port = port
        self.token = token
    }

    public struct Answer {
        public let status: Int
        public let body: String
        /// The response's header fields, by their names in lower case.
        public var headers: [String: String] = [:]
        /// The body as a JSON object (nil when it is not one).
        public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] }
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    /// `method path`, with `body` sent as given (from a file, so a 1 MiB body is no argument).
    public func request(_ method: String, _ path: String, body: Data? = nil, token: String?? = nil, headers: [String: String] = [:]) async throws -> Answer {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("body"), head = dir.appendingPathComponent("head")
        var arguments = ["-s", "-o", out.path, "-D", head.path, "-w", "%{http_code}", "-X", method, "--max-time", "20"]
        if let bearer = token ?? self.token { arguments += ["-H", "Authorization: Bearer \(bearer)"] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
        if let body {
            let file = dir.appendingPathComponent("request")
            try body.write(to: file)
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@\(file.path)"]
        }
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), arguments + [base + path], timeout: 30)
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in ((try? String(contentsOf: head, encoding: .utf8)) ?? "").split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: Int(run.stdout) ?? 0, body: text, headers: fields)
    }

    public func status() async throws -> [String: Any] {
        let answer = try await request("GET", "/api/status")
        guard answer.status == 200, let json = answer.json else { throw Failure("status: \(answer.status) \(answer.body)") }
        return json
    }

    public func post(_ command: String, _ json: String? = nil) async throws -> Answer {
        try await request("POST", "/api/\(command)", body: json.map { Data($0.utf8) })
    }

    /// Waits until the server answers (the program is up), at most `seconds`.
    public func waitUntilListening(seconds: Double = 60) async throws {
        try await Poll.until("the control server to answer on port \(port)", seconds: seconds, interval: .milliseconds(100)) {
            (try? await request("GET", "/api/status")).map { $0.status != 0 } ?? false
        }
    }

    /// A port no one listens on now (the system's pick, released at once).
    public static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure("bind: \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}

/// A `--events` file read as it grows.
public struct EventsFile: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    public var lines: [String] { ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

    /// The event names and arguments, without their times.
    public var events: [String] { lines.map { $0.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? "" } }

    /// Waits until an event line satisfies `match`, at most `seconds`.
    public func wait(seconds: Double = 30, for description: String, _ match: (String) -> Bool) async throws {
        try await Poll.until("\(description) in \(events)", seconds: seconds) { events.contains(where: match) }
    }

    public func wait(seconds: Double = 30, for event: String) async throws {
        try await wait(seconds: seconds, for: event) { $0 == event }
    }
}
