import CSDL2
import CSDL2Image
import Foundation
import PhotoCore

/// Every format SDL2_image knows (PNG, GIF first frame, WebP, TIFF, BMP, ...), converted to RGBA8.
///
/// Thread-safe: SDL2_image is initialised once, each call owns its surfaces, and SDL keeps its
/// error message per thread. Callers check header dimensions first (`HeaderProbe`), because
/// SDL2_image allocates whatever a header claims.
enum SDLImageDecoder {
    // IMG_Init loads the codec libraries; it is not safe to race, so it runs once (Swift statics are).
    private static let codecs: Void = {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue))
    }()

    /// - parameter recognised: whether the magic bytes named a format; decides `corrupt` vs `notAnImage`.
    static func decode(_ bytes: [UInt8], recognised: Bool) throws -> DecodedImage {
        _ = codecs
        // SDL keeps each thread's error message in storage it frees by itself only for the threads
        // it started: a worker or a pool thread that ends after a failed decode leaked it. Not on
        // the main thread, whose SDL storage also holds the current GL context.
        defer { if !Thread.isMainThread { SDL_TLSCleanup() } }
        guard !bytes.isEmpty else { throw DecodeError.empty }
        var isSVG = false
        let loaded: UnsafeMutablePointer<SDL_Surface>? = bytes.withUnsafeBytes { raw in
            guard let stream = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return nil }
            // SVG is not one of sdlphoto's formats (docs/behaviour.md §1), and SDL2_image 2.6's SVG
            // loader leaks the parsed document of every SVG without a size.
            if wouldReadAsSVG(stream) {
                isSVG = true
                SDL_RWclose(stream)
                return nil
            }
            return IMG_Load_RW(stream, 1)  // 1: IMG_Load_RW closes the stream, on failure too
        }
        guard let loaded else {
            throw recognised && !isSVG ? DecodeError.corrupt(reason: lastError) : DecodeError.notAnImage
        }
        defer { SDL_FreeSurface(loaded) }
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw DecodeError.corrupt(reason: "cannot convert to RGBA: \(lastError)")
        }
        defer { SDL_FreeSurface(rgba) }
        return try copyPixels(of: rgba)
    }

    /// Whether IMG_Load_RW would take `stream` for SVG: it asks each format's detector in turn and
    /// reads with the first that says yes; SVG's ("<svg" in the first 4 KiB) comes after these.
    private static func wouldReadAsSVG(_ stream: UnsafeMutablePointer<SDL_RWops>) -> Bool {
        let detectorsBeforeSVG = [IMG_isAVIF, IMG_isCUR, IMG_isICO, IMG_isBMP, IMG_isGIF, IMG_isJPG,
                                  IMG_isJXL, IMG_isLBM, IMG_isPCX, IMG_isPNG, IMG_isPNM]
        return IMG_isSVG(stream) != 0 && !detectorsBeforeSVG.contains { $0(stream) != 0 }
    }

    // ABGR8888 is a packed 32-bit format; on little-endian machines its bytes are R, G, B, A.
    private static func copyPixels(of surface: UnsafeMutablePointer<SDL_Surface>) throws -> DecodedImage {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        guard SDL_LockSurface(surface) == 0 else { throw DecodeError.corrupt(reason: lastError) }
        defer { SDL_UnlockSurface(surface) }
        guard let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt8.self), width > 0, height > 0 else {
            throw DecodeError.corrupt(reason: "the decoder produced no pixels")
        }
        let rowBytes = width * DecodedImage.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + row * rowBytes).update(from: base + row * pitch, count: rowBytes)
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    private static var lastError: String {
        let message = String(cString: SDL_GetError())
        return message.isEmpty ? "unknown SDL2_image error" : message
    }
}
