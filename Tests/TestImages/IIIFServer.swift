import Foundation
import Glibc

/// A real deep zoom server for tests: Debian's iipsrv (IIIF Image API 2, level 1) as FastCGI
/// behind lighttpd on a free loopback port, serving `GridPicture` as a JPEG-compressed tiled
/// pyramid TIFF (`/iiif/grid.tif/info.json`), and the same picture as a DZI made by
/// `vips dzsave`, as static files (`/dzi/grid.dzi`); also the picture at 1/10 as a DZI with
/// Microsoft's tile of 254 and 1 pixel of overlap (`/dzi/small.dzi`), and as the static level 0
/// IIIF pyramids vips writes (`/iiif2/small/`, `/iiif3/small/`, whose ids say `http://static.test`).
/// scripts/deps installs all three programs.
///
/// The pyramids are made once per test run, under a folder removed when the run exits; each
/// server is started by `withIIIFServer`, which stops it however the test ends. Every request
/// lands in lighttpd's access log, which `requests` reads. What blocks (vips, waiting for
/// lighttpd) runs on threads of its own and vips on one core, so the timing-sensitive network
/// tests running beside these keep Swift's few pool threads and a core.
public final class IIIFServer: @unchecked Sendable {
    // Sendable: set up once in `init`; `process` is only asked about and stopped after that.
    public static let vips = "/usr/bin/vips"
    public static let lighttpd = "/usr/sbin/lighttpd"
    public static let iipsrv = "/usr/lib/iipimage-server/iipsrv.fcgi"
    public static let picture = GridPicture()

