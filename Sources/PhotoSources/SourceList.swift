import Foundation
import PhotoCore
import PhotoLog
import PhotoNetwork
import PhotoStorage

/// Turns command-line sources into the ordered list of photos to show.
package struct SourceList {
    package enum Sort: String, CaseIterable { case name, mtime, random }

    /// The extensions a folder's files are listed by: the same list the gallery server serves.
    static let imageExtensions = ImageFileTypes.extensions

    /// Why the sources cannot be shown at all: exit 2 with this message.
    package struct Unusable: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// `-` replaced by the lines it reads from standard input (read once: a refresh lists them
    /// again from here).
    package static func expandingStandardInput(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            guard argument == "-" else { return [argument] }
            let list = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            return list.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        }
    }

    /// What one argument names now, and the local folders whose changes can change it.
    package struct Listing {
        package var items: [SourceItem]
        var folders: [String] = []

        package init(items: [SourceItem], folders: [String] = []) {
            self.items = items; self.folders = folders
        }
    }

    /// What one argument (not `-`) names now, in order: files (kept whatever their extension: a
    /// file that does not decode becomes a broken-image tile), image files of directories, an
    /// http(s) URL, a manifest (`.json`, a path or URL).
    package static func collect(argument: String, recursive: Bool, sort: Sort, network: DataLoading?) throws -> Listing {
        if let url = remoteManifest(argument) { return Listing(items: try manifest(at: url, network: network)) }
        if let url = webURL(argument) { return Listing(items: [SourceItem(image: .url(url))]) }
        if argument.lowercased().hasSuffix(".json") {
            return Listing(items: try manifestItems(loadManifest { try Manifest.load(path: argument) }), folders: [parent(of: argument)])
        }
        return local(argument, recursive: recursive, sort: sort)
    }

    /// An http or https URL, the only schemes that go to the network.
    static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        return url
    }

    /// An absolute path with `.` and `..` resolved, for comparing paths however they were given.
    package static func canonicalPath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// `items` without the local files at `paths` (canonical).
    package static func excluding(_ paths: Set<String>, from items: [SourceItem]) -> [SourceItem] {
        items.filter { item in
            guard case .file(let path) = item.image else { return true }
            return !paths.contains(canonicalPath(path))
        }
    }

    /// The URL of an argument that is a manifest on a server, re-fetched on `--refresh`.
    static func remoteManifest(_ argument: String) -> URL? {
        // An IIIF info.json is one photo, not a list of them.
        guard let url = webURL(argument), url.pathExtension.lowercased() == "json", !TilePyramid.isDescription(url) else { return nil }
        return url
    }

    /// Fetches and parses a manifest before the window opens (nothing is on screen to block).
    package static func manifest(at url: URL, network: DataLoading?) throws -> [SourceItem] {
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
        do { return try load() } catch let error as ManifestError {
            if case .unreachable = error { throw Unreachable(description: "\(error)") }
            throw Unusable(description: "\(error)")
        } catch { throw Unusable(description: "\(error)") }
    }

    /// A manifest on a server that cannot be fetched yet (no network yet, the server down):
    /// waiting can fix it.
    package struct Unreachable: Error, CustomStringConvertible {
        package let description: String
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

    /// A file, or a folder's image files (and its subfolders' when recursive), in `sort` order.
    private static func local(_ path: String, recursive: Bool, sort: Sort) -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            Log.error("\(path): no such file or directory")
            return Listing(items: [])
        }
        guard isDirectory.boolValue else { return Listing(items: [item(path)], folders: [parent(of: path)]) }
        let (images, folders) = walk(path, recursive: recursive)
        return Listing(items: sorted(images.map(item), by: sort), folders: folders)
    }

    private static func item(_ path: String) -> SourceItem { SourceItem(image: .file(path), stamp: FileStamp(path: path)) }

    private static func parent(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// One pass over a folder: its image files and the folders under it (itself included);
    /// hidden files and folders are left out.
    private static func walk(_ directory: String, recursive: Bool) -> (images: [String], folders: [String]) {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: directory)
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory) } catch {
            Log.error("\(directory): cannot read the directory: \(error.localizedDescription)")
            return ([], [directory])
        }
        func isImage(_ name: String) -> Bool { imageExtensions.contains((name as NSString).pathExtension.lowercased()) }
        guard recursive, let walker = fm.enumerator(atPath: directory) else {
            return (names.filter { !$0.hasPrefix(".") && isImage($0) }.map { base.appendingPathComponent($0).path }, [directory])
        }
        var images: [String] = [], folders = [directory]
        while let name = walker.nextObject() as? String {
            let isFolder = walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if (name as NSString).lastPathComponent.hasPrefix(".") {
                if isFolder { walker.skipDescendants() }
            } else if isFolder {
                folders.append(base.appendingPathComponent(name).path)
            } else if isImage(name) {
                images.append(base.appendingPathComponent(name).path)
            }
        }
        return (images, folders)
    }

    private static func sorted(_ items: [SourceItem], by sort: Sort) -> [SourceItem] {
        switch sort {
        case .name:
            return items.sorted { NaturalOrder.less($0.image.description, $1.image.description) }
        case .mtime:
            return items.sorted {
                let (a, b) = ($0.stamp?.modified ?? .min, $1.stamp?.modified ?? .min)
                return a == b ? NaturalOrder.less($0.image.description, $1.image.description) : a < b
            }
        case .random:
            // Random, but the same order all run long: a folder that changes must not reshuffle.
            return items.sorted { ($0.image.description.hashValue, $0.image.description) < ($1.image.description.hashValue, $1.image.description) }
        }
    }
}

/// Carries the manifest from the network thread to the waiting main thread (the semaphore orders it).
private final class ManifestBox: @unchecked Sendable {
    // Sendable: written once before the semaphore signals, read after the wait returns.
    var result: Result<Manifest, ManifestError>?
}
