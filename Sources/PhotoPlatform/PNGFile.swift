import CSDL2
import CSDL2Image

/// Writes RGBA8 pixels (rows top to bottom) as a PNG file, through SDL_image.
public enum PNGFile {
    public static func write(path: String, width: Int, height: Int, pixels: [UInt8]) throws {
        var copy = pixels
        let ok: Bool = copy.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ABGR8888.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path) == 0
        }
        guard ok else { throw PlatformError("cannot write \(path): \(PlatformError.sdlError)") }
    }
}
