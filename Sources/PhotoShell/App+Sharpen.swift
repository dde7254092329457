import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog

/// A page's photo is decoded for the window and for the way it is shown (`PageRequest`). When
/// either grows — the window goes full screen, a Ken Burns slideshow starts on a page decoded
/// for the browser — the pages in view are decoded again at the new size, and the texture they
/// have keeps showing until the sharper one is whole (docs/behaviour.md §7).
extension App {
    /// A texture this much smaller than the page needs is worth a second decode; closer than
    /// that, nobody sees the difference.
    static let softTextureRatio = 0.9

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
            guard let key = key(index, .full), extras.sharpening.isNew(fit, for: key), !catalog[key.item].isDeepZoom, let arrival = ledger.arrival(key) else { continue }
            extras.sharpening.looked(at: fit, for: key)
            let photo = PixelSize(width: Int(arrival.size.width.rounded()), height: Int(arrival.size.height.rounded()))
            let page = pageRequest(at: index)
            let needed = min(photo.longerSide, ImageLoader.fitted(page.pixels, into: page.fitting, size: { photo }))
            let has = max(arrival.texture.width, arrival.texture.height)
            if has < Self.softTextureRatio * Double(needed) {
                Log.info("item \(index) sharper: \(Int(has)) px on its longer side, \(needed) needed")
                // The ledger keeps it ready: the scene, the detail layer and the fan go on with
                // the texture on screen until the sharper one replaces it.
                extras.sharpening.start(key)
                startLoad(key, urgency)
            }
        }
    }
}

extension App {
    /// A sharper decode of a ready page came: its pixels go to the GPU (true), to replace the
    /// texture there once whole.
    func receivedSharper(_ key: ImageKey, _ arrival: Arrival) -> Bool {
        extras.sharpening.received(key, arrival, pageReady: ledger.isReady(key))
    }

    /// A texture of `key` is whole: if it is the sharper one, the ledger learns its size.
    func uploadedSharper(_ key: ImageKey) {
        if let arrival = extras.sharpening.uploaded(key) { ledger.replaced(key, with: arrival) }
    }
}
