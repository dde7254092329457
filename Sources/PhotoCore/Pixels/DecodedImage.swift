/// Decoded pixels, ready to upload as a texture: what the pipeline decodes and each level of the
/// mip chain the renderer uploads, one type for both (only the texel order is turned, once).
///
/// - `pixels` holds `width * height * 4` bytes, 8 bits a channel in `order` (RGBA as decoders make
///   them; BGRA for a mip chain on its way to a texture), straight (not premultiplied) alpha, rows
///   top to bottom with no padding between them.
/// - EXIF orientation is already applied: row 0 is the top of the picture as a person sees it.
/// - A value type with no shared state; safe to hand from a worker thread to the render thread.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    public let order: TexelOrder

    public static let bytesPerPixel = 4

    /// - precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], order: TexelOrder = .rgba) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * Self.bytesPerPixel,
                     "DecodedImage: \(pixels.count) bytes do not make \(width)x\(height) pixels of 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.order = order
    }

    /// The red, green, blue and alpha bytes of the pixel at column `x`, row `y` (0-based, from the top left).
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * Self.bytesPerPixel
        return order == .rgba ? (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
            : (pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
    }

    /// The same pixels in `wanted` order: red and blue swapped when it differs, alpha in place.
    public func inOrder(_ wanted: TexelOrder) -> DecodedImage {
        guard wanted != order else { return self }
        let out = pixels.withUnsafeBytes { source in
            [UInt8](unsafeUninitializedCapacity: source.count) { target, count in
                TexelOrder.copySwappingRedAndBlue(from: source, to: UnsafeMutableRawBufferPointer(target))
                count = source.count
            }
        }
        return DecodedImage(width: width, height: height, pixels: out, order: wanted)
    }

    /// True when every pixel's alpha is 255: such a photo draws without blending, which a
    /// software rasteriser pays for on every pixel. Call it off the GL thread.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] != 255 { return false }; i += 4 }
            return true
        }
    }
}

/// Width and height in pixels, as a viewer lays out a page before the pixels arrive.
public struct PixelSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var longerSide: Int { max(width, height) }
    public var megapixels: Double { Double(width) * Double(height) / 1_000_000 }
    public var description: String { "\(width)x\(height)" }
}

extension DecodedImage {
    /// The part of the image inside `x, y, width, height` (clamped to the image), copied row by row.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> DecodedImage {
        let x0 = min(max(0, x), self.width), y0 = min(max(0, y), self.height)
        let w = min(max(0, width), self.width - x0), h = min(max(0, height), self.height - y0)
        guard w > 0, h > 0 else { return DecodedImage(width: 0, height: 0, pixels: [], order: order) }
        var out = [UInt8](repeating: 0, count: w * h * Self.bytesPerPixel)
        let rowBytes = w * Self.bytesPerPixel
        out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                for row in 0..<h {
                    let from = ((y0 + row) * self.width + x0) * Self.bytesPerPixel
                    dst.baseAddress!.advanced(by: row * rowBytes).copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
        return DecodedImage(width: w, height: h, pixels: out, order: order)
    }
}
