import Foundation
import PhotoIndex
import PhotoSources

// bench/library's and bench/library-dates' timer: a folder listed as the program lists it at
// start (SourceFactory, then the source's list(): the walk, each photo's stamp, the order; with
// `--sort date`, each photo's header through the library index), once per process, so that a run
// is measured like `find` or exiftool beside it. Prints the photos found, the listing's time and
// how many headers it read.
// Usage: listing-bench [-r] [--sort name|mtime|random|date] [--index PATH] DIR

var arguments = Array(CommandLine.arguments.dropFirst())
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
