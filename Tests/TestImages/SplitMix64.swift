@_exported import struct PhotoCore.SplitMix64

/// Property tests draw their cases from the program's own seeded generator: the same seed, the
/// same cases, on every machine.
extension SplitMix64 {
    public mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
