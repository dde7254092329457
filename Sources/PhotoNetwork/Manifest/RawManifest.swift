import Foundation

/// A manifest's JSON as read, before references are resolved: each item's fields only where they
/// have the type a manifest gives them, so that an odd item is warned about and skipped, never
/// fatal. Read with JSONDecoder, which builds no object per item: JSONSerialization's tree of
/// dictionaries cost 40 % of reading a 200,000-item manifest and most of its memory. Anything
/// JSONDecoder refuses is read again the old way, for the same error (line, column, message).
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

    /// The fast way; nil for anything but an object with an `items` array.
    static func decoded(_ data: Data) -> RawManifest? {
        guard let top = try? JSONDecoder().decode(Top.self, from: data), let entries = top.items else { return nil }
        return RawManifest(title: top.title, entries: entries.map(\.entry))
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
                                  width: (fields["width"] as? NSNumber)?.intValue, height: (fields["height"] as? NSNumber)?.intValue))
        })
    }

    /// A JSON number's whole part, as NSNumber's `intValue` gives it, where an Int holds it.
    fileprivate static func whole(_ value: Double?) -> Int? {
        value.flatMap { Int(exactly: $0.rounded(.towardZero)) }
    }

    private struct Top: Decodable {
        var title: String?
        var items: [DecodedEntry]?

        enum CodingKeys: String, CodingKey { case title, items }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try? container.decode(String.self, forKey: .title)
            items = try? container.decode([DecodedEntry].self, forKey: .items)
        }
    }

    private struct DecodedEntry: Decodable {
        var entry: Entry

        enum CodingKeys: String, CodingKey { case image, thumbnail, caption, width, height }

        init(from decoder: Decoder) throws {
            guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
                entry = .notObject
                return
            }
            entry = .object(Fields(image: try? c.decode(String.self, forKey: .image), thumbnail: try? c.decode(String.self, forKey: .thumbnail),
                                   caption: try? c.decode(String.self, forKey: .caption),
                                   width: RawManifest.whole(try? c.decode(Double.self, forKey: .width)),
                                   height: RawManifest.whole(try? c.decode(Double.self, forKey: .height))))
        }
    }
}
