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

    private static func freePort() throws -> Int { try LoopbackPort.free() }

    private static func connects(_ port: Int) -> Bool { LoopbackPort.connects(port) }
}
