import Foundation
import PhotoCore
@testable import PhotoPipeline

/// The real decoder, counting how often it is asked: proves a cache hit decodes nothing.
final class CountingDecoder: ImageDecoding, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    var count: Int { lock.lock(); defer { lock.unlock() }; return calls }

    func decode(path: String, maxPixelSize: Int?) throws(DecodeError) -> DecodedImage {
        lock.lock(); calls += 1; lock.unlock()
        return try DefaultImageDecoder().decode(path: path, maxPixelSize: maxPixelSize)
    }
}
