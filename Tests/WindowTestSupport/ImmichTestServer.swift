import Foundation
import Glibc

/// The Immich server of the tests (`Tests/Servers/immich_test_server.py`) on a free loopback port:
/// the endpoints the program uses, answering from a library the test writes, behind one API key.
/// It checks every request and every answer against Immich's published API description
/// (`../shared/reference/immich-openapi-3.0.3.json`, or `SDLPHOTO_IMMICH_SPEC`) and logs each
/// request with what did not match. Stop and start it again on the same port to take the server
/// away and back.
public final class ImmichTestServer: @unchecked Sendable {
    // Sendable: `child` and `key` are replaced only by start and stop, which a test calls in order.
    public struct Asset: Encodable, Sendable {
        public var id: String
        public var name: String
        /// When it was taken, UTC ("2024-07-14T10:00:00.000Z"), and on the photographer's clock.
        public var taken: String
        public var local: String?
        public var favorite = false
        public var rating: Int?
        public var description: String?
        public var city: String?
        public var country: String?
        public var people: [String] = []
        public var albums: [String] = []
        public var tags: [String] = []
        /// The files its `thumbnail` and `preview` sizes answer with, and its original (the
        /// preview's where nil), of `width` by `height` pixels (1600 by 1200 where nil).
        public var thumbnail: String
        public var preview: String
        public var original: String?
        public var width: Int?
        public var height: Int?
        /// "IMAGE" (where nil) or "VIDEO", and a video's length in milliseconds.
        public var type: String?
        public var duration: Int?

        public init(id: String, name: String, taken: String, thumbnail: String, preview: String) {
            (self.id, self.name, self.taken, self.thumbnail, self.preview) = (id, name, taken, thumbnail, preview)
        }
    }

    public struct Named: Encodable, Sendable {
        public var id: String
        public var name: String
        /// A person hidden in the server's people.
        public var hidden = false
        /// A tag's full path ("Trips/Norway"); its name where nil.
        public var value: String?
        public init(id: String, name: String) { (self.id, self.name) = (id, name) }
    }

    public struct Library: Encodable, Sendable {
        public var assets: [Asset] = []
        public var albums: [Named] = []
        public var people: [Named] = []
        public var tags: [Named] = []
        public init() {}
    }

    /// A request as the server logged it.
    public struct Request: Decodable, Sendable {
        public let method: String
        public let path: String
        public let query: String
        /// Whether it carried the right `x-api-key`.
        public let key: Bool
        public let status: Int
        public let body: String
        public let mismatches: [String]
    }

    public let port: Int
    /// The key it lets in; `start(key:)` changes it, as a key revoked and a new one made.
    public private(set) var key: String
    private let work: URL
    private var child: ChildProcess?

    /// An id of the form Immich's API describes (a version 4 UUID), the same for the same `n`.
    public static func id(_ kind: Int, _ n: Int) -> String { String(format: "%08x-0000-4000-8000-%012x", kind, n) }

    public static var spec: URL {
        if let path = ProcessInfo.processInfo.environment["SDLPHOTO_IMMICH_SPEC"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/reference/immich-openapi-3.0.3.json").standardized
    }

    static var python: URL {
        let venv = ProcessInfo.processInfo.environment["SDLPHOTO_TEST_VENV"]
            ?? (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + "/.cache/sdlphoto-test-venv"
        return URL(fileURLWithPath: venv + "/bin/python")
    }

    struct Missing: Error, CustomStringConvertible { let description: String }

    public init(_ library: Library, key: String = "immich-test-key-\(UInt32.random(in: 0...UInt32.max))") throws {
        guard FileManager.default.fileExists(atPath: Self.spec.path) else {
            throw Missing(description: "Immich's API description is not at \(Self.spec.path) (set SDLPHOTO_IMMICH_SPEC)")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            throw Missing(description: "no test venv at \(Self.python.path): scripts/test makes it (openapi-core from PyPI)")
        }
        work = try Fixtures.folder("immich\(UInt32.random(in: 0...UInt32.max))")
        port = try LoopbackPort.free()
        self.key = key
        try write(library)
        try start()
    }

    deinit { stop() }

    /// Replaces the library; the server answers from it from the next request on.
    public func write(_ library: Library) throws {
        let temporary = work.appendingPathComponent("library.json.new")
        try JSONEncoder().encode(library).write(to: temporary)
        guard rename(temporary.path, work.appendingPathComponent("library.json").path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Starts again (after `stop`) on the same port, letting in `key` alone.
    public func start(key: String) throws {
        self.key = key
        try start()
    }

    public func start() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Servers/immich_test_server.py").standardized
        let child = try ChildProcess(Self.python, [script.path, "--port", "\(port)", "--spec", Self.spec.path, "--library", work.appendingPathComponent("library.json").path,
                                                   "--key", key, "--log", log.path],
                                     environment: ProcessInfo.processInfo.environment)
        self.child = child
        try LoopbackPort.waitUntilListening(port, while: { child.isRunning }) { child.stderrSoFar }
    }

    public func stop() {
        guard let child else { return }
        child.terminate()
        _ = child.waitForExit(timeout: 10)
        self.child = nil
    }

    var log: URL { work.appendingPathComponent("requests.jsonl") }

    /// A file with the key alone, readable by its owner alone, as a user keeps one.
    public func keyFile(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("immich.key").path
        try Data((key + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    /// The source argument for this server with `query` ("album=Summer&favorites=1").
    public func address(_ query: String = "") -> String { "immich+http://127.0.0.1:\(port)/" + (query.isEmpty ? "" : "?" + query) }

    /// Every request so far, in the order answered.
    public var requests: [Request] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Every way a request or an answer differed from the API's description.
    public var mismatches: [String] { requests.flatMap { request in request.mismatches.map { "\(request.method) \(request.path): \($0)" } } }
}
