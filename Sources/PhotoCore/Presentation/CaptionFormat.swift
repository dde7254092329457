/// `--caption FORMAT` (docs/behaviour.md §6): text with fields in braces, `{caption}` (the
/// source's own caption), `{name}` (the file name), `{date}` (when it was taken, in the locale's
/// words), `{ago}` (how many years ago, in the locale's words: "3 years ago"), `{camera}` and `{place}`
/// (the town near where it was taken, docs/behaviour.md §20) and `{people}` (who is in it, where
/// its source says: an Immich server). A field with nothing to say is left out with the text that joins it to
/// the others, so "{caption} · {date}" is just the date for a photo with no caption, and a
/// caption that comes out empty is not drawn.
public struct CaptionFormat: Equatable, Sendable {
    public enum Field: String, CaseIterable, Sendable { case caption, name, date, ago, camera, place, people }

    enum Piece: Equatable, Sendable {
        case text(String)
        case field(Field)
    }

    let pieces: [Piece]
    public static let standard = try! CaptionFormat("{caption}")

    public struct Unknown: Error, Equatable, CustomStringConvertible {
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String {
            "unknown caption field {\(name)}: the fields are " + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
        }
    }

    public init(_ format: String) throws {
        var pieces: [Piece] = [], rest = Substring(format)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = Field(rawValue: name) else { throw Unknown(name: name) }
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// The format as written (`{caption} · {date}`).
    public var format: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .field(let field): "{\(field.rawValue)}"
            }
        }.joined()
    }

    /// The caption with `values` filled in; nil when no field had anything to say. Text between
    /// two fields shows only when both do; text after the last field only when it does.
    public func text(_ values: [Field: String]) -> String? {
        var prefix = "", out = "", pending = "", seenField = false, any = false, lastPresent = false
        for piece in pieces {
            switch piece {
            case .text(let text):
                if seenField { pending += text } else { prefix += text }
            case .field(let field):
                seenField = true
                if let value = values[field], !value.isEmpty {
                    out += (any ? pending : "") + value
                    any = true
                    lastPresent = true
                } else {
                    lastPresent = false
                }
                pending = ""
            }
        }
        guard seenField else { return prefix.isEmpty ? nil : prefix }
        guard any else { return nil }
        return prefix + out + (lastPresent ? pending : "")
    }
}
