import CEarlyPicture
import PhotoCore

/// A picture put straight into a new window while its GL context starts: on llvmpipe the
/// context and the first frame take tens of milliseconds more, and a launch's photo need not
/// wait for them (docs/behaviour.md §12, Start). The first GL frame draws the same picture.
public struct EarlyPicture: Sendable {
    public let image: DecodedImage
    /// Where the picture goes, in window points.
    public let rect: Rect
    public let background: Color
    /// The window size `rect` was laid out for: a window that came out otherwise shows nothing.
    public let window: Size

    public init(image: DecodedImage, rect: Rect, background: Color, window: Size) {
        self.image = image; self.rect = rect; self.background = background; self.window = window
    }

    /// `image` scaled into `rect` as a texture drawn there with linear filtering would look,
    /// the rest of the window `background`. False where the X server says the window's size is
    /// not `window` (a window manager changed it).
    /// `onMainThread`: the caller made the window (SDL's connection is its to use).
    func paint(on canvas: OpaquePointer, onMainThread: Bool) -> Bool {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return false }
        let bgra = image.inOrder(.bgra)
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return bgra.pixels.withUnsafeBufferPointer { bytes in
            sdlphoto_early_canvas_paint(canvas, onMainThread ? 1 : 0, Int32(window.width), Int32(window.height),
                                        bytes.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * DecodedImage.bytesPerPixel),
                                        rect.minX, rect.minY, rect.width, rect.height, byte(background.r), byte(background.g), byte(background.b)) == 1
        }
    }
}
