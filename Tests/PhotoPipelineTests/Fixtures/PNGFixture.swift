import CPNG

/// Real PNG files for tests, written by libpng's simplified API.
enum PNGFixture {
    /// `pixels` laid out as `format` says (PNGFormat.rgba, .gray, .linearRGBA
    /// for 16-bit, .rgbaColormap with `colormap` for a palette).
    static func make(width: Int, height: Int, format: Int32, pixels: [UInt8], colormap: [UInt8]? = nil) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(format)
        if let colormap { image.colormap_entries = UInt32(colormap.count / 4) }
        var size: Int = 0
        let write = { (memory: UnsafeMutableRawPointer?, size: inout Int) -> Int32 in
            pixels.withUnsafeBytes { src in
                (colormap ?? []).withUnsafeBytes { map in
                    png_image_write_to_memory(&image, memory, &size, 0, src.baseAddress, 0,
                                              colormap == nil ? nil : map.baseAddress)
                }
            }
        }
        precondition(write(nil, &size) != 0, "png size: \(message(image))")
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { write($0.baseAddress, &size) }
        precondition(ok != 0, "png write: \(message(image))")
        return Array(out[0..<size])
    }

    static func rgba(width: Int, height: Int, paint: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = paint(x, y); pixels += [p.0, p.1, p.2, p.3] } }
        return make(width: width, height: height, format: PNGFormat.rgba, pixels: pixels)
    }

    /// 8-bit RGB with no alpha ("PNG24"), what heif-enc, avifenc and cjxl read without surprises.
    static func rgb(width: Int, height: Int, paint: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = paint(x, y); pixels += [p.0, p.1, p.2] } }
        return make(width: width, height: height, format: PNGFormat.color, pixels: pixels)
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// libpng's composite format macros do not import into Swift; these are their values from png.h.
enum PNGFormat {
    static let gray: Int32 = 0
    static let alpha: Int32 = 1, color: Int32 = 2, linear: Int32 = 4, colormap: Int32 = 8
    static let rgba = color | alpha
    static let linearRGBA = linear | color | alpha  // 16 bits per channel
    static let rgbaColormap = colormap | color | alpha
}
