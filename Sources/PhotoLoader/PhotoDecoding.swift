import PhotoCore
import PhotoPipeline

/// The decodes the loader runs on its workers, files and downloaded bytes alike: the seam where
/// tests decode at once, hold a decode back, or fail. `decode(path:maxPixelSize:)` is what the
/// shared thumbnail cache decodes with.
///
/// - important: The implementation must be thread safe; workers call it at the same time.
package protocol PhotoDecoding: ImageDecoding {
    /// A file's pixels, the longer side at most `maxPixelSize` and sharp at `sharpAt`, and the
    /// photo's own size as displayed.
    func decode(path: String, maxPixelSize: Int?, sharpAt: Int?) throws -> (image: DecodedImage, originalSize: PixelSize?)
    /// Downloaded bytes' pixels; `name` says where they came from in errors.
    func decode(data: [UInt8], name: String, maxPixelSize: Int?, sharpAt: Int?) throws -> DecodedImage
    /// The photo's size as displayed, from its header; nil when it cannot be read.
    func probe(path: String) -> PixelSize?
    func probe(data: [UInt8]) -> PixelSize?
}

/// The default: `ImageDecoder` under the standard limits.
package struct DefaultPhotoDecoder: PhotoDecoding {
    package init() {}

    package func decode(path: String, maxPixelSize: Int?) throws(DecodeError) -> DecodedImage {
        try DefaultImageDecoder().decode(path: path, maxPixelSize: maxPixelSize)
    }

    package func decode(path: String, maxPixelSize: Int?, sharpAt: Int?) throws -> (image: DecodedImage, originalSize: PixelSize?) {
        try ImageDecoder.decodeWithSize(path: path, maxPixelSize: maxPixelSize, sharpAt: sharpAt)
    }

    package func decode(data: [UInt8], name: String, maxPixelSize: Int?, sharpAt: Int?) throws -> DecodedImage {
        try ImageDecoder.decode(data: data, name: name, maxPixelSize: maxPixelSize, sharpAt: sharpAt)
    }

    package func probe(path: String) -> PixelSize? { ImageDecoder.probe(path: path) }

    package func probe(data: [UInt8]) -> PixelSize? { ImageDecoder.probe(data: data) }
}
