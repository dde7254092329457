import CSDL2
import CSDL2TTF
import PhotoCore

/// Text in any script through SDL2_ttf (shaped by its HarfBuzz): the string is split into runs
/// by font, script and direction (`TextRuns`), each run is shaped and rendered alone, and the
/// runs are set side by side on one baseline. Fonts are opened once per face and pixel size.
/// GL (main) thread only, like the renderer that calls it.
public final class FontRasterizer: TextRasterizing {
    private let fonts: FontFallback
    private var opened: [FontKey: OpaquePointer] = [:]

    private struct FontKey: Hashable {
        let face: Int
        let size: Int
    }

    /// Fails (with the reason) when SDL_ttf cannot start or the first font cannot be opened.
    public init(fonts: FontFallback) throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            throw PlatformError("cannot start SDL_ttf: \(PlatformError.sdlError)")
        }
        self.fonts = fonts
        guard font(0, size: 16) != nil else {
            throw PlatformError("cannot open the font \(fonts.faces[0].path): \(PlatformError.sdlError)")
        }
    }

    deinit {
        for f in opened.values { TTF_CloseFont(f) }
        TTF_Quit()
    }

    private func font(_ face: Int, size: Int) -> OpaquePointer? {
        let key = FontKey(face: face, size: size)
        if let f = opened[key] { return f }
        let file = fonts.faces[face]
        guard let f = TTF_OpenFontIndex(file.path, Int32(size), file.index) else { return nil }
        opened[key] = f
        return f
    }

    /// The font of `run` set up to shape it; the first font when its own cannot be opened.
    private func font(for run: TextRun, size: Int) -> OpaquePointer? {
        guard let f = font(run.face, size: size) ?? font(0, size: size) else { return nil }
        TTF_SetFontDirection(f, run.rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(f, run.script)
        return f
    }

    private static func clamp(_ pixelSize: Int) -> Int { max(4, min(pixelSize, 400)) }

    public func width(of text: String, pixelSize: Int) -> Int? {
        let size = Self.clamp(pixelSize)
        guard font(0, size: size) != nil else { return nil }
        return measure(TextRuns.runs(text, fonts: fonts), size: size)
    }

    private func measure(_ runs: [TextRun], size: Int) -> Int {
        runs.reduce(0) { total, run in
            var w: Int32 = 0, h: Int32 = 0
            guard let f = font(for: run, size: size) else { return total }
            TTF_SizeUTF8(f, run.text, &w, &h)
            return total + Int(w)
        }
    }

    public func rasterize(_ text: String, pixelSize: Int, maxWidth: Int?) -> RasterizedText? {
        let size = Self.clamp(pixelSize)
        guard let primary = font(0, size: size) else { return nil }
        let shown = maxWidth.map { fitted(text, size: size, width: $0) } ?? text
        let runs = TextRuns.runs(shown, fonts: fonts)
        guard !runs.isEmpty else { return nil }
        var pieces: [(image: RasterizedText, ascent: Int)] = []
        var ascent = Int(TTF_FontAscent(primary)), descent = Int(-TTF_FontDescent(primary))
        for run in runs {
            guard let f = font(for: run, size: size), let image = Self.render(run.text, font: f) else { continue }
            let a = Int(TTF_FontAscent(f))
            ascent = max(ascent, a)
            descent = max(descent, image.height - a)
            pieces.append((image, a))
        }
        guard !pieces.isEmpty else { return nil }
        let width = pieces.reduce(0) { $0 + $1.image.width }, height = ascent + descent
        guard width > 0, height > 0 else { return nil }
        // White everywhere; coverage in alpha. Neighbouring runs may touch, never overlap much:
        // where they do, the stronger coverage wins.
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) { pixels[i * 4 + 3] = 0 }
        var x = 0
        for piece in pieces {
            let top = ascent - piece.ascent
            for y in 0..<piece.image.height where top + y >= 0 && top + y < height {
                for px in 0..<piece.image.width {
                    let src = piece.image.pixels[(y * piece.image.width + px) * 4 + 3]
                    let dst = ((top + y) * width + x + px) * 4 + 3
                    pixels[dst] = max(pixels[dst], src)
                }
            }
            x += piece.image.width
        }
        return RasterizedText(width: width, height: height, pixels: pixels)
    }

    /// One shaped run as white RGBA with coverage in alpha.
    private static func render(_ text: String, font: OpaquePointer) -> RasterizedText? {
        guard let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
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

    /// The longest start of `text` (whole characters) that, with an ellipsis, fits `width` pixels.
    private func fitted(_ text: String, size: Int, width: Int) -> String {
        func fits(_ s: String) -> Bool { measure(TextRuns.runs(s, fonts: fonts), size: size) <= width }
        guard !fits(text) else { return text }
        let chars = Array(text)
        var (low, high) = (0, chars.count)  // fits with `low` characters; not with `high`
        guard fits("…") else { return "" }
        while high - low > 1 {
            let mid = (low + high) / 2
            if fits(String(chars[..<mid]) + "…") { low = mid } else { high = mid }
        }
        return String(chars[..<low]) + "…"
    }
}
