import FlyingFox
import Foundation
import PhotoStorage

/// The demo gallery served to the program itself over loopback (docs/behaviour.md §1): the image files of one
/// folder, and a manifest listing them, with a bandwidth limit per response so the progress fan
/// is seen filling.
///
/// - `GET /manifest.json`: `{"title", "items": [{"image": "files/NAME", "thumbnail": "thumbs/NAME", "caption": NAME}]}`
///   (`thumbnail` only where `thumbs/NAME` exists; thumbnails are never throttled)
///   with relative image references (they resolve against the manifest's URL).
/// - `GET /files/NAME`: the file, with ETag, Last-Modified, Cache-Control and 304 answers to
///   conditional requests. Only plain files directly inside the folder are served.
///
/// Start and stop from any task (the app runs it on a background task); thread safe.
public final class GalleryServer: Sendable {
    public struct Configuration: Sendable {
        public var folder: URL
        public var title: String
        /// Per-response bandwidth limit; nil for none. Default 2 MB/s.
        public var bytesPerSecond: Int?
        /// Sent with every file; "no-cache" makes clients revalidate (and get 304s).
        public var cacheControl: String
        /// File name extensions listed in the manifest, lower case (default: every image type
        /// the program lists in a folder).
        public var imageExtensions: Set<String>
        /// Where a photo's placeholder of the same name lives, served unthrottled as `thumbs/NAME`
        /// and listed as the item's `thumbnail` (default: the folder's `thumbs/`).
        public var thumbnailFolder: URL { folder.appendingPathComponent("thumbs") }

        public init(folder: URL, title: String = "Demo gallery", bytesPerSecond: Int? = 2_000_000,
                    cacheControl: String = "no-cache",
                    imageExtensions: Set<String> = ImageFileTypes.extensions) {
            self.folder = folder
            self.title = title
            self.bytesPerSecond = bytesPerSecond
            self.cacheControl = cacheControl
            self.imageExtensions = imageExtensions
        }
    }

    public let configuration: Configuration
    private let server: LoopbackServer

    public init(configuration: Configuration) throws {
        self.configuration = configuration
        server = try LoopbackServer { [configuration] request in
            try Self.respond(to: request, configuration: configuration)
        }
    }

    /// Starts listening on 127.0.0.1 and returns the manifest's URL.
    public func start() async throws -> URL {
        try await server.start().appendingPathComponent("manifest.json")
    }

    public func stop() async { await server.stop() }

    /// ``start()`` for a caller outside Swift concurrency (the app's main thread): blocks until
    /// the server listens. Never call it from an async context, whose thread it would hold.
    public func startAndWait() throws -> URL {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Task {
            do { result.value = .success(try await start()) } catch { result.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return try result.value!.get()
    }

    /// ``stop()`` for a caller outside Swift concurrency; same caveat as ``startAndWait()``.
    public func stopAndWait() {
        let done = DispatchSemaphore(value: 0)
        Task {
            await stop()
            done.signal()
        }
        done.wait()
    }

    static func respond(to request: HTTPRequest, configuration: Configuration) throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else { return HTTPResponse(statusCode: .methodNotAllowed) }
        if request.path == "/manifest.json" {
            // The manifest follows the folder: its ETag is its content's, so a client refreshing
            // it (docs/behaviour.md §11) gets 304 until a photo comes or goes.
            let body = try manifest(configuration)
            let validators = FileValidators(content: body)
            let headers: HTTPHeaders = [.contentType: "application/json", .cacheControl: "no-cache", .eTag: validators.eTag]
            if validators.isNotModified(ifNoneMatch: request.headers[.ifNoneMatch], ifModifiedSince: nil) {
                return HTTPResponse(statusCode: .notModified, headers: headers)
            }
            return HTTPResponse(statusCode: .ok, headers: headers, body: body)
        }
        // Thumbnails are placeholders that must appear at once: never throttled.
        for (prefix, folder, throttle) in [("/files/", configuration.folder, configuration.bytesPerSecond),
                                           ("/thumbs/", configuration.thumbnailFolder, nil)] where request.path.hasPrefix(prefix) {
            let name = String(request.path.dropFirst(prefix.count))
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
                  let file = imageFiles(configuration, in: folder).first(where: { $0.lastPathComponent == name }) else {
                return HTTPResponse(statusCode: .notFound)
            }
            return try serve(file, request: request, bytesPerSecond: throttle, cacheControl: configuration.cacheControl)
        }
        return HTTPResponse(statusCode: .notFound)
    }

    static func serve(_ file: URL, request: HTTPRequest, bytesPerSecond: Int?, cacheControl: String) throws -> HTTPResponse {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let validators = FileValidators(size: size, modified: attributes[.modificationDate] as? Date ?? Date())
        let headers: HTTPHeaders = [.eTag: validators.eTag, .lastModified: validators.lastModified ?? "",
                                    .cacheControl: cacheControl]
        if validators.isNotModified(ifNoneMatch: request.headers[.ifNoneMatch],
                                    ifModifiedSince: request.headers[.ifModifiedSince]) {
            return HTTPResponse(statusCode: .notModified, headers: headers)
        }
        let data = try Data(contentsOf: file)
        var withType = headers
        withType[.contentType] = contentType(of: file)
        return HTTPResponse(statusCode: .ok, headers: withType,
                            body: ThrottledBody(data, bytesPerSecond: bytesPerSecond).sequence)
    }

    static func imageFiles(_ configuration: Configuration, in folder: URL? = nil) -> [URL] {
        let folder = folder ?? configuration.folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted()
            .filter { configuration.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { folder.appendingPathComponent($0) }
    }

    static func manifest(_ configuration: Configuration) throws -> Data {
        let items: [[String: String]] = imageFiles(configuration).map {
            let name = $0.lastPathComponent
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
            var item = ["image": "files/" + encoded, "caption": name]
            if FileManager.default.fileExists(atPath: configuration.thumbnailFolder.appendingPathComponent(name).path) {
                item["thumbnail"] = "thumbs/" + encoded
            }
            return item
        }
        let object: [String: Any] = ["title": configuration.title, "items": items]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    static func contentType(of file: URL) -> String {
        ImageFileTypes.mediaType(extension: file.pathExtension) ?? "application/octet-stream"
    }
}

/// Carries a task's result to a thread waiting on a semaphore (which orders the accesses).
private final class ResultBox: @unchecked Sendable {
    // Sendable: written once before the semaphore signals, read after the wait returns.
    var value: Result<URL, Error>?
}
