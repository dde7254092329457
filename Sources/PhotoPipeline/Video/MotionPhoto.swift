import Foundation

/// Android's Motion Photos (docs/behaviour.md §19): a JPEG whose XMP says an MP4 follows its
/// picture at the end of the file, by Google's `GCamera:MicroVideoOffset` (bytes from the end) or
/// the Camera XMP `Container:Directory` item whose `Item:Semantic` is `MotionPhoto` (its `Item:Length`).
public enum MotionPhoto {
    /// The embedded clip's bytes in the file; nil for a JPEG without one, or whose XMP points at
    /// something that is not an MP4.
    public static func videoRange(path: String) -> Range<Int>? {
        guard let head = try? FileBytes.readPrefix(path: path, count: 65_536) else { return nil }
        return videoRange(path: path, head: head)
    }

    /// `videoRange` with the file's first bytes (its XMP among them) already read.
    static func videoRange(path: String, head: [UInt8]) -> Range<Int>? {
        guard ImageFormat(sniffing: head) == .jpeg, let length = embeddedLength(xmp: xmpPacket(head)) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        guard length > 8, length < size else { return nil }
        let range = (size - length)..<size
        // The clip must be an ISO base media file where the XMP says it begins.
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(range.lowerBound))) != nil, let box = try? handle.read(upToCount: 8), box.count == 8,
              String(decoding: box[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        return range
    }

    /// The XMP packet of a JPEG's first bytes, as text; empty without one.
    static func xmpPacket(_ head: [UInt8]) -> String {
        let signature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
        for (marker, payload) in JPEGSegments.applicationSegments(head) where marker == 0xE1 && payload.starts(with: signature) {
            return String(decoding: payload.dropFirst(signature.count), as: UTF8.self)
        }
        return ""
    }

    /// The clip's length in bytes, from the end of the file, as the XMP gives it.
    static func embeddedLength(xmp: String) -> Int? {
        if let offset = attribute("GCamera:MicroVideoOffset", in: xmp[...]), offset > 0 { return offset }
        // <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="123"/>
        var rest = xmp[...]
        while let start = rest.range(of: "<Container:Item") {
            let element = rest[start.upperBound...].prefix { $0 != ">" }
            if element.contains("Item:Semantic=\"MotionPhoto\""), let length = attribute("Item:Length", in: element), length > 0 { return length }
            rest = rest[start.upperBound...]
        }
        return nil
    }

    /// `name="123"` (or `<name>123</name>`) in `text`, as a whole number.
    private static func attribute(_ name: String, in text: Substring) -> Int? {
        for opener in [name + "=\"", "<" + name + ">"] {
            guard let start = text.range(of: opener)?.upperBound else { continue }
            return Int(text[start...].prefix { $0.isNumber })
        }
        return nil
    }
}
