import Foundation
import PhotoIndex
import PhotoSources
import PhotoNetwork

// bench/library's and bench/library-dates' timer: a folder listed as the program lists it at
// start (SourceFactory, then the source's list(): the walk, each photo's stamp, the order; with
// `--sort date`, each photo's header through the library index), once per process, so that a run
// is measured like `find` or exiftool beside it. Prints the photos found, the listing's time and
// how many headers it read.
// Usage: listing-bench [-r] [--sort name|mtime|random|date] [--index PATH] DIR
//        listing-bench --manifest FILE: a manifest read as the program reads it (the scanner) and
//        by JSONSerialization alone, 5 times each in turn after one read of each to warm up: the
//        JSON alone, and the whole parse (each reference made a URL); prints the items and each
//        median in ms (the file's bytes read once, before).

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--manifest", arguments.count == 2 {
    benchManifest(path: arguments[1])
    exit(0)
}
let recursive = arguments.first == "-r"
if recursive { arguments.removeFirst() }
var order = FolderOrder.name
if arguments.first == "--sort", arguments.count > 1, let chosen = FolderOrder(rawValue: arguments[1]) {
    order = chosen
    arguments.removeFirst(2)
}
var indexPath = CaptureIndex.defaultPath()
if arguments.first == "--index", arguments.count > 1 {
    indexPath = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.count == 1, let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: listing-bench [-r] [--sort name|mtime|random|date] [--index PATH] DIR\n".utf8))
    exit(2)
}
let opened = order == .date ? try CaptureIndex(path: indexPath) : nil
var options = SourceFactory.Options(recursive: recursive, order: order, refreshSeconds: 0, network: nil)
options.selection = SelectionControl(DateSelection(), index: opened)
let start = DispatchTime.now().uptimeNanoseconds
let listing = try SourceFactory.source(for: folder, options).list()
let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
print("photos", listing.items.count, "folders", listing.folders.count, "list_ms", String(format: "%.1f", ms), "headers_read", opened?.headersRead ?? 0)

func benchManifest(path: String) {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("listing-bench: cannot read \(path)\n".utf8))
        exit(2)
    }
    let location = URL(fileURLWithPath: path)
    // The JSON alone (json_), and the whole parse with each reference made a URL (parse_).
    var times: [String: [Double]] = [:]
    var count = 0
    for round in 0..<6 {
        for reader in [Manifest.Reader.scanner, .foundation] {
            let name = reader == .scanner ? "scanner" : "foundation"
            var start = DispatchTime.now().uptimeNanoseconds
            _ = try? Manifest.entryCount(data, reader: reader)
            let json = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            start = DispatchTime.now().uptimeNanoseconds
            count = (try? Manifest.parse(data, location: location, reader: reader).items.count) ?? -1
            let parse = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if round > 0 {
                times["json_" + name, default: []].append(json)
                times["parse_" + name, default: []].append(parse)
            }
        }
    }
    func median(_ key: String) -> String { String(format: "%.1f", (times[key] ?? [0]).sorted()[(times[key]?.count ?? 1) / 2]) }
    print("items", count, "json_scanner_ms", median("json_scanner"), "json_foundation_ms", median("json_foundation"),
          "parse_scanner_ms", median("parse_scanner"), "parse_foundation_ms", median("parse_foundation"))
}
