import Foundation
import PhotoCore
import PhotoLoader
import PhotoLog
import PhotoPipeline

/// Plays the animation of the page on screen (docs/behaviour.md §17). A worker decodes its frames
/// in order, at the page's texture size, at most `framesAhead` ahead of the one shown, so memory
/// does not grow with the file; the loop takes the frame its clock says is due. On virtual time
/// the loop waits for that frame, so a replay shows the same frame at the same ms everywhere.
/// Made and used on the main thread; the worker is its own.
final class AnimationPlayer {
    static let framesAhead = 2

    let item: Int
    /// The longer side its frames are shrunk to: the page's texture when it started.
    let maxPixelSize: Int
    private let shared: Shared
    private(set) var clock: AnimationClock
    private var shownSequence = 0

    /// Starts at `now` (or goes on with `clock`) on the worker, which calls `open` for the frames
    /// (nil: a still picture) and `wake`s the loop whenever it has something for it; frame 0 is
    /// what the page shows already. `name` is for messages.
    init(item: Int, name: String, maxPixelSize: Int, at now: Double, clock: AnimationClock? = nil,
         wake: @escaping @Sendable () -> Void, open: @escaping @Sendable () throws -> (any AnimationFrames)?) {
        self.item = item
        self.maxPixelSize = maxPixelSize
        self.clock = clock ?? AnimationClock(startedAt: now)
        shared = Shared(wake: wake)
        let shared = shared
        let thread = Thread { AnimationPlayer.decode(name: name, open: open, maxPixelSize: maxPixelSize, into: shared) }
        thread.qualityOfService = .utility
        thread.name = "animation"
        thread.start()
    }

    /// Stops the worker. Returns the first frame, for the page to show again: it starts from
    /// there when it comes back, and the grid and the neighbours show the first frame.
    func stop() -> (levels: [DecodedImage], opaque: Bool)? {
        shared.cancel()
        guard shownSequence != 0, let first = shared.lock.withLock({ shared.first }) else { return nil }
        return (first.levels, first.opaque)
    }

    /// The last loop has ended on its last frame.
    func isFinished(at now: Double) -> Bool {
        timeline.map { $0.position(atElapsed: clock.elapsed(at: now)).finished } ?? false
    }

    deinit { shared.cancel() }

    var timeline: AnimationTimeline? { shared.lock.withLock { shared.timeline } }
    /// The slideshow was told how long one loop takes.
    var loopReported = false
    /// The size of the page's texture as this player last left it.
    var textureSize: PixelSize?

    /// App ms at which the first loop ends, once the timeline is known.
    var firstLoopEnd: Double? {
        timeline.flatMap { clock.appTime(ofElapsed: Double($0.loopMs)) }
    }

    /// The file turned out a still picture, or failed: nothing more to play.
    var isOver: Bool { shared.lock.withLock { shared.over } }

    func togglePause(at now: Double) {
        if clock.isPaused { clock.resume(at: now) } else { clock.pause(at: now) }
    }

    /// The frame due at `now` when it is not the one shown: its mip chain and whether it is opaque.
    func take(at now: Double, waiting: Bool) -> (levels: [DecodedImage], opaque: Bool)? {
        guard let timeline = waiting ? shared.waitForTimeline() : timeline else { return nil }
        let due = sequence(of: timeline.position(atElapsed: clock.elapsed(at: now)), in: timeline)
        guard due != shownSequence else { return nil }
        let frame = shared.frame(upTo: due, waiting: waiting)
        guard let frame, frame.sequence != shownSequence else { return nil }
        shownSequence = frame.sequence
        return (frame.levels, frame.opaque)
    }

    /// App ms at which the next frame falls due; nil when paused, finished or not started.
    func nextFrameMs(at now: Double) -> Double? {
        guard let timeline, let next = timeline.nextChange(afterElapsed: clock.elapsed(at: now)) else { return nil }
        return clock.appTime(ofElapsed: next)
    }

