import Foundation
import PhotoCore
import PhotoNetwork

/// The one place that tells which kind of source an argument names, by its shape alone
/// (docs/sources.md). A new kind of source is a new type and one line here.
package enum SourceFactory {
    /// What a source may need from the command line.
    package struct Options: Sendable {
        package var recursive: Bool
        package var order: FolderOrder
        /// Seconds between fetches of a manifest on a server; 0: never.
        package var refreshSeconds: Double
        package var network: DataLoading?
        /// The netrc file the network reads credentials from (`Netrc.path`).
        package var netrcPath: String
        /// `--since`, `--until`, `--rating`, `--memories` as they stand, and the library index.
        package var selection: SelectionControl?
        /// The file an Immich server's API key was read from (`--immich-key-file`); nil for none.
        package var immichKeyFile: String?

        package init(recursive: Bool, order: FolderOrder, refreshSeconds: Double, network: DataLoading?, netrcPath: String = Netrc.path(nil)) {
            (self.recursive, self.order, self.refreshSeconds, self.network) = (recursive, order, refreshSeconds, network)
            self.netrcPath = netrcPath
        }
    }

    /// The source `argument` (not `-`) names. Order matters: an IIIF `info.json` on a server is
    /// one photo, not a manifest; a local path ending in `.json` is a manifest.
    /// - Throws: `SourceUnusable` for an argument of a known kind that cannot be used as given.
    package static func source(for argument: String, _ options: Options) throws -> any PhotoSource {
        if let address = try ImmichAddress(argument) {
            return ImmichSource(address: address, refreshSeconds: options.refreshSeconds, network: options.network, keyFile: options.immichKeyFile,
                                control: options.selection)
        }
        if let folder = WebDAVSource.folder(argument) {
            return WebDAVSource(argument: argument, folder: folder, recursive: options.recursive, order: options.order,
                                refreshSeconds: options.refreshSeconds, network: options.network, netrcPath: options.netrcPath,
                                control: options.selection)
        }
        if let url = Location.webURL(argument) {
            if TilePyramid.isDescription(url) { return DeepZoomSource(.url(url)) }
            if url.pathExtension.lowercased() == "json" { return ManifestURLSource(url: url, refreshSeconds: options.refreshSeconds, network: options.network) }
            return SinglePhotoSource(.url(url))
        }
        if argument.lowercased().hasSuffix(".json") { return ManifestFileSource(path: argument) }
        if isFolder(argument) {
            return FolderSource(path: argument, recursive: options.recursive, order: options.order, control: options.selection)
        }
        if TilePyramid.isDescription(URL(fileURLWithPath: argument)) { return DeepZoomSource(.file(argument)) }
        return SinglePhotoSource(.file(argument))
    }

    /// The server an `immich+` argument names, whose requests carry its API key; nil for any
    /// other argument.
    package static func immichServer(_ argument: String) -> URL? { ImmichAddress.server(argument) }

    /// `-` replaced by the lines of `input` (standard input), read once: the sources named there
    /// are kept current like any other, but the list itself is not read again.
    package static func expandingStandardInput(_ arguments: [String], input: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) -> [String] {
        arguments.flatMap { argument -> [String] in
            guard argument == "-" else { return [argument] }
            let list = String(decoding: input(), as: UTF8.self)
            return list.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
