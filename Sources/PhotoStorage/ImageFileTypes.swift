/// The file name extensions taken for images (and, for folders, videos): what a folder argument lists, what a watched folder
/// reacts to, and what the loopback gallery server lists and serves, with each one's media type.
/// A file named otherwise can still be shown when named on its own; its bytes decide whether it decodes.
public enum ImageFileTypes {
    /// Lower-case extension to media type (IANA where registered, the common `image/x-` otherwise).
    public static let mediaTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg",
        "png": "image/png",
        "webp": "image/webp",
        "gif": "image/gif",
        "tif": "image/tiff", "tiff": "image/tiff",
        "bmp": "image/bmp",
        "tga": "image/x-tga",
        "pnm": "image/x-portable-anymap", "ppm": "image/x-portable-pixmap",
        "pgm": "image/x-portable-graymap", "pbm": "image/x-portable-bitmap",
        "qoi": "image/qoi",
        "jxl": "image/jxl",
        "avif": "image/avif",
        "heic": "image/heic", "heif": "image/heif", "hif": "image/heif",
    ]

    /// Every image extension, lower case.
    public static let extensions = Set(mediaTypes.keys)

    /// Video clips a folder lists beside its photos (docs/behaviour.md §19), with their media types.
    public static let videoMediaTypes: [String: String] = [
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "qt": "video/quicktime",
        "mkv": "video/x-matroska", "webm": "video/webm", "3gp": "video/3gpp",
    ]

    public static let videoExtensions = Set(videoMediaTypes.keys)

    /// What a folder lists: its photos and its clips.
    public static let listedExtensions = extensions.union(videoExtensions)

    /// The media type of files with extension `ext` (any case); nil when it is not an image's.
    public static func mediaType(extension ext: String) -> String? { mediaTypes[ext.lowercased()] }
}