    /// Why these tests cannot run here, or nil: the programs scripts/deps installs are missing.
    public static var missing: String? {
        let absent = [vips, lighttpd, iipsrv].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        return absent.isEmpty ? nil : "not installed: \(absent.joined(separator: ", ")) (run scripts/deps)"
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public let port: Int
    private let work: URL
    private let process = Process()
    private var log: URL { work.appendingPathComponent("access.log") }

    public var infoURL: URL { URL(string: "http://127.0.0.1:\(port)/iiif/grid.tif/info.json")! }
    public var dziURL: URL { URL(string: "http://127.0.0.1:\(port)/dzi/grid.dzi")! }
    /// `picture.reduced`, in 254-pixel tiles with 1 pixel of overlap.
    public var smallDZIURL: URL { URL(string: "http://127.0.0.1:\(port)/dzi/small.dzi")! }

    /// The requests served so far, oldest first: the status and the path with its query, as
    /// lighttpd logged them (its piped log is written as each response ends, not buffered).
    public var requests: [(status: Int, path: String)] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")  // "200 GET /iiif/grid.tif/info.json HTTP/1.1"
            guard fields.count >= 3, let status = Int(fields[0]) else { return nil }
            return (status, String(fields[2]))
        }
    }

    /// Waits until at least `count` requests are logged (the log line comes as the response
    /// ends, a moment after the client has it), at most 10 s; then the requests.
    public func requests(atLeast count: Int) async -> [(status: Int, path: String)] {
        for _ in 0..<500 where requests.count < count { try? await Task.sleep(nanoseconds: 20_000_000) }
        return requests
    }

    private init(pyramids: URL) throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-tests-iiif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        port = try Self.freePort()
        // iipsrv finds `grid.tif` under FILESYSTEM_PREFIX; URI_MAP makes `/iiif/` its IIIF
        // front. A piped logger (`cat`) gets each line at once, where a log file is flushed
        // every few seconds.
        let config = """
            server.modules = ("mod_fastcgi", "mod_accesslog")
            server.bind = "127.0.0.1"
            server.port = \(port)
            server.document-root = "\(pyramids.path)"
            server.errorlog = "\(work.path)/error.log"
            server.pid-file = "\(work.path)/lighttpd.pid"
            accesslog.filename = "|exec /bin/cat >> \(log.path)"
            accesslog.format = "%s %r"
            mimetype.assign = (".jpg" => "image/jpeg", ".dzi" => "application/xml")
            fastcgi.server = ("/iiif/" => ((
              "socket" => "\(work.path)/iipsrv.socket", "check-local" => "disable", "bin-path" => "\(Self.iipsrv)",
              "max-procs" => 1,
              "bin-environment" => ("FILESYSTEM_PREFIX" => "\(pyramids.path)/", "URI_MAP" => "iiif=>IIIF",
                                    "LOGFILE" => "\(work.path)/iipsrv.log", "VERBOSITY" => "1")
            )))
            """
        let configFile = work.appendingPathComponent("lighttpd.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        process.executableURL = URL(fileURLWithPath: Self.lighttpd)
        process.arguments = ["-D", "-f", configFile.path]
        let output = work.appendingPathComponent("lighttpd.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: output)
        try Self.withNoSignalsBlocked { try process.run() }
        let deadline = Date().addingTimeInterval(10)
        while !Self.connects(port) {
            guard process.isRunning, Date() < deadline else {
                let said = [output, work.appendingPathComponent("error.log")].compactMap { try? String(contentsOf: $0, encoding: .utf8) }
                stopNow()
                throw Failure(description: "lighttpd did not start on port \(port): \(said.joined(separator: " "))")
            }
            usleep(10_000)
        }
    }

    /// Starts a server over the run's pyramids (made by the first call, which waits for vips).
    public static func start() async throws -> IIIFServer { try await onOwnThread { try IIIFServer(pyramids: pyramids.get().folder) } }

    public func stop() async { try? await onOwnThread { self.stopNow() } }

    /// Stops lighttpd, which stops iipsrv and the logger, and removes the server's folder.
    private func stopNow() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        try? FileManager.default.removeItem(at: work)
    }

    // MARK: The pyramids, made once per run

    /// `grid.tif`, `dzi/grid.dzi` with `dzi/grid_files/`, `dzi/small.dzi` with its files, and
    /// `iiif2/small/` and `iiif3/small/`, in a folder removed when the run exits.
    public struct Pyramids: Sendable {
        public let folder: URL
        /// What vips took to make both (printed by the tests, for BENCHMARKS).
        public let makingTime: Duration
    }

    public static let pyramids: Result<Pyramids, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-tests-pyramids-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dzi"), withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-tests-pyramids-\(getpid())")) }
        let started = ContinuousClock.now
        let reduced = folder.appendingPathComponent("reduced.ppm")
        try picture.reducedPPM().write(to: reduced)
        let tiff = folder.appendingPathComponent("grid.tif")
        try run(vips, ["zoom", reduced.path, tiff.path + "[tile,pyramid,compression=jpeg,tile-width=256,tile-height=256]",
                       "\(picture.drawScale)", "\(picture.drawScale)"])
        try run(vips, ["dzsave", tiff.path, folder.appendingPathComponent("dzi/grid").path,
                       "--tile-size", "256", "--overlap", "0", "--suffix", ".jpg[Q=85]"])
        try run(vips, ["dzsave", reduced.path, folder.appendingPathComponent("dzi/small").path,
                       "--tile-size", "254", "--overlap", "1", "--suffix", ".jpg[Q=90]"])
        for (layout, name) in [("iiif", "iiif2"), ("iiif3", "iiif3")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            try run(vips, ["dzsave", reduced.path, folder.appendingPathComponent("\(name)/small").path, "--layout", layout,
                           "--tile-size", "256", "--id", "http://static.test/\(name)"])
        }
        try FileManager.default.removeItem(at: reduced)
        return Pyramids(folder: folder, makingTime: ContinuousClock.now - started)
    }

    public static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(["VIPS_CONCURRENCY": "1"]) { $1 }
        try withNoSignalsBlocked { try process.run() }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }

    // MARK: Processes and ports

    /// A child inherits the starting thread's signal mask, and Swift's concurrency threads block
    /// nearly every signal: lighttpd would never hear SIGTERM, nor SIGCHLD from iipsrv.
    private static func withNoSignalsBlocked(_ body: () throws -> Void) throws {
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try body()
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func connects(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Runs `body` with a started `IIIFServer`, then stops it, whether `body` returned or threw.
public func withIIIFServer<T>(_ body: (IIIFServer) async throws -> T) async throws -> T {
    let server = try await IIIFServer.start()
    let result: T
    do { result = try await body(server) } catch {
        await server.stop()
        throw error
    }
    await server.stop()
    return result
}

/// Runs blocking work on a thread of its own, not on one of the concurrency pool's few threads
/// (two on a two-core machine), which the other tests' servers and timers need meanwhile.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
