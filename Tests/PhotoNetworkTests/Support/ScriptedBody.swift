import FlyingFox
import FlyingSocks
import Foundation

/// A response body that follows a script: send bytes, pause, wait for the test, trickle until
/// the test says stop, or fail (which makes FlyingFox drop the connection mid-body). `released` is signalled when the server lets go of the body, that is
/// when it finished, failed, or found the client gone.
struct ScriptedBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    enum Step: Sendable {
        case bytes(Int)
        case pause(TimeInterval)
        /// Sends nothing until `signal` fires (a stall that ends when the test has seen what it
        /// waits for, not after a guessed time).
        case wait(Signal)
        /// `bytes` every `seconds` until `signal` fires (a slow transfer, not a stalled one, that
        /// lasts as long as the test needs it to).
        case trickle(Int, every: TimeInterval, until: Signal)
        case fail
    }

    let steps: [Step]
    let released: Signal?

    init(_ steps: [Step], released: Signal? = nil) {
        self.steps = steps
        self.released = released
    }

    /// With a Content-Length of `count` (whatever the script sends), or chunked when nil.
    func sequence(count: Int?) -> HTTPBodySequence {
        if let count { return HTTPBodySequence(from: self, count: count, suggestedBufferSize: 16 * 1024) }
        return HTTPBodySequence(from: self, suggestedBufferSize: 16 * 1024)
    }

    /// The byte at `offset` of every scripted body, so tests can check content.
    static func byte(at offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset &* 31 &+ 7) }

    static func bytes(_ count: Int) -> Data { Data((0..<count).map(byte(at:))) }

    func makeAsyncIterator() -> Iterator { Iterator(steps: steps[...], releaser: released.map(Releaser.init)) }

    struct ScriptedFailure: Error {}

    final class Releaser {
        let signal: Signal
        init(_ signal: Signal) { self.signal = signal }
        deinit { signal.fire() }
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var steps: ArraySlice<Step>
        let releaser: Releaser?
        var offset = 0
        var pending = 0

        mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            while pending == 0 {
                guard let step = steps.popFirst() else { return nil }
                switch step {
                case .bytes(let n): pending = n
                case .pause(let seconds): try await Task.sleep(for: .seconds(seconds))
                case .wait(let signal):
                    // Polled with sleeps, which a stopping server's cancellation ends.
                    while !signal.isFired { try await Task.sleep(for: .milliseconds(10)) }
                case .trickle(let n, let seconds, let signal):
                    guard !signal.isFired else { break }
                    steps.insert(.trickle(n, every: seconds, until: signal), at: steps.startIndex)
                    try await Task.sleep(for: .seconds(seconds))
                    pending = n
                case .fail: throw ScriptedFailure()
                }
            }
            let length = Swift.min(count, pending)
            defer { offset += length; pending -= length }
            return Data((offset..<offset + length).map(ScriptedBody.byte(at:)))
        }
    }
}
