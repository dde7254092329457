import Foundation
import PhotoCore
import PhotoPipeline
import PhotoPlatform
import PhotoRender
import PhotoVideo

/// The renderer's side of a clip: the page's texture, which its frames are drawn into.
protocol VideoDrawing: AnyObject {
    func pageTextureSize(item: Int) -> PixelSize?
    func drawVideoFrame(item: Int, width: Int, height: Int, keepingStill: Bool, _ draw: (UInt32) -> Void) -> Bool
    @discardableResult func forgetVideoTarget(restoringStill: Bool) -> Bool
    func showsVideoFrame(item: Int) -> Bool
}

extension Renderer: VideoDrawing {}

/// Video clips (docs/behaviour.md §19): the browser's page on screen, or the slideshow's photo,
/// plays once it is at rest with its first frame up, into that page's texture at that texture's
/// size; paged away it pauses, and one clip at most is kept (a second one's start frees it).
/// A Live Photo's or Motion Photo's motion plays the same way while it may (a finger held on the
/// page, or once in the slideshow), and its still comes back when it ends or is let go.
/// On virtual time the clip is stepped a frame at a time to the frame the clock says is due,
/// so a replay shows the same frame at the same ms everywhere.
struct PageVideo {
    /// The page that may play: its item, what mpv opens (a file, or a Motion Photo's part of
    /// one), whether it may start now (at rest; for a motion, held), and whether it is a motion.
    struct Page {
        let item: Int
        let source: String
        let mayStart: Bool
        var isMotion = false
    }

    struct Step {
        var redraw = false
        /// The page's texture was made anew for the clip: one more for the budget.
        var textureResized = false
        /// App ms at which the clip (or `--video-max`) ends, said once: the slideshow stays that long.
        var endsAt: Double?
        /// The clip will not play: the still stays, and the slideshow moves on as for a photo.
        var failed: Int?
        /// A clip started or went on playing, or paused: the `--events` milestones.
        var playing: Int?
        var paused: Int?
    }

    private var clip: Clip?
    /// The motion that played to its end and is not played again until let go or left.
    private var motionDone: Int?
    /// Clips that failed once: not tried again this run.
    private var failed: Set<Int> = []
    /// Items whose file is a video, by name or first bytes, found once.
    private var kinds: [Int: Bool] = [:]
    /// Clips play with their sound: `--audio`, then the controls' toggle.
    private(set) var soundOn: Bool
    let maxSeconds: Double
    /// Clip frames drawn, and frames mpv dropped, over the run (`--stats`), clips let go included.
    private var framesBefore = 0, droppedBefore = 0
    var framesShown: Int { framesBefore + (clip?.framesShown ?? 0) }
    var framesDropped: Int { droppedBefore + (clip?.playback.droppedFrames ?? 0) }

    init(audio: Bool = false, maxSeconds: Double = 30) {
        self.soundOn = audio
        self.maxSeconds = maxSeconds
    }

    /// Where the clip of `item` stands at `now`: seconds in, its length, and whether it plays.
    func state(of item: Int, at now: Double, virtual: Bool) -> (seconds: Double, duration: Double?, playing: Bool)? {
        guard let clip, clip.item == item, !clip.isMotion else { return nil }
        return (clip.seconds(at: now, virtual: virtual), clip.playback.duration, clip.isPlaying && !clip.playback.hasEnded)
    }

    /// Sound on for this clip and the next, or off.
    mutating func toggleSound() {
        soundOn.toggle()
        clip?.playback.setAudio(soundOn)
    }

    /// The clip of `item` to `fraction` of its length, to the frame.
    func seek(_ item: Int, to fraction: Double, at now: Double, virtual: Bool) {
        guard let clip, clip.item == item, let duration = clip.playback.duration else { return }
        clip.seek(to: fraction * duration, at: now, virtual: virtual)
    }

    /// `item` shows frames of its own over its still.
    func plays(_ item: Int) -> Bool { clip?.item == item && clip?.framesShown ?? 0 > 0 }

    /// A Motion Photo's clip as mpv opens it: its bytes of the JPEG.
    static func motionSource(path: String, range: Range<Int>) -> String {
        "lavf://subfile,,start,\(range.lowerBound),end,\(range.upperBound),,:file:" + path
    }

    /// Whether `item`, at `path`, is a clip.
    mutating func isVideo(_ item: Int, path: String) -> Bool {
        if let known = kinds[item] { return known }
        let video = ImageDecoder.isVideo(path: path)
        kinds[item] = video
        return video
    }

