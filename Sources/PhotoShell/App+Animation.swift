import PhotoCore

/// The animation of the page on screen, or of the slideshow's photo (`PageAnimation`); the
/// slideshow stays on an animation for one loop, three intervals at most.
extension App {
    func followAnimation(at now: Double) {
        let target = slideshow.map { catalog.id(at: $0.current) } ?? (scene.mode == .browsing ? currentID : nil)
        let page = target.map { PageAnimation.Page(item: $0, image: catalog[$0].image, isStill: ledger.isStill($0)) }
        let step = extras.animation.follow(page, drawing: display.renderer, bytes: loader, wake: display.events.wake, at: now, waiting: clock.isVirtual)
        if step.textureResized { textures.added() }
        if step.redraw { frames.redraw(.animation) }
        if let end = step.firstLoopEnd { operation.slides.letAnimationLoop(endingAt: end) }
        if step.becameStill, let target { images.note { $0.noteStill(target) } }
    }

    /// Space on a page that animates pauses it, or plays it again; elsewhere it is the slideshow's.
    func animationTakes(_ input: InputEvent, at now: Double) -> Bool {
        guard case .key(let name, _) = input, name.lowercased() == "space", scene.mode == .browsing, slideshow == nil,
              extras.animation.togglePause(at: now) else { return false }
        frames.redraw(.animation)
        return true
    }
}
