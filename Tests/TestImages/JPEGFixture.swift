import CTurboJPEG

/// Real JPEG files for tests, written by libjpeg-turbo.
public enum JPEGFixture {
    public typealias Paint = (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)

    /// RGB source painted by `paint`, compressed at `quality` with 4:4:4 unless told otherwise.
    public static func make(width: Int, height: Int, quality: Int32 = 95, subsampling: TJSAMP = TJSAMP_444,
                     flags: Int32 = 0, paint: Paint) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = paint(x, y)
                let i = (y * width + x) * 4
                rgba[i] = r; rgba[i + 1] = g; rgba[i + 2] = b
            }
        }
        return compress(rgba, width: width, height: height, format: TJPF_RGBA, quality: quality,
                        subsampling: subsampling, flags: flags)
    }

    /// Raw pixels in `format` (TJPF_CMYK for a CMYK JPEG, say) compressed as they are.
    public static func compress(_ pixels: [UInt8], width: Int, height: Int, format: TJPF, quality: Int32 = 95,
                         subsampling: TJSAMP = TJSAMP_444, flags: Int32 = 0) -> [UInt8] {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
                        &output, &size, Int32(subsampling.rawValue), quality, flags)
        }
        precondition(status == 0, "tjCompress2: \(String(cString: tjGetErrorStr2(handle)))")
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    public static func solid(width: Int, height: Int, _ rgb: (UInt8, UInt8, UInt8)) -> [UInt8] {
        make(width: width, height: height) { _, _ in rgb }
    }
}

extension JPEGFixture {
    /// A camera's JPEG: a `photo` colour with a fine grain (so that it weighs what a photo does,
    /// well over 64 KiB, while its mean stays that colour), with an EXIF thumbnail of another
    /// colour (`thumbnail`, `thumbnailWidth` x `thumbnailHeight`) so a screenshot tells which was shown;
    /// with no `thumbnail`, no EXIF block.
    public static func withExifThumbnail(width: Int, height: Int, photo: (UInt8, UInt8, UInt8), thumbnail: (UInt8, UInt8, UInt8)?,
                                         thumbnailWidth: Int = 160, thumbnailHeight: Int = 120) -> [UInt8] {
        let large = make(width: width, height: height, quality: 85) { x, y in
            let grain = Int((UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663) >> 7) % 17) - 8
            func add(_ c: UInt8) -> UInt8 { UInt8(clamping: Int(c) + grain) }
            return (add(photo.0), add(photo.1), add(photo.2))
        }
        guard let thumbnail else { return large }
        let small = make(width: thumbnailWidth, height: thumbnailHeight, quality: 85) { _, _ in thumbnail }
        return ExifSegment.splice(ExifSegment.make(orientation: 1, thumbnail: small), into: large)
    }
}