    /// Each frame: start, go on with, pause or let go of the clip of `page` (nil: nothing plays).
    /// In the slideshow (`slideshow`) a clip left is let go, to start from its beginning when the
    /// slideshow comes back to it; `display` is the window's, for hardware decoding.
    mutating func follow(_ page: Page?, drawing: VideoDrawing, slideshow: Bool = false,
                         display: @autoclosure () -> (x11: UnsafeMutableRawPointer?, wayland: UnsafeMutableRawPointer?) = (nil, nil),
                         wake: @escaping @Sendable () -> Void, at now: Double, virtual: Bool) -> Step {
        var step = Step()
        if motionDone != nil, motionDone != page?.item || page?.mayStart != true { motionDone = nil }
        if let clip, clip.isMotion, clip.item != page?.item || page?.mayStart != true || clip.playback.hasEnded {
            // A motion let go, left or played out: its still comes back.
            if clip.playback.hasEnded { motionDone = clip.item }
            letGo()
            if drawing.forgetVideoTarget(restoringStill: true) { step.redraw = true }
            step.paused = clip.item
        } else if let clip, clip.item != page?.item, slideshow {
            // The slide moved on: nothing more of it decodes; its last frame stays for the transition.
            letGo()
            drawing.forgetVideoTarget(restoringStill: false)
            if clip.isPlaying { step.paused = clip.item }
        } else if let clip, clip.item != page?.item, clip.isPlaying {
            clip.pause(at: now)
            step.paused = clip.item
        }
        guard let page, !failed.contains(page.item), motionDone != page.item, let size = drawing.pageTextureSize(item: page.item) else { return step }
        if clip?.item != page.item {
            guard page.mayStart else { return step }
            if clip != nil { drawing.forgetVideoTarget(restoringStill: clip?.isMotion ?? false) }
            letGo()
            guard let playback = VideoPlayback(path: page.source, audio: soundOn && !page.isMotion, procAddress: Window.glProcAddress, display: display(), wake: wake) else {
                failed.insert(page.item)
                step.failed = page.item
                return step
            }
            clip = Clip(item: page.item, playback: playback, isMotion: page.isMotion)
            // The slideshow waits for the clip's first frame to know when it ends.
            if slideshow { step.endsAt = now + Self.loadingHoldMs }
        }
        guard let clip else { return step }
        if !clip.isPlaying, page.mayStart, clip.resume(at: now, virtual: virtual) { step.playing = page.item }
        clip.playback.takeEvents()
        if clip.playback.failure != nil {
            failed.insert(page.item)
            step.failed = page.item
            letGo()
            drawing.forgetVideoTarget(restoringStill: true)
            return step
        }
        let before = drawing.pageTextureSize(item: page.item)
        var drew = virtual ? clip.stepToFrame(at: now, drawing: drawing, size: size) : clip.drawNewFrame(drawing: drawing, size: size)
        // A still put on the page since (a sharper decode, a resize): the clip's frame again.
        if !drew, clip.framesShown > 0, !drawing.showsVideoFrame(item: page.item) { drew = clip.redraw(drawing: drawing, size: size) }
        if drew {
            step.redraw = true
            if drawing.pageTextureSize(item: page.item) != before || clip.framesShown == 1 { step.textureResized = true }
        }
        // Known once its first frame shows: from there, what is left of it (or of --video-max).
        if !clip.endReported, clip.framesShown > 0, clip.isPlaying, let duration = clip.playback.duration {
            clip.endReported = true
            step.endsAt = now + (min(duration, maxSeconds) - clip.seconds(at: now, virtual: virtual)) * 1000
        }
        return step
    }

    /// How long the slideshow waits for a clip's first frame at most.
    static let loadingHoldMs = 10_000.0

    /// The frame went to the screen: mpv times its next one from there.
    func presented() { clip?.playback.presented() }

    /// Lets the clip go, its frames counted.
    private mutating func letGo() {
        guard let clip else { return }
        framesBefore += clip.framesShown
        droppedBefore += clip.playback.droppedFrames
        self.clip = nil
    }

    /// The clip's next frame is mpv's to say in real time; on virtual time, its frame time.
    func waitMs(at now: Double, virtual: Bool) -> Double? {
        guard let clip, clip.isPlaying, virtual, let fps = clip.playback.framesPerSecond, fps > 0 else { return nil }
        return 1000 / fps
    }

