import CExif
import Foundation
import PhotoCore

/// The EXIF block of a JPEG, read by libexif: orientation and the embedded thumbnail.
///
/// Owns its `ExifData` and frees it on deinit; nothing outside sees a libexif pointer. One value per
/// thread (libexif objects are not shared); creating many concurrently is safe.
final class ExifMetadata {
    private let data: UnsafeMutablePointer<ExifData>

    /// nil when the bytes carry no EXIF block libexif can parse.
    init?(jpeg bytes: [UInt8]) {
        guard !bytes.isEmpty, bytes.count <= Int(UInt32.max) else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }
        guard let parsed else { return nil }
        data = parsed
    }

    deinit { exif_data_unref(data) }

    /// The Orientation tag of IFD0, `.up` when missing or malformed.
    var orientation: ExifOrientation {
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
              entry.pointee.size >= 2, let value = entry.pointee.data
        else { return .up }
        return ExifOrientation(tag: Int(exif_get_short(value, exif_data_get_byte_order(data))))
    }

    /// The text of `tag` in the IFD `ifd` (libexif's rendering, trimmed), nil when missing or empty.
    func text(_ tag: ExifTag, in ifd: ExifIfd) -> String? {
        let content: UnsafeMutablePointer<ExifContent>? = withUnsafePointer(to: data.pointee.ifd) { ifds in
            ifds.withMemoryRebound(to: UnsafeMutablePointer<ExifContent>?.self, capacity: Int(EXIF_IFD_COUNT.rawValue)) { $0[Int(ifd.rawValue)] }
        }
        guard let content, let entry = exif_content_get_entry(content, tag) else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        guard exif_entry_get_value(entry, &buffer, UInt32(buffer.count)) != nil else { return nil }
        let value = String(nulTerminated: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// The embedded thumbnail's bytes (a small JPEG, usually 160x120), nil when there is none.
    var thumbnailBytes: [UInt8]? {
        guard let bytes = data.pointee.data, data.pointee.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(data.pointee.size)))
    }
}
