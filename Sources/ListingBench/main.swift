import Foundation
import PhotoSources

// bench/library's timer: a folder listed as the program lists it at start (SourceFactory, then
// the source's list(): the walk, each photo's stamp, the order), once per process, so that a
// run is measured like `find` beside it. Prints the photos found and the listing's time.
// Usage: listing-bench [-r] [--sort name|mtime|random] DIR

var arguments = Array(CommandLine.arguments.dropFirst())
let recursive = arguments.first == "-r"
if recursive { arguments.removeFirst() }
var order = FolderOrder.name
if arguments.first == "--sort", arguments.count > 1, let chosen = FolderOrder(rawValue: arguments[1]) {
    order = chosen
    arguments.removeFirst(2)
}
guard arguments.count == 1, let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: listing-bench [-r] [--sort name|mtime|random] DIR\n".utf8))
    exit(2)
}
let options = SourceFactory.Options(recursive: recursive, order: order, refreshSeconds: 0, network: nil)
let start = DispatchTime.now().uptimeNanoseconds
let listing = try SourceFactory.source(for: folder, options).list()
let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
print("photos", listing.items.count, "folders", listing.folders.count, "list_ms", String(format: "%.1f", ms))