    /// Space on a clip's page pauses it, or plays it again: whether it plays now; nil when no
    /// clip is on the page.
    mutating func togglePause(_ item: Int, at now: Double, virtual: Bool) -> Bool? {
        guard let clip, clip.item == item else { return nil }
        if clip.playback.hasEnded {
            // Played to its end: play it again from the start.
            clip.seek(to: 0, at: now, virtual: virtual)
            clip.heldByUser = false
            clip.resume(at: now, virtual: virtual)
        } else if clip.isPlaying {
            clip.pause(at: now)
            clip.heldByUser = true
        } else {
            clip.heldByUser = false
            clip.resume(at: now, virtual: virtual)
        }
        return clip.isPlaying
    }

    /// The loop ends, or the frame sleeps: nothing decodes.
    mutating func stop(_ drawing: VideoDrawing?) {
        letGo()
        drawing?.forgetVideoTarget(restoringStill: true)
    }

    /// One clip, its player and where it stands.
    final class Clip {
        let item: Int
        let playback: VideoPlayback
        let isMotion: Bool
        private(set) var isPlaying = false
        var heldByUser = false
        var endReported = false
        private(set) var framesShown = 0
        /// The frame of the clip drawn last (virtual time), and whether the next draw is the
        /// frame mpv shows after a load or a seek rather than a step.
        private var shownIndex = 0
        private var awaitsShownFrame = true
        /// App ms it last started playing, and the seconds of clip played before that.
        private(set) var resumedAt = 0.0
        private(set) var playedSeconds = 0.0

        init(item: Int, playback: VideoPlayback, isMotion: Bool) {
            self.item = item
            self.playback = playback
            self.isMotion = isMotion
        }

        /// False while Space holds it paused.
        @discardableResult
        func resume(at now: Double, virtual: Bool) -> Bool {
            guard !heldByUser else { return false }
            isPlaying = true
            resumedAt = now
            if !virtual { playback.isPaused = false }
            return true
        }

        func pause(at now: Double) {
            guard isPlaying else { return }
            isPlaying = false
            playedSeconds += (now - resumedAt) / 1000
            playback.isPaused = true
        }

        /// Seconds into the clip at `now`: on virtual time the app clock's, else mpv's.
        func seconds(at now: Double, virtual: Bool) -> Double {
            let seconds = virtual ? playedSeconds + (isPlaying ? (now - resumedAt) / 1000 : 0) : playback.position
            return min(max(seconds, 0), playback.duration ?? .infinity)
        }

        func seek(to seconds: Double, at now: Double, virtual: Bool) {
            playback.seek(to: seconds)
            playedSeconds = seconds
            resumedAt = now
            awaitsShownFrame = true
            endReported = true
            // mpv paused itself at the end (keep-open): it plays on as this clip does.
            if !virtual { playback.isPaused = !isPlaying }
        }

        /// mpv's current frame drawn again, into a texture made anew.
        func redraw(drawing: VideoDrawing, size: PixelSize) -> Bool { draw(drawing, size) }

        /// Real time: mpv's frame, when it has a new one.
        func drawNewFrame(drawing: VideoDrawing, size: PixelSize) -> Bool {
            guard playback.hasNewFrame else { return false }
            return draw(drawing, size)
        }

        /// Virtual time: frame by frame up to the one due at `now`, each drawn (mpv moves on from
        /// a frame once it has been drawn).
        func stepToFrame(at now: Double, drawing: VideoDrawing, size: PixelSize) -> Bool {
            let fps = playback.framesPerSecond ?? 0
            if awaitsShownFrame {
                // After a seek, the frame there once mpv says the seek is done (a frame it drew
                // before may still be reported new); after a load, its first frame.
                guard playback.isSeeking ? playback.waitForSeek() : playback.waitForFrame() else { return false }
                awaitsShownFrame = false
                shownIndex = Int((playedSeconds * fps).rounded(.down))
                return draw(drawing, size)
            }
            guard isPlaying, fps > 0 else { return false }
            let due = Int((seconds(at: now, virtual: true) * fps).rounded(.down))
            var drew = false
            while shownIndex < due, !playback.hasEnded {
                playback.stepFrame()
                guard playback.waitForFrame() else { break }
                shownIndex += 1
                drew = draw(drawing, size) || drew
            }
            return drew
        }

        private func draw(_ drawing: VideoDrawing, _ size: PixelSize) -> Bool {
            let playback = playback
            guard drawing.drawVideoFrame(item: item, width: size.width, height: size.height, keepingStill: isMotion,
                                         { playback.draw(fbo: $0, width: size.width, height: size.height) }) else { return false }
            framesShown += 1
            return true
        }
    }
}
