import Foundation
import Glibc

/// Debian's nginx (nginx-light, which scripts/deps installs) serving `root` on a free loopback
/// port, as a web server or CDN would: ETag and Last-Modified, 304 answers, no Cache-Control.
/// Every request lands in its access log as `STATUS URI`. `location` adds a config block.
public final class Nginx {
    public static let binary = URL(fileURLWithPath: "/usr/sbin/nginx")
    public let port: Int
    private let work: URL
    private let child: ChildProcess

    public init(root: URL, location: String = "") throws {
        work = try Fixtures.folder("nginx\(UInt32.random(in: 0...UInt32.max))")
        port = try Self.freePort()
        try """
            daemon off;
            master_process off;
            error_log \(work.path)/error.log;
            pid \(work.path)/nginx.pid;
            events { worker_connections 256; }
            http {
              log_format req '$status $request_uri';
              access_log \(work.path)/access.log req;
              client_body_temp_path \(work.path); proxy_temp_path \(work.path); fastcgi_temp_path \(work.path);
              uwsgi_temp_path \(work.path); scgi_temp_path \(work.path);
              types { image/png png; application/json json; }
              server { listen 127.0.0.1:\(port); root \(root.path); \(location) }
            }
            """.write(to: work.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        child = try ChildProcess(Self.binary, ["-c", work.appendingPathComponent("nginx.conf").path, "-p", work.path,
                                                   "-e", work.appendingPathComponent("error.log").path],
                                 environment: ProcessInfo.processInfo.environment)
        try waitUntilListening()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The requests served so far: (status, URI), in order.
    public var requests: [(status: Int, uri: String)] {
        let log = (try? String(contentsOf: work.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, let status = Int(fields[0]) else { return nil }
            return (status, String(fields[1]))
        }
    }

    public func stop() {
        kill(child.processIdentifier, SIGQUIT)
        if !child.waitForExit(timeout: 10) { child.terminate() }
        try? FileManager.default.removeItem(at: work)
    }

    private func waitUntilListening() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if Self.connects(port) { return }
            guard child.isRunning else { break }
            usleep(20_000)
        }
        let log = (try? String(contentsOf: work.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log)"])
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func connects(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: UInt16(port).bigEndian, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
