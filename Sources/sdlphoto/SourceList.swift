import Foundation
import PhotoCore
import PhotoNetwork

/// Turns command-line sources into the ordered list of photos to show.
struct SourceList {
    enum Sort: String, CaseIterable { case name, mtime, random }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "bmp", "tga", "pnm", "ppm", "pgm", "pbm", "qoi", "jxl", "avif"]

    /// Why the sources cannot be shown at all: exit 2 with this message.
    struct Unusable: Error, CustomStringConvertible { let description: String }

    /// Everything the arguments name, in order: files (kept whatever their extension: a file
    /// that does not decode becomes a broken-image tile), image files of directories, http(s)
    /// URLs, manifests (`.json`, a path or URL), and `-` for a list of those on standard input.
    static func collect(_ arguments: [String], recursive: Bool, sort: Sort, network: DataLoading?) throws -> [SourceItem] {
        try expandingStandardInput(arguments).flatMap { try collect(argument: $0, recursive: recursive, sort: sort, network: network) }
    }

    /// `-` replaced by the lines it reads from standard input (read once: a refresh lists them
    /// again from here).
    static func expandingStandardInput(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            guard argument == "-" else { return [argument] }
            let list = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            return list.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        }
    }

    /// What one argument (not `-`) names now.
    static func collect(argument: String, recursive: Bool, sort: Sort, network: DataLoading?) throws -> [SourceItem] {
        if let url = remoteManifest(argument) { return try manifest(at: url, network: network) }
        if let url = URL(string: argument), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            return [SourceItem(image: .url(url))]
        }
        if argument.lowercased().hasSuffix(".json") {
            return try manifestItems(loadManifest { try Manifest.load(path: argument) })
        }
        return paths([argument], recursive: recursive, sort: sort).map { SourceItem(image: .file($0), stamp: FileStamp(path: $0)) }
    }

    /// An absolute path with `.` and `..` resolved, for comparing paths however they were given.
    static func canonicalPath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// `items` without the local files at `paths` (canonical).
    static func excluding(_ paths: Set<String>, from items: [SourceItem]) -> [SourceItem] {
        items.filter { item in
            guard case .file(let path) = item.image else { return true }
            return !paths.contains(canonicalPath(path))
        }
    }

    /// The URL of an argument that is a manifest on a server, re-fetched on `--refresh`.
    static func remoteManifest(_ argument: String) -> URL? {
        guard let url = URL(string: argument), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.pathExtension.lowercased() == "json" else { return nil }
        return url
    }

    /// Fetches and parses a manifest before the window opens (nothing is on screen to block).
    static func manifest(at url: URL, network: DataLoading?) throws -> [SourceItem] {
        guard let network else { throw Unusable(description: "\(url.absoluteString): the network is not available") }
        let done = DispatchSemaphore(value: 0)
        let box = ManifestBox()
        Manifest.load(from: url, loader: network) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return try manifestItems(loadManifest { try box.result!.get() })
    }

    private static func loadManifest(_ load: () throws -> Manifest) throws -> Manifest {
        do { return try load() } catch { throw Unusable(description: "\(error)") }
    }

    static func manifestItems(_ manifest: Manifest, logging: Bool = true) -> [SourceItem] {
        if logging { for warning in manifest.warnings { Log.error("\(warning)") } }
        return manifest.items.compactMap { item in
            guard let image = Location(item.image) else {
                if logging { Log.error("\(item.image.absoluteString): only files, http and https can be shown") }
                return nil
            }
            let size = item.width.flatMap { w in item.height.map { Size(width: Double(w), height: Double($0)) } }
            let stamp = if case .file(let path) = image { FileStamp(path: path) } else { FileStamp?.none }
            return SourceItem(image: image, thumbnail: item.thumbnail.flatMap(Location.init), caption: item.caption, pixelSize: size, stamp: stamp)
        }
    }

    static func paths(_ arguments: [String], recursive: Bool, sort: Sort) -> [String] {
        var paths: [String] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                Log.error("\(argument): no such file or directory")
                continue
            }
            if isDirectory.boolValue {
                paths += sorted(imagesIn(argument, recursive: recursive), by: sort)
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    private static func imagesIn(_ directory: String, recursive: Bool) -> [String] {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: directory)
        var found: [String] = []
        let names: [String]
        do {
            names = recursive ? try fm.subpathsOfDirectory(atPath: directory) : try fm.contentsOfDirectory(atPath: directory)
        } catch {
            Log.error("\(directory): cannot read the directory: \(error.localizedDescription)")
            return []
        }
        for name in names where imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
            if name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            found.append(base.appendingPathComponent(name).path)
        }
        return found
    }

    private static func sorted(_ paths: [String], by sort: Sort) -> [String] {
        switch sort {
        case .name:
            return paths.sorted { NaturalOrder.less($0, $1) }
        case .mtime:
            func mtime(_ p: String) -> Date {
                ((try? FileManager.default.attributesOfItem(atPath: p))?[.modificationDate] as? Date) ?? .distantPast
            }
            return paths.map { ($0, mtime($0)) }.sorted { $0.1 == $1.1 ? NaturalOrder.less($0.0, $1.0) : $0.1 < $1.1 }.map(\.0)
        case .random:
            return paths.shuffled()
        }
    }
}

/// Carries the manifest from the network thread to the waiting main thread (the semaphore orders it).
private final class ManifestBox: @unchecked Sendable {
    var result: Result<Manifest, ManifestError>?
}
