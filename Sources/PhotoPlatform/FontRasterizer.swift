import CSDL2
import CSDL2TTF
import PhotoRender

/// Text through SDL2_ttf with a real font file; fonts opened once per pixel size.
/// GL (main) thread only, like the renderer that calls it.
public final class FontRasterizer: TextRasterizing {
    private let path: String
    private var fonts: [Int: OpaquePointer] = [:]

    /// Nil (with the reason) when SDL_ttf cannot start or the font cannot be opened.
    public init(path: String) throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            throw PlatformError("cannot start SDL_ttf: \(PlatformError.sdlError)")
        }
        self.path = path
        guard font(size: 16) != nil else {
            throw PlatformError("cannot open the font \(path): \(PlatformError.sdlError)")
        }
    }

    deinit {
        for f in fonts.values { TTF_CloseFont(f) }
        TTF_Quit()
    }

    private func font(size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let f = TTF_OpenFont(path, Int32(size)) else { return nil }
        fonts[size] = f
        return f
    }

    public func width(of text: String, pixelSize: Int) -> Int? {
        guard let font = font(size: max(4, min(pixelSize, 400))) else { return nil }
        return Self.measure(text, font: font)
    }

    private static func measure(_ text: String, font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return Int(w)
    }

    public func rasterize(_ text: String, pixelSize: Int, maxWidth: Int?) -> RasterizedText? {
        guard let font = font(size: max(4, min(pixelSize, 400))) else { return nil }
        let shown = maxWidth.map { fitted(text, font: font, width: $0) } ?? text
        guard !shown.isEmpty,
              let rendered = TTF_RenderUTF8_Blended(font, shown, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        guard let rgba = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(rgba) }
        let s = rgba.pointee
        let width = Int(s.w), height = Int(s.h), pitch = Int(s.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        SDL_LockSurface(rgba)
        if let src = s.pixels?.assumingMemoryBound(to: UInt8.self) {
            for y in 0..<height {
                for i in 0..<(width * 4) { pixels[y * width * 4 + i] = src[y * pitch + i] }
            }
        }
        SDL_UnlockSurface(rgba)
        return RasterizedText(width: width, height: height, pixels: pixels)
    }

    /// The longest prefix of `text` that, with an ellipsis, fits `width` pixels.
    private func fitted(_ text: String, font: OpaquePointer, width: Int) -> String {
        func measure(_ s: String) -> Int { Self.measure(s, font: font) }
        guard measure(text) > width else { return text }
        var chars = Array(text)
        while !chars.isEmpty, measure(String(chars) + "…") > width { chars.removeLast() }
        return chars.isEmpty ? "" : String(chars) + "…"
    }
}