    /// Bytes the frames decoded ahead hold, counted in the texture budget.
    var heldBytes: Int { shared.lock.withLock { shared.frames.reduce(0) { $0 + $1.bytes } } }

    private func sequence(of p: AnimationTimeline.Position, in timeline: AnimationTimeline) -> Int {
        p.loop * timeline.frameCount + p.frame
    }

    // MARK: The worker

    struct Frame {
        let sequence: Int
        let levels: [DecodedImage]
        let opaque: Bool
        var bytes: Int { levels.reduce(0) { $0 + $1.pixels.count } }
    }

    final class Shared: @unchecked Sendable {
        // Sendable: every field is read and written under `lock`; `wake` is Sendable.
        let lock = NSCondition()
        let wake: @Sendable () -> Void
        var timeline: AnimationTimeline?
        /// Frame 0 at the page's size, kept to be put back when the page is left.
        var first: Frame?
        var frames: [Frame] = []
        var cancelled = false
        var over = false

        init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

        func cancel() {
            lock.withLock { cancelled = true; lock.broadcast() }
        }

        /// Under the lock, then a wake for the loop: something changed that it should see.
        func update(_ change: () -> Void) {
            lock.withLock { change(); lock.broadcast() }
            wake()
        }

        /// The timeline, waited for (a few seconds at most) until the worker has read it.
        func waitForTimeline() -> AnimationTimeline? {
            lock.lock()
            defer { lock.unlock() }
            let limit = Date().addingTimeInterval(5)
            while timeline == nil, !over, !cancelled, lock.wait(until: limit) {}
            return timeline
        }

        /// The newest decoded frame at or before `due`, dropping older ones; with `waiting`, waits
        /// (a few seconds at most) for `due` to be decoded.
        func frame(upTo due: Int, waiting: Bool) -> Frame? {
            lock.lock()
            defer { lock.unlock() }
            let limit = Date().addingTimeInterval(5)
            while true {
                // Frames before the newest one that is due will never show: room for the worker.
                if let newest = frames.last(where: { $0.sequence <= due }) { frames.removeAll { $0.sequence < newest.sequence } }
                lock.broadcast()
                if !waiting || over || cancelled || frames.contains(where: { $0.sequence >= due }) || !lock.wait(until: limit) { break }
            }
            return frames.last { $0.sequence <= due }
        }
    }

    private static func decode(name: String, open: () throws -> (any AnimationFrames)?, maxPixelSize: Int, into shared: Shared) {
        do {
            guard let frames = try open() else {
                shared.update { shared.over = true }
                return
            }
            let stream = AnimationStream(frames, maxPixelSize: maxPixelSize)
            let timeline = stream.timeline
            // The first frame is the page's still picture: kept aside, not shown.
            let first = try stream.next()
            let firstFrame = Frame(sequence: 0, levels: MipChain(first, order: ImageLoader.texelOrder).levels, opaque: first.isOpaque)
            guard !shared.lock.withLock({ shared.cancelled }) else { return }
            shared.update { shared.timeline = timeline; shared.first = firstFrame }
            let total = timeline.loops.map { $0 * timeline.frameCount } ?? Int.max
            var sequence = 1
            while sequence < total {
                let full: Bool = shared.lock.withLock {
                    while !shared.cancelled && shared.frames.count >= framesAhead { shared.lock.wait() }
                    return shared.cancelled
                }
                if full { return }
                // The frames come round again after the last: sequence n is frame n % frameCount.
                let frame = try stream.next()
                let levels = MipChain(frame, order: ImageLoader.texelOrder).levels
                let made = Frame(sequence: sequence, levels: levels, opaque: frame.isOpaque)
                shared.update { shared.frames.append(made) }
                sequence += 1
            }
        } catch {
            Log.error("cannot play the animation \(name): \(error)")
        }
        shared.update { shared.over = true }
    }
}
