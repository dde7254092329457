import Foundation
import PhotoNetwork

/// The headers the disk cache decides freshness by: `Cache-Control`, `Expires`, `Date`,
/// `Last-Modified` and `Age`, one a line in that order, through every question the cache asks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < 5 { lines.append("") }
    func field(_ i: Int) -> String? { lines[i].isEmpty ? nil : lines[i] }

    let control = CacheControl(header: field(0))
    if let maxAge = control.maxAge { precondition(maxAge >= 0) }
    for line in lines.prefix(5) { _ = HTTPDate.parse(line) }

    let storedAt = Date(timeIntervalSince1970: 1_790_000_000)
    let metadata = CacheMetadata(storedAt: storedAt, eTag: "\"e\"", lastModified: field(3), cacheControl: field(0),
                                 expires: field(1), date: field(2), age: field(4))
    for heuristic in [true, false] {
        if let lifetime = metadata.freshnessLifetime(heuristic: heuristic) { precondition(!(lifetime < 0)) }
        for later: TimeInterval in [0, 59, 86_400 * 400] {
            _ = metadata.isFresh(at: storedAt.addingTimeInterval(later), heuristic: heuristic)
        }
    }
    _ = metadata.age(at: storedAt.addingTimeInterval(10))
    _ = metadata.validatorHeaders
    let refreshed = metadata.refreshed(by: ["cache-control": lines[0], "date": lines[2], "age": lines[4]],
                                       at: storedAt.addingTimeInterval(30))
    _ = metadata.needsStoring(refreshed)
    return 0
}
