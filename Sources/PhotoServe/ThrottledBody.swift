import FlyingFox
import FlyingSocks
import Foundation

/// Bytes sent no faster than a given rate, in chunks every ``tick``: the demo gallery's
/// bandwidth limit, so that a first run shows the progress fan filling.
public struct ThrottledBody: AsyncBufferedSequence, Sendable {
    public typealias Element = UInt8
    /// How often a chunk goes out.
    public static let tick: TimeInterval = 0.05

    let data: Data
    /// nil: as fast as the socket takes it.
    let bytesPerSecond: Int?

    public init(_ data: Data, bytesPerSecond: Int?) {
        self.data = data
        self.bytesPerSecond = bytesPerSecond
    }

    /// The body as FlyingFox sends it, with a Content-Length.
    public var sequence: HTTPBodySequence {
        HTTPBodySequence(from: self, count: data.count, suggestedBufferSize: 64 * 1024)
    }

    public func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    public struct Iterator: AsyncBufferedIteratorProtocol {
        let body: ThrottledBody
        var offset = 0
        var started: ContinuousClock.Instant?

        public mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        public mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard offset < body.data.count else { return nil }
            var length = Swift.min(count, body.data.count - offset)
            if let rate = body.bytesPerSecond, rate > 0 {
                length = Swift.min(length, Swift.max(1, Int(Double(rate) * ThrottledBody.tick)))
                let start = started ?? ContinuousClock.now
                started = start
                // Keep to the rate over the whole body, not per chunk, so pauses do not add up.
                let due = start + .seconds(Double(offset) / Double(rate))
                if due > .now { try await Task.sleep(until: due, clock: .continuous) }
            }
            defer { offset += length }
            return body.data.subdata(in: offset..<offset + length)
        }
    }
}
