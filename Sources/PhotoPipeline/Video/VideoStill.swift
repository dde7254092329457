import CVideo
import PhotoCore

/// A video's first frame as a photo: what its grid cell shows and its page shows until it plays.
/// ffmpegthumbnailer (the desktop's video thumbnailer, opened on first use) decodes it, turned
/// upright by the clip's rotation and shrunk to `maxPixelSize`.
///
/// - important: Thread-safe: each call has a thumbnailer of its own.
public enum VideoStill {
    public static func decode(path: String, maxPixelSize: Int?) throws -> (image: DecodedImage, probe: VideoProbe) {
        VideoLibraries.quiet()
        guard let probe = VideoProbe.read(path: path) else {
            throw DecodeError.brokenVideo(reason: "it has no video stream that can be read")
        }
        guard let thumbnailer = video_thumbnailer_create() else { throw DecodeError.brokenVideo(reason: "libffmpegthumbnailer.so.4 cannot be loaded") }
        defer { video_thumbnailer_destroy(thumbnailer) }
        guard let data = video_thumbnailer_create_image_data() else { throw DecodeError.brokenVideo(reason: "out of memory") }
        defer { video_thumbnailer_destroy_image_data(data) }
        thumbnailer.pointee.thumbnail_image_type = Rgb
        thumbnailer.pointee.maintain_aspect_ratio = 1
        // The first frame: where playback starts, so the still and the clip's start are one picture.
        let start = strdup("00:00:00")
        defer { free(start) }
        thumbnailer.pointee.seek_time = start
        let side = Int32(clamping: min(maxPixelSize ?? probe.size.longerSide, probe.size.longerSide))
        _ = video_thumbnailer_set_size(thumbnailer, side, side)
        guard video_thumbnailer_generate_thumbnail_to_buffer(thumbnailer, path, data) == 0 else {
            throw DecodeError.brokenVideo(reason: "no frame could be decoded")
        }
        let width = Int(data.pointee.image_data_width), height = Int(data.pointee.image_data_height)
        guard width > 0, height > 0, let rgb = data.pointee.image_data_ptr, Int(data.pointee.image_data_size) >= width * height * 3 else {
            throw DecodeError.brokenVideo(reason: "no frame could be decoded")
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for i in 0..<width * height {
                out[i * 4] = rgb[i * 3]
                out[i * 4 + 1] = rgb[i * 3 + 1]
                out[i * 4 + 2] = rgb[i * 3 + 2]
                out[i * 4 + 3] = 255
            }
            count = width * height * 4
        }
        return (DecodedImage(width: width, height: height, pixels: pixels), probe)
    }
}
