import Foundation
@testable import PhotoNetwork

/// A disk-cache entry file as an earlier run (or a torn write, or a stranger) left it: either the
/// entry for the URL asked for, or an error; never anything else. A good entry encodes back to
/// the same bytes' meaning.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let response = try CacheEntryFile.decode(bytes, for: url)
        precondition(response.url == url)
        let again = try CacheEntryFile.decode(Data(try CacheEntryFile.encode(response).joined()), for: url)
        precondition(again == response)
        _ = response.metadata.isFresh(at: Date(timeIntervalSince1970: 1_790_000_000))
    } catch is CacheEntryFile.ReadFailure {
    } catch {
        preconditionFailure("decode threw something other than a ReadFailure: \(error)")
    }
    // Mid-buffer slices as well: Data read from a file need not start at index 0.
    if size > 1 { _ = try? CacheEntryFile.decode(bytes.dropFirst(), for: url) }
    return 0
}

private let url = URL(string: "http://photos.example/gallery/a.jpg")!
