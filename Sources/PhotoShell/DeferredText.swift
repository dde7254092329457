import Foundation
import PhotoCore
import PhotoLog
import PhotoPlatform
import PhotoRender

/// Text drawing that costs the start nothing: fontconfig sorts its fonts (10-20 ms with a few
/// hundred installed) on another thread once the first frame is up (or at once, when a string is
/// drawn before), and SDL_ttf opens a font only when the first string is drawn, which a photo's
/// first frame may never do.
final class DeferredText: TextRasterizing {
    private final class Pending: @unchecked Sendable {
        // Sendable: `fonts` is written once before `ready` is left, and read after waiting on it.
        let ready = DispatchGroup()
        var fonts: FontFallback?
    }

    private let pending = Pending()
    private var started = false
    private var made = false
    private var rasterizer: TextRasterizing?

    /// Starts sorting the fonts on another thread; once.
    func start() {
        guard !started else { return }
        started = true
        let pending = self.pending
        pending.ready.enter()
        Thread.detachNewThread {
            pending.fonts = FontFallback()
            pending.ready.leave()
        }
    }

    /// The real rasterizer, made on first use on the calling (GL) thread; nil without fonts.
    private var real: TextRasterizing? {
        if made { return rasterizer }
        made = true
        start()
        pending.ready.wait()
        guard let fonts = pending.fonts else {
            Log.error("no font found through fontconfig: text will not be drawn (install fonts-dejavu-core)")
            return nil
        }
        do { rasterizer = try FontRasterizer(fonts: fonts) } catch { Log.error("\(error): text will not be drawn") }
        return rasterizer
    }

    func rasterize(_ text: String, pixelSize: Int, maxWidth: Int?) -> RasterizedText? {
        real?.rasterize(text, pixelSize: pixelSize, maxWidth: maxWidth)
    }

    func width(of text: String, pixelSize: Int) -> Int? {
        real?.width(of: text, pixelSize: pixelSize)
    }
}
