import Foundation
import Glibc

/// A request a WebDAV test server answered: its method and path, and whether it was let in.
public struct DAVRequest: Equatable, Sendable {
    public let method: String
    public let path: String
    public let authorized: Bool
    /// Its `Range` header, where the server logs it (Apache).
    public var range: String? = nil
}

/// Debian's Apache httpd with mod_dav over `root` on a free loopback port, behind Basic or Digest
/// authentication for one user, as a NAS or a home server shares a folder. Its access log
/// (`STATUS METHOD PATH`) says what the program asked. Stop and start it again on the same port
/// to take the server away and back. With `tls`, it serves https with a certificate of its own
/// for 127.0.0.1 (`certificate`), as a NAS does out of the box.
public final class ApacheDAV: @unchecked Sendable {
    // Sendable: `child` is replaced only by start and stop, which a test calls in order.
    public enum Authentication: String { case basic = "Basic", digest = "Digest" }
    public static let binary = URL(fileURLWithPath: "/usr/sbin/apache2")
    public let port: Int
    public let user: String
    /// The self-signed certificate it serves https with: what a client is told to trust.
    public let certificate: URL?
    private let work: URL
    private var child: ChildProcess?

    public init(root: URL, user: String, password: String, authentication: Authentication = .basic, tls: Bool = false, extra: String = "") throws {
        work = try Fixtures.folder("apache\(UInt32.random(in: 0...UInt32.max))")
        port = try LoopbackPort.free()
        self.user = user
        let realm = "photos"
        let users = work.appendingPathComponent("users")
        switch authentication {
        case .basic:
            _ = try ChildProcess(URL(fileURLWithPath: "/usr/bin/htpasswd"), ["-b", "-c", users.path, user, password],
                                 environment: ProcessInfo.processInfo.environment).outcome(timeout: 30)
        case .digest:
            let hash = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf %s \"$0\" | md5sum", "\(user):\(realm):\(password)"],
                                        environment: ProcessInfo.processInfo.environment).outcome(timeout: 30)
            try "\(user):\(realm):\(hash.stdout.prefix(32))\n".write(to: users, atomically: true, encoding: .utf8)
        }
        let lock = work.appendingPathComponent("lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        // Apache started by root serves as nobody: it must read the folder and write its lock db.
        chmod(lock.path, 0o777)
        chmod(work.path, 0o755)
        var modules = ["mpm_event", "authz_core", "authz_user", "authn_core", "authn_file", "auth_basic", "auth_digest", "dav", "dav_fs", "mime", "alias"]
        var https = ""
        if tls {
            let certificate = work.appendingPathComponent("server.pem"), key = work.appendingPathComponent("server.key")
            _ = try ChildProcess(URL(fileURLWithPath: "/usr/bin/openssl"),
                                 ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                                  "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path],
                                 environment: ProcessInfo.processInfo.environment).outcome(timeout: 30)
            chmod(key.path, 0o644)
            modules.append("ssl")
            https = "SSLEngine on\nSSLCertificateFile \(certificate.path)\nSSLCertificateKeyFile \(key.path)"
            self.certificate = certificate
        } else {
            certificate = nil
        }
        try """
            ServerRoot \(work.path)
            ServerName 127.0.0.1
            Listen 127.0.0.1:\(port)
            PidFile \(work.path)/httpd.pid
            ErrorLog \(work.path)/error.log
            \(modules.map { "LoadModule \($0)_module /usr/lib/apache2/modules/mod_\($0).so" }.joined(separator: "\n"))
            \(getuid() == 0 ? "User nobody\nGroup nogroup" : "")
            TypesConfig /etc/mime.types
            LogFormat "%>s %m %{Range}i %U" dav
            CustomLog \(work.path)/access.log dav
            BufferedLogs off
            DavLockDB \(lock.path)/db
            DocumentRoot \(root.path)
            \(https)
            \(extra)
            <Directory \(root.path)>
              Dav On
              AuthType \(authentication.rawValue)
              AuthName "\(realm)"
              \(authentication == .basic ? "AuthUserFile" : "AuthDigestProvider file\n  AuthUserFile") \(users.path)
              Require valid-user
            </Directory>
            """.write(to: work.appendingPathComponent("httpd.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: work)
    }

    /// `dav://127.0.0.1:PORT/PATH`, `davs://` with `tls`.
    public func dav(_ path: String = "") -> String { "\(certificate == nil ? "dav" : "davs")://127.0.0.1:\(port)/\(path)" }

    /// Every request so far, in order.
    public var requests: [DAVRequest] {
        let log = (try? String(contentsOf: work.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, let status = Int(fields[0]) else { return nil }
            return DAVRequest(method: String(fields[1]), path: String(fields[3]), authorized: status != 401,
                              range: fields[2] == "-" ? nil : String(fields[2]))
        }
    }

    public func start() throws {
        guard child == nil else { return }
        child = try ChildProcess(Self.binary, ["-X", "-f", work.appendingPathComponent("httpd.conf").path], environment: ProcessInfo.processInfo.environment)
        try LoopbackPort.waitUntilListening(port, while: { self.child?.isRunning == true }) {
            (try? String(contentsOf: self.work.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }
    }

    public func stop() {
        guard let child else { return }
        kill(child.processIdentifier, SIGTERM)
        if !child.waitForExit(timeout: 10) { child.terminate() }
        self.child = nil
    }
}

/// `rclone serve webdav` over `root` with one user, on a free loopback port, as people share a
/// folder or a cloud drive. Its log (`-v`) says each request it let in, and each it refused.
public final class RcloneDAV: @unchecked Sendable {
    // Sendable: `child` is set once, then only stopped.
    public static let binary = URL(fileURLWithPath: "/usr/bin/rclone")
    public let port: Int
    private var child: ChildProcess?

    public init(root: URL, user: String, password: String) throws {
        port = try LoopbackPort.free()
        // No directory cache: a listing shows the folder as it is now, as a NAS's does.
        child = try ChildProcess(Self.binary, ["serve", "webdav", root.path, "--addr", "127.0.0.1:\(port)", "--user", user, "--pass", password,
                                               "-v", "--dir-cache-time", "0s", "--config", "/dev/null"],
                                 environment: ProcessInfo.processInfo.environment)
        try LoopbackPort.waitUntilListening(port, while: { self.child?.isRunning == true }) { self.child?.stderrSoFar ?? "" }
    }

    deinit { stop() }

    public func dav(_ path: String = "") -> String { "dav://127.0.0.1:\(port)/\(path)" }

    public var requests: [DAVRequest] {
        (child?.stderrSoFar ?? "").split(separator: "\n").compactMap { line in
            if let range = line.range(of: ": Unauthorized request from ") {
                let head = line[..<range.lowerBound]
                guard let path = head.split(separator: " ").last(where: { $0.hasPrefix("/") }) else { return nil }
                return DAVRequest(method: "?", path: String(path.dropLast()), authorized: false)
            }
            guard let from = line.range(of: " from 127.0.0.1") else { return nil }
            let words = line[..<from.lowerBound].split(separator: " ")
            guard words.count >= 2 else { return nil }
            return DAVRequest(method: String(words[words.count - 1]), path: String(words[words.count - 2].dropLast()), authorized: true)
        }
    }

    public func stop() {
        guard let child else { return }
        child.terminate()
        _ = child.waitForExit(timeout: 10)
        self.child = nil
    }
}

/// Loopback ports for the test servers.
public enum LoopbackPort {
    public static func free() throws -> Int {
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

    public static func connects(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: UInt16(port).bigEndian, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Until something accepts on `port`; throws with `log()` if `running` turns false first.
    public static func waitUntilListening(_ port: Int, while running: () -> Bool, log: () -> String) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if connects(port) { return }
            guard running() else { break }
            usleep(20_000)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the server on port \(port) did not start: \(log())"])
    }
}
