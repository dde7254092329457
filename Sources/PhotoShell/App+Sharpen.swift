import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog

/// A page's photo is decoded for the window and for the way it is shown (`PageRequest`). When
/// either grows — the window goes full screen, a Ken Burns slideshow starts on a page decoded
/// for the browser — the pages in view are decoded again at the new size, and the texture they
/// have keeps showing until the sharper one is whole (docs/behaviour.md §7).
extension App {
    func sharpenSoftPages() {
        let drawable = display.window.drawableSize
        let fit = PageFit(drawable: PixelSize(width: drawable.width, height: drawable.height), transition: slideshow?.transition)
        var pages: [(Int, LoadUrgency)] = []
        if let show = slideshow {
            pages = [(show.current, .current)] + (show.next(images: imageStates).map { [($0, .neighbour)] } ?? [])
        } else if scene.mode == .browsing {
            let current = scene.currentIndex
            pages = [(current, .current), (current - 1, .neighbour), (current + 1, .neighbour)]
        }
        for (index, urgency) in pages {
            // A deep zoom page's whole picture is what its server offers; tiles sharpen it.
            guard let key = key(index, .full), !catalog[key.item].isDeepZoom, let sharper = images.sharpen(key, for: fit, urgency: urgency) else { continue }
            Log.info("item \(index) sharper: \(Int(sharper.has)) px on its longer side, \(sharper.needed) needed")
        }
    }
}
