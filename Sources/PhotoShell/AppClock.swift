import PhotoCore

/// The app's clock in ms from the first frame: real (CLOCK_MONOTONIC) or virtual, where every
/// frame advances it by exactly one frame step so a replay renders the same frames anywhere.
struct AppClock {
    let virtualStepMs: Double?
    private var startMs = MonotonicClock.nowMs()
    private var virtualMs = 0.0

    init(virtualStepMs: Double?) { self.virtualStepMs = virtualStepMs }

    var isVirtual: Bool { virtualStepMs != nil }

    mutating func start() { startMs = MonotonicClock.nowMs(); virtualMs = 0 }

    var nowMs: Double { virtualStepMs == nil ? MonotonicClock.nowMs() - startMs : virtualMs }

    /// A CLOCK_MONOTONIC time on the real clock's scale.
    func appMs(monotonicMs: Double) -> Double { monotonicMs - startMs }

    /// Virtual time moves on one frame; real time moves by itself.
    mutating func frameDone() { if let step = virtualStepMs { virtualMs += step } }
}
