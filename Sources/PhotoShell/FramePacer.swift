import Foundation
import PhotoCore

/// Without vsync (SDL's offscreen driver, Xvfb), the program stands in for the display: a
/// finished frame waits for its refresh tick, and the wait is first spent on work that would
/// otherwise land in the next frame (copying pixels to the GPU). With real vsync the swap has
/// already waited and this costs nothing. Presentation times are on CLOCK_MONOTONIC. The frames'
/// times are counted here too, for `--stats`.
final class FramePacer {
    private var cadence: FrameCadence
    private var stats: FrameStats
    /// How early the wait stops sleeping and starts watching the clock (sleep wakes late by a
    /// fraction of a millisecond).
    static let marginMs = 0.3

    init(refreshHz: Double) {
        stats = FrameStats(refreshHz: refreshHz)
        cadence = FrameCadence(periodMs: stats.refreshMs)
    }

    /// A frame drawn in `drawMs` is presented: at its tick, or at once in virtual time (a replay
    /// renders every frame, whatever the clock).
    func presentFrame(virtual: Bool, continuous: Bool, drawMs: Double, spare: (Double) -> Void) {
        let presentedMs = virtual ? MonotonicClock.nowMs() : present(spare: spare)
        stats.frameDrawn(atMs: presentedMs, continuous: continuous, drawMs: drawMs)
    }

    func uploaded(_ count: Int) { stats.uploads += count }

    /// The loop waited this long for decodes (virtual time): not a frame time.
    func paused(forMs ms: Double) { stats.paused(forMs: ms) }

    func hudLine(atMs now: Double) -> String { stats.hudLine(atMs: now) }

    func statsJSON(textureBytes: Int) -> String { stats.json(textureBytes: textureBytes) }

    /// When motion is sampled for a frame drawn right after the last one: one period after it.
    func sampleTime(now: Double) -> Double { cadence.sampleTime(now: now) }

    /// The display's refresh period (ms).
    var periodMs: Double { cadence.periodMs }

    /// Waits for the frame's tick, giving `spare` the time before it first (ms it may use);
    /// returns when the frame shows.
    private func present(spare: (Double) -> Void) -> Double {
        if let tick = cadence.tick(after: MonotonicClock.nowMs()) {
            let room = tick - MonotonicClock.nowMs() - Self.marginMs
            if room > Self.marginMs { spare(room) }
        }
        let finished = MonotonicClock.nowMs()
        if let tick = cadence.tick(after: finished) {
            if tick - finished > Self.marginMs { usleep(useconds_t((tick - finished - Self.marginMs) * 1000)) }
            while MonotonicClock.nowMs() < tick {}
        }
        return cadence.present(finishedAt: finished)
    }
}
