import Foundation
import PhotoCore
import PhotoPipeline

/// Animated GIFs, WebPs and PNGs in the loop (docs/behaviour.md §17): the browser's page on screen, or
/// the slideshow's photo, plays once its still picture is up, at the size of that picture; any
/// other page and the grid show the first frame and cost nothing. The slideshow stays on an
/// animation for one loop, three intervals at most.
extension App {
    /// A URL's name says whether its bytes are worth fetching again; a file says so in its first bytes.
    static let animatedExtensions: Set<String> = ["gif", "webp", "png", "apng"]

    func followAnimation(at now: Double) {
        let target = slideshow.map { catalog.id(at: $0.current) } ?? (scene.mode == .browsing ? currentID : nil)
        var carried: AnimationClock?
        if let player = extras.animation {
            // The page's texture made again at another size (a resize, a sharper decode): frames
            // at the new size, from where the animation was.
            let texture = display.renderer.pageTextureSize(item: player.item)
            let resized = player.item == target && texture != nil && texture != player.textureSize
            if player.item != target || resized {
                let first = player.stop()
                if !resized, let first { putFrame(first, on: player.item) }
                if resized { carried = player.clock }
                extras.animation = nil
            }
        }
        guard let target else { return }
        if extras.animation == nil {
            guard !ledger.isStill(target), let size = display.renderer.pageTextureSize(item: target) else { return }
            let wake = display.events.wake
            switch catalog[target].image {
            case .file(let path):
                extras.animation = AnimationPlayer(item: target, name: path, maxPixelSize: size.longerSide, at: now, clock: carried, wake: wake) {
                    try AnimationDecoder.open(path: path)
                }
            case .url(let url) where Self.animatedExtensions.contains(url.pathExtension.lowercased()):
                guard let bytes = fetchedBytes(of: target, at: url) else { return }
                extras.animation = AnimationPlayer(item: target, name: url.absoluteString, maxPixelSize: size.longerSide, at: now, clock: carried, wake: wake) {
                    try AnimationDecoder.open(bytes)
                }
            default:
                return
            }
            extras.animation?.textureSize = size
        }
        guard let player = extras.animation else { return }
        if !player.loopReported, let end = player.firstLoopEnd {
            player.loopReported = true
            slideshow?.letAnimationLoop(endingAt: end)
        }
        if let frame = player.take(at: now, waiting: clock.isVirtual) {
            if putFrame(frame, on: target) { player.textureSize = frame.levels.first.map { PixelSize(width: $0.width, height: $0.height) } }
        } else if player.isOver, player.timeline == nil {
            ledger.noteStill(target)
            extras.animation = nil
        }
    }

    /// A frame into the page's texture; a texture of a new size is one more for the budget.
    @discardableResult
    private func putFrame(_ frame: (levels: [DecodedImage], opaque: Bool), on item: Int) -> Bool {
        let before = display.renderer.pageTextureSize(item: item)
        guard display.renderer.replaceFrame(item: item, levels: frame.levels, opaque: frame.opaque) else { return false }
        if display.renderer.pageTextureSize(item: item) != before { textures.added() }
        frames.redraw(.animation)
        return true
    }

    /// The bytes of the page's URL once they are here (asked for on the first call); nil while
    /// they come, and for good (a still picture) when they cannot be had.
    private func fetchedBytes(of item: Int, at url: URL) -> [UInt8]? {
        guard let fetch = extras.animationFetch, fetch.item == item else {
            let fetch = AnimationFetch(item: item)
            extras.animationFetch = fetch
            loader.fetchBytes(url) { [wake = display.events.wake] bytes in
                fetch.finish(bytes)
                wake()
            }
            return nil
        }
        guard let result = fetch.result else { return nil }
        extras.animationFetch = nil
        if result == nil { ledger.noteStill(item) }
        return result
    }

    /// Space on a page that animates pauses it, or plays it again; elsewhere it is the slideshow's.
    func animationTakes(_ input: InputEvent, at now: Double) -> Bool {
        guard case .key(let name, _) = input, name.lowercased() == "space", scene.mode == .browsing, slideshow == nil,
              let player = extras.animation, player.timeline != nil, !player.isFinished(at: now) else { return false }
        player.togglePause(at: now)
        frames.redraw(.animation)
        return true
    }

    /// How long an idle loop may wait for the animation's next frame.
    func animationWaitMs(at now: Double) -> Double? {
        extras.animation?.nextFrameMs(at: now).map { $0 - now }
    }
}

/// The bytes of one page's URL on their way from the network thread to the loop.
final class AnimationFetch: @unchecked Sendable {
    // Sendable: `answer` is read and written under `lock`.
    let item: Int
    private let lock = NSLock()
    private var answer: [UInt8]??

    init(item: Int) { self.item = item }

    func finish(_ bytes: [UInt8]?) { lock.withLock { answer = .some(bytes) } }

    /// nil while waiting; .some(nil) when the bytes could not be had.
    var result: [UInt8]?? { lock.withLock { answer } }
}
