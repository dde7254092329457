import Foundation
import PhotoCore
import PhotoLoader
import PhotoPipeline
import PhotoRender
import PhotoSources
import Synchronization

/// The renderer's side of an animation: the page's texture, whose pixels its frames replace.
protocol FrameDrawing: AnyObject {
    func pageTextureSize(item: Int) -> PixelSize?
    func replaceFrame(item: Int, levels: [DecodedImage], opaque: Bool) -> Bool
}

/// Where a URL page's bytes come from: the loader.
protocol BytesFetching: AnyObject {
    func fetchBytes(_ url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void)
}

extension Renderer: FrameDrawing {}
extension ImageLoader: BytesFetching {}

/// Animated GIFs, WebPs and PNGs (docs/behaviour.md §17): the browser's page on screen, or the
/// slideshow's photo, plays once its still picture is up, at the size of that picture; any other
/// page and the grid show the first frame and cost nothing.
struct PageAnimation {
    /// A URL's name says whether its bytes are worth fetching again; a file says so in its first bytes.
    static let animatedExtensions: Set<String> = ["gif", "webp", "png", "apng"]

    /// By its address's name, or the file name its server lists where the address has none.
    static func mayAnimate(_ url: URL, name: String) -> Bool {
        [url.pathExtension, (name as NSString).pathExtension].contains { animatedExtensions.contains($0.lowercased()) }
    }

    /// The photo that may play: where it is, its name (a server's file name where the address
    /// has none, as Immich's), and whether it is known to be still.
    struct Page {
        let item: Int
        let image: Location
        let name: String
        let isStill: Bool
    }

    /// What a frame of the loop hears back.
    struct Step {
        var redraw = false
        /// The page's texture changed size: one more for the budget.
        var textureResized = false
        /// The photo turned out to be a still picture: it is not tried again.
        var becameStill = false
        /// When the first loop ends, said once: the slideshow stays that long.
        var firstLoopEnd: Double?
    }

    private var player: AnimationPlayer?
    /// A URL page's bytes on their way.
    private var fetch: AnimationFetch?

    /// `item` plays frames of its own over its texture.
    func plays(_ item: Int) -> Bool { player?.item == item && player?.timeline != nil }

    /// Frames decoded ahead: pixels held for the screen as textures are.
    var heldBytes: Int { player?.heldBytes ?? 0 }

    /// How long an idle loop may wait for the next frame.
    func waitMs(at now: Double) -> Double? { player?.nextFrameMs(at: now).map { $0 - now } }

    /// Each frame: start, carry on or stop the animation of `page` (nil: nothing may play).
    mutating func follow(_ page: Page?, drawing: FrameDrawing, bytes: BytesFetching, wake: @escaping @Sendable () -> Void,
                         at now: Double, waiting: Bool) -> Step {
        var step = Step()
        var carried: AnimationClock?
        if let player {
            // The page's texture made again at another size (a resize, a sharper decode): frames
            // at the new size, from where the animation was.
            let texture = drawing.pageTextureSize(item: player.item)
            let resized = player.item == page?.item && texture != nil && texture != player.textureSize
            if player.item != page?.item || resized {
                let first = player.stop()
                if !resized, let first { put(first, on: player.item, drawing, &step) }
                if resized { carried = player.clock }
                self.player = nil
            }
        }
        guard let page else { return step }
        if player == nil {
            guard !page.isStill, let size = drawing.pageTextureSize(item: page.item) else { return step }
            player = start(page, maxPixelSize: size.longerSide, clock: carried, bytes: bytes, wake: wake, at: now, &step)
            player?.textureSize = size
        }
        guard let player else { return step }
        if !player.loopReported, let end = player.firstLoopEnd {
            player.loopReported = true
            step.firstLoopEnd = end
        }
        if let frame = player.take(at: now, waiting: waiting) {
            if put(frame, on: page.item, drawing, &step) { player.textureSize = frame.levels.first.map { PixelSize(width: $0.width, height: $0.height) } }
        } else if player.isOver, player.timeline == nil {
            step.becameStill = true
            self.player = nil
        }
        return step
    }

    private mutating func start(_ page: Page, maxPixelSize: Int, clock: AnimationClock?, bytes: BytesFetching,
                                wake: @escaping @Sendable () -> Void, at now: Double, _ step: inout Step) -> AnimationPlayer? {
        switch page.image {
        case .file(let path):
            return AnimationPlayer(item: page.item, name: path, maxPixelSize: maxPixelSize, at: now, clock: clock, wake: wake) {
                try AnimationDecoder.open(path: path)
            }
        case .url(let url) where Self.mayAnimate(url, name: page.name):
            guard let fetched = fetched(page.item, at: url, from: bytes, wake: wake) else { return nil }
            guard let data = fetched else {
                step.becameStill = true
                return nil
            }
            return AnimationPlayer(item: page.item, name: url.absoluteString, maxPixelSize: maxPixelSize, at: now, clock: clock, wake: wake) {
                try AnimationDecoder.open(data)
            }
        default:
            return nil
        }
    }

    /// A frame into the page's texture; a texture of a new size is one more for the budget.
    @discardableResult
    private func put(_ frame: (levels: [DecodedImage], opaque: Bool), on item: Int, _ drawing: FrameDrawing, _ step: inout Step) -> Bool {
        let before = drawing.pageTextureSize(item: item)
        guard drawing.replaceFrame(item: item, levels: frame.levels, opaque: frame.opaque) else { return false }
        if drawing.pageTextureSize(item: item) != before { step.textureResized = true }
        step.redraw = true
        return true
    }

    /// The bytes of the page's URL once here (asked for on the first call): nil while they come,
    /// .some(nil) when they cannot be had.
    private mutating func fetched(_ item: Int, at url: URL, from bytes: BytesFetching, wake: @escaping @Sendable () -> Void) -> [UInt8]?? {
        guard let fetch, fetch.item == item else {
            let fetch = AnimationFetch(item: item)
            self.fetch = fetch
            bytes.fetchBytes(url) { data in
                fetch.finish(data)
                wake()
            }
            return nil
        }
        guard let result = fetch.result else { return nil }
        self.fetch = nil
        return .some(result)
    }

    /// Space on the page pauses it, or plays it again; false when nothing plays.
    func togglePause(at now: Double) -> Bool {
        guard let player, player.timeline != nil, !player.isFinished(at: now) else { return false }
        player.togglePause(at: now)
        return true
    }

    /// The loop ends: the worker stops.
    mutating func stop() {
        _ = player?.stop()
        player = nil
    }
}

/// The bytes of one page's URL on their way from the network thread to the loop.
final class AnimationFetch: Sendable {
    let item: Int
    private let answer = Mutex<[UInt8]??>(nil)

    init(item: Int) { self.item = item }

    func finish(_ bytes: [UInt8]?) { answer.withLock { $0 = .some(bytes) } }

    /// nil while waiting; .some(nil) when the bytes could not be had.
    var result: [UInt8]?? { answer.withLock { $0 } }
}
