import Foundation
import PhotoCore
import PhotoLog
import PhotoPipeline

/// Encodes screenshots to PNG on a worker thread, so taking one costs a frame only its read-back.
final class ScreenshotWriter: @unchecked Sendable {
    // Sendable: `failed` and `asked` are guarded by `lock`; `queue` is a serial queue.
    private let queue = DispatchQueue(label: "sdlphoto.screenshots")
    private let lock = NSLock()
    private var failed = false
    /// What the loop has asked for, written or still in the queue.
    private var asked: Set<String> = []

    func wasAsked(_ path: String) -> Bool { lock.withLock { asked.contains(path) } }

    func write(path: String, width: Int, height: Int, pixels: [UInt8]) {
        lock.withLock { _ = asked.insert(path) }
        queue.async { [self] in
            do { try PNGCodec.write(DecodedImage(width: width, height: height, pixels: pixels), toFile: path) } catch {
                Log.error("\(error)")
                lock.lock(); failed = true; lock.unlock()
            }
        }
    }

    /// Waits for every queued screenshot; false when any could not be written.
    func finish() -> Bool {
        queue.sync {}
        lock.lock(); defer { lock.unlock() }
        return !failed
    }
}
