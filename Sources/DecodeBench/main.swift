import Foundation
import PhotoCore
import PhotoPipeline

// bench/phone-formats' timer: each file decoded through ImageDecoder as the viewer asks for it,
// whole (a page at 1:1), fitted to 1920 px (a page on a 1080p screen) and at 256 px (a grid
// thumbnail before the cache has it); best of RUNS, from bytes already in memory.
// Usage: decode-bench RUNS FILE...   Prints one line per file: name, MP, then the three times in ms.
//        decode-bench --once PX FILE

func best(_ runs: Int, _ body: () throws -> DecodedImage) rethrows -> (ms: Double, image: DecodedImage) {
    var fastest = Double.infinity, last: DecodedImage?
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        last = try body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return (fastest, last!)
}

let arguments = CommandLine.arguments.dropFirst()
// decode-bench --once PX FILE: one decode from the file, as the viewer asks for a page fitted to
// PX (0: whole), for /usr/bin/time -v to measure the process; prints the time and the size.
if arguments.first == "--once", arguments.count == 3, let px = Int(arguments[arguments.startIndex + 1]) {
    let path = arguments[arguments.startIndex + 2], start = DispatchTime.now().uptimeNanoseconds
    do {
        let image = try ImageDecoder.decode(path: path, maxPixelSize: px > 0 ? px : nil)
        print(String(format: "%.0f ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6), "\(image.width)x\(image.height)")
        exit(0)
    } catch {
        print(path, "failed: \(error)")
        exit(1)
    }
}
guard let runs = arguments.first.flatMap(Int.init), arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: decode-bench RUNS FILE...\n".utf8))
    exit(2)
}
print("file".padding(toLength: 28, withPad: " ", startingAt: 0), "MP", "full_ms", "fit1920_ms", "thumb256_ms", separator: "\t")
for path in arguments.dropFirst() {
    let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    do {
        let full = try best(runs) { try ImageDecoder.decode(data: bytes, name: path, maxPixelSize: nil) }
        let page = try best(runs) { try ImageDecoder.decode(data: bytes, name: path, maxPixelSize: 1920) }
        let thumbnail = try best(runs) { try ImageDecoder.decode(data: bytes, name: path, maxPixelSize: 256) }
        let megapixels = Double(full.image.width * full.image.height) / 1e6
        print(URL(fileURLWithPath: path).lastPathComponent.padding(toLength: 28, withPad: " ", startingAt: 0),
              String(format: "%.1f", megapixels), String(format: "%.0f", full.ms), String(format: "%.0f", page.ms),
              String(format: "%.1f", thumbnail.ms), separator: "\t")
    } catch {
        print(path, "failed: \(error)")
    }
}
