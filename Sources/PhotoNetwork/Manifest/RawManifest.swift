import Foundation

/// A manifest's JSON as read, before references are resolved: each item's fields only where they
/// have the type a manifest gives them, so that an odd item is warned about and skipped, never
/// fatal. Read by `ManifestScanner`, which builds no object per item: JSONSerialization's tree of
/// dictionaries cost 40 % of reading a 200,000-item manifest and most of its memory. Anything
/// the scanner refuses is read again the old way, for the same error (line, column, message).
struct RawManifest: Equatable {
    var title: String?
    var entries: [Entry]

    enum Entry: Equatable {
        case object(Fields)
        case notObject
    }

    struct Fields: Equatable {
        var image: String?
        var thumbnail: String?
        var caption: String?
        var width: Int?
        var height: Int?
    }

    static func decode(_ data: Data, file: String) throws -> RawManifest {
        try decoded(data) ?? serialized(data, file: file)
    }

    /// The fast way; nil for anything but an object with an `items` array, in strict UTF-8 JSON.
    static func decoded(_ data: Data) -> RawManifest? {
        data.withUnsafeBytes { ManifestScanner.scan($0) }
    }

    /// The old way: JSONSerialization, which also names where a syntax error is.
    static func serialized(_ data: Data, file: String) throws -> RawManifest {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw JSONErrorLocation.syntaxError(error, in: data, file: file)
        }
        guard let object = root as? [String: Any] else {
            throw ManifestError.notAManifest(file: file, reason: "the top level is not an object")
        }
        guard let entries = object["items"] as? [Any] else {
            throw ManifestError.notAManifest(file: file, reason: "no \"items\" array")
        }
        return RawManifest(title: object["title"] as? String, entries: entries.map { entry in
            guard let fields = entry as? [String: Any] else { return .notObject }
            return .object(Fields(image: fields["image"] as? String, thumbnail: fields["thumbnail"] as? String, caption: fields["caption"] as? String,
                                  width: whole(fields["width"]), height: whole(fields["height"])))
        })
    }

    /// A JSON number's whole part, where an Int holds it; nil for `true` and `false`, which
    /// JSONSerialization also gives as NSNumbers.
    private static func whole(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return Int(exactly: number.doubleValue.rounded(.towardZero))
    }
}
