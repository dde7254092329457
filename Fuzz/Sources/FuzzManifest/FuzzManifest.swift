import Foundation
@testable import PhotoNetwork

/// Manifest JSON, read from a file and from an http URL (relative references resolve differently),
/// the byte scanner against JSONSerialization, with the JSON error locator turning a syntax error's offset into a line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    for location in locations {
        do {
            let manifest = try Manifest.parse(json, location: location)
            for item in manifest.items {
                precondition(Manifest.allowedSchemes.contains(item.image.scheme?.lowercased() ?? ""))
                if let width = item.width, let height = item.height { precondition(width > 0 && height > 0) }
            }
        } catch let error as ManifestError {
            if case .syntax(_, let line, let column, _) = error { precondition(line >= 1 && column >= 1) }
            _ = error.description
        } catch {
            preconditionFailure("parse threw something other than a ManifestError: \(error)")
        }
    }
    // The scanner reads what it accepts as JSONSerialization reads it.
    if let fast = RawManifest.decoded(json), let old = try? RawManifest.serialized(json, file: "fuzz.json") { precondition(fast == old) }
    // The locator on its own, at every offset the error text could name.
    let text = String(decoding: json, as: UTF8.self)
    let offset = JSONErrorLocation.characterOffset(in: text) ?? size / 2
    let (line, column) = JSONErrorLocation.lineAndColumn(of: offset, in: json)
    precondition(line >= 1 && column >= 1)
    return 0
}

private let locations = [
    URL(fileURLWithPath: "/srv/photos/gallery/manifest.json"),
    URL(string: "http://photos.example/gallery/manifest.json")!,
]
