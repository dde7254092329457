import Foundation
import PhotoCore

/// Animated GIFs, WebPs and PNGs in the loop (docs/behaviour.md §17): the browser's page on screen, or
/// the slideshow's photo, plays once its still picture is up, at the size of that picture; any
/// other page and the grid show the first frame and cost nothing. The slideshow stays on an
/// animation for one loop, three intervals at most.
extension App {
    static let animatedExtensions: Set<String> = ["gif", "webp", "png", "apng"]

    func followAnimation(at now: Double) {
        let target = slideshow.map { shown.indices.contains($0.current) ? shown[$0.current] : nil } ?? (scene.mode == .browsing ? currentID : nil)
        if let player = animation, player.item != target {
            player.stop()
            animation = nil
        }
        guard let target else { return }
        if animation == nil {
            guard !stillPictures.contains(target), case .file(let path) = catalog[target].image,
                  Self.animatedExtensions.contains((path as NSString).pathExtension.lowercased()),
                  let size = renderer.pageTextureSize(item: target) else { return }
            animation = AnimationPlayer(item: target, path: path, maxPixelSize: size.longerSide, at: now)
        }
        guard let player = animation else { return }
        if !player.loopReported, let end = player.firstLoopEnd {
            player.loopReported = true
            slideshow?.letAnimationLoop(endingAt: end)
        }
        if let frame = player.take(at: now, waiting: clock.isVirtual) {
            if renderer.replaceFrame(item: target, levels: frame.levels, opaque: frame.opaque) { needsDraw = true }
        } else if player.isOver, player.timeline == nil {
            stillPictures.insert(target)
            animation = nil
        }
    }

    /// Space on a page that animates pauses it, or plays it again; elsewhere it is the slideshow's.
    func animationTakes(_ input: InputEvent, at now: Double) -> Bool {
        guard case .key(let name, _) = input, name.lowercased() == "space", scene.mode == .browsing, slideshow == nil,
              let player = animation, player.timeline != nil else { return false }
        player.togglePause(at: now)
        needsDraw = true
        return true
    }

    /// How long an idle loop may wait for the animation's next frame.
    func animationWaitMs(at now: Double) -> Double? {
        animation?.nextFrameMs(at: now).map { $0 - now }
    }
}
