import CJPEGStream
import PhotoCore

/// A progressive JPEG read as its bytes arrive (docs/behaviour.md §8, Progressive JPEGs): after
/// each completed scan the whole photo can be drawn, coarse at first, through libjpeg's
/// buffered-image mode. The picture is finished as `ImageDecoder.decode` finishes its own (the same
/// DCT scale, shrunk to the same size, in sRGB, upright), so each scan lands where the final
/// decode will. A baseline JPEG says so at its header: it has nothing to show before its end.
///
/// Not thread safe: one worker at a time feeds and renders it.
public final class ProgressiveJPEGStream {
    public enum Step: Equatable {
        /// Nothing new since the last step.
        case needsBytes
        /// One or more scans more are complete: `picture` shows more than before.
        case scan
        /// The last scan is in; the final decode takes over.
        case end
        /// One scan only, or a kind or size this mode does not show: wait for the whole file.
        case wholeFileOnly
        case failed(String)
    }

    /// What the final decode is asked for, given the photo's size as displayed.
    public typealias Sizing = (_ displayed: PixelSize) -> (maxPixelSize: Int?, sharpAt: Int?)

    private let stream: OpaquePointer
    private let sizing: Sizing
    private let limits: DecodeLimits
    private var finishing: (colour: ColourDescription, orientation: ExifOrientation, maxPixelSize: Int?)?
    /// The photo's size as displayed, once its header is read.
    public private(set) var displayedSize: PixelSize?

    /// Buffered-image mode keeps every DCT coefficient of the photo, 2 bytes a sample: 36 MB for
    /// 12 MP in 4:2:0. Beyond this (about 55 MP in 4:2:0, 27 MP in 4:4:4) a photo waits for its
    /// last byte.
    public static let maxCoefficientBytes = 160 << 20

    public init?(limits: DecodeLimits = .standard, sizing: @escaping Sizing) {
        guard let stream = jpeg_stream_create() else { return nil }
        self.stream = stream
        self.sizing = sizing
        self.limits = limits
    }

    deinit { jpeg_stream_destroy(stream) }

    /// Scans complete so far.
    public var completedScans: Int { Int(jpeg_stream_completed_scans(stream)) }

    /// Reads as far as `bytes` (every byte so far, growing from one call to the next) allow.
    public func advance(_ bytes: [UInt8]) -> Step {
        while true {
            let status = bytes.withUnsafeBufferPointer { jpeg_stream_advance(stream, $0.baseAddress, $0.count) }
            switch Int(status) {
            case JPEG_STREAM_HEADER:
                if let stop = chooseScale(bytes) { return stop }
            case JPEG_STREAM_SCAN: return .scan
            case JPEG_STREAM_END: return .end
            case JPEG_STREAM_BASELINE: return .wholeFileOnly
            case JPEG_STREAM_ERROR: return .failed(String(cString: jpeg_stream_error(stream)))
            default: return .needsBytes
            }
        }
    }

    /// The photo as of the last complete scan, finished for the screen; nil before the first.
    public func picture(_ bytes: [UInt8]) -> DecodedImage? {
        let width = Int(jpeg_stream_output_width(stream)), height = Int(jpeg_stream_output_height(stream))
        guard completedScans > 0, width > 0, height > 0, let finishing else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * DecodedImage.bytesPerPixel)
        let status = bytes.withUnsafeBufferPointer { jpeg in
            pixels.withUnsafeMutableBufferPointer { out in
                jpeg_stream_render(stream, jpeg.baseAddress, jpeg.count, out.baseAddress, width * DecodedImage.bytesPerPixel)
            }
        }
        guard status == 0 else { return nil }
        let stored = StoredPixels(image: DecodedImage(width: width, height: height, pixels: pixels),
                                  colour: finishing.colour, orientation: finishing.orientation)
        return ImageDecoder.finish(stored, maxPixelSize: finishing.maxPixelSize)
    }

    /// The DCT scale `TurboJPEGDecoder` would take for this photo; why not, when it is not shown
    /// scan by scan.
    private func chooseScale(_ bytes: [UInt8]) -> Step? {
        let size = PixelSize(width: Int(jpeg_stream_width(stream)), height: Int(jpeg_stream_height(stream)))
        guard jpeg_stream_coefficient_bytes(stream) <= Self.maxCoefficientBytes else { return .wholeFileOnly }
        let orientation = ExifMetadata(jpeg: bytes)?.orientation ?? .up
        let displayed = orientation.displayedSize(of: size)
        let (maxPixelSize, sharpAt) = sizing(displayed)
        let scale: DCTScale
        do { scale = try DCTScale.forDecode(of: size, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits) } catch { return .failed("\(error)") }
        jpeg_stream_set_scale(stream, Int32(scale.denom))
        finishing = (.embedded(JPEGSegments(bytes).iccProfile), orientation, maxPixelSize)
        displayedSize = displayed
        return nil
    }
}
