import Dispatch
import PhotoCore
import PhotoPipeline
import Synchronization
@testable import PhotoLoader

/// Decodes at once into a small grey picture, unless told to hold a name's decode until released
/// or to fail it. A name is a file's path or a download's URL. Every decode is recorded in the
/// order it began, and each start is signalled, so a test waits on the decode it means.
final class FakeDecoder: PhotoDecoding {
    static let picture = DecodedImage(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 4 * 4 * DecodedImage.bytesPerPixel))

    private struct State {
        var began: [String] = []
        var running = 0
        var gates: [String: DispatchSemaphore] = [:]
        var starts: [String: DispatchSemaphore] = [:]
        var failing: Set<String> = []
    }
    private let state = Mutex(State())

    /// The names decoded so far, in the order their decodes began.
    var began: [String] { state.withLock { $0.began } }
    /// Decodes under way now.
    var running: Int { state.withLock { $0.running } }

    /// `name`'s next decodes wait until `release(name)`.
    func hold(_ name: String) { state.withLock { $0.gates[name] = DispatchSemaphore(value: 0) } }

    func release(_ name: String) {
        let gate = state.withLock { $0.gates.removeValue(forKey: name) }
        gate?.signal()
    }

    func fail(_ name: String) { _ = state.withLock { $0.failing.insert(name) } }
    func mend(_ name: String) { _ = state.withLock { $0.failing.remove(name) } }

    /// Waits until a decode of `name` has begun; false after `seconds` (a test that went wrong).
    func waitUntilBegun(_ name: String, seconds: Double = 30) -> Bool {
        start(of: name).wait(timeout: .now() + seconds) == .success
    }

    private func start(of name: String) -> DispatchSemaphore {
        state.withLock { state in
            if let start = state.starts[name] { return start }
            let start = DispatchSemaphore(value: 0)
            state.starts[name] = start
            return start
        }
    }

    private func run(_ name: String) throws(DecodeError) -> DecodedImage {
        let gate = state.withLock { state -> DispatchSemaphore? in
            state.began.append(name)
            state.running += 1
            return state.gates[name]
        }
        start(of: name).signal()
        gate?.wait()
        defer { state.withLock { $0.running -= 1 } }
        if state.withLock({ $0.failing.contains(name) }) { throw .corrupt(reason: "the test says \(name) does not decode") }
        return Self.picture
    }

    func decode(path: String, maxPixelSize: Int?) throws(DecodeError) -> DecodedImage { try run(path) }

    func decode(path: String, maxPixelSize: Int?, sharpAt: Int?) throws -> (image: DecodedImage, originalSize: PixelSize?) {
        (try run(path), PixelSize(width: 4, height: 4))
    }

    func decode(data: [UInt8], name: String, maxPixelSize: Int?, sharpAt: Int?) throws -> DecodedImage { try run(name) }

    func probe(path: String) -> PixelSize? { PixelSize(width: 4, height: 4) }
    func probe(data: [UInt8]) -> PixelSize? { PixelSize(width: 4, height: 4) }
}
