/// How long to wait before an automatic retry (docs/behaviour.md §8): 1 s, 2 s, 4 s ... at most 60 s (a manifest
/// refresh, a photo's download). A value type: the caller keeps the failure count and the
/// clock; a retry the user asks for (tapping the retry glyph) does not wait.
public struct RetryBackoff: Sendable, Equatable {
    /// "1 s": the wait after the first failure.
    public var firstDelay: Double = 1
    /// "max 60 s".
    public var maximumDelay: Double = 60

    public init(firstDelay: Double = 1, maximumDelay: Double = 60) {
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait after `failures` failures in a row (1 s, 2 s, 4 s... up to the maximum); 0 for none.
    public func delay(afterFailures failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        let doublings = min(failures - 1, 32)  // 2^32 s is far past any maximum; avoids overflow.
        return min(maximumDelay, firstDelay * Double(Int64(1) << Int64(doublings)))
    }
}
