/// A manifest's JSON read in one pass over its bytes, keeping only what a manifest uses: the top
/// level's `title` and each item's five fields. No value is built for anything else, a key is
/// matched against the known names in place, and a string without escapes becomes a String in
/// one copy. JSONDecoder took 36 % of reading a 200,000-item manifest (docs/behaviour.md §1, a manifest).
/// Strict JSON (RFC 8259) in UTF-8: anything else gives nil, and the caller reads the document
/// again with JSONSerialization for its error (or for another encoding).
struct ManifestScanner {
    private let bytes: UnsafeRawBufferPointer
    private var at = 0
    /// Containers deeper than this give nil, as JSONDecoder's limit did.
    private static let maxDepth = 512

    static func scan(_ bytes: UnsafeRawBufferPointer) -> RawManifest? {
        var scanner = ManifestScanner(bytes: bytes)
        return scanner.manifest()
    }

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private enum Key { case title, items, image, thumbnail, caption, width, height, other }

    /// A member's value, as far as a manifest cares.
    private enum Value {
        case string(String)
        case number(Double)
        case other
    }

    private mutating func manifest() -> RawManifest? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var title: String?
        var entries: [RawManifest.Entry]?
        let members = members { key, scanner in
            switch key {
            case .title:
                guard let value = scanner.value(depth: 1) else { return false }
                if case .string(let text) = value { title = text } else { title = nil }
            case .items:
                scanner.skipSpace()
                if scanner.peek == UInt8(ascii: "[") {
                    guard let read = scanner.items() else { return false }
                    entries = read
                } else {
                    guard scanner.skipValue(depth: 1) else { return false }
                    entries = nil
                }
            default:
                guard scanner.skipValue(depth: 1) else { return false }
            }
            return true
        }
        guard members else { return nil }
        skipSpace()
        guard at == bytes.count, let entries else { return nil }
        return RawManifest(title: title, entries: entries)
    }

    /// The `items` array, at its `[`.
    private mutating func items() -> [RawManifest.Entry]? {
        at += 1
        var entries: [RawManifest.Entry] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return entries }
        repeat {
            skipSpace()
            if take(UInt8(ascii: "{")) {
                guard let fields = fields() else { return nil }
                entries.append(.object(fields))
            } else {
                guard skipValue(depth: 2) else { return nil }
                entries.append(.notObject)
            }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? entries : nil
    }

    /// An item's members, after its `{`.
    private mutating func fields() -> RawManifest.Fields? {
        var fields = RawManifest.Fields()
        let read = members { key, scanner in
            guard key != .other else { return scanner.skipValue(depth: 3) }
            guard let value = scanner.value(depth: 3) else { return false }
            let text: String? = if case .string(let text) = value { text } else { nil }
            let whole: Int? = if case .number(let number) = value { Int(exactly: number.rounded(.towardZero)) } else { nil }
            switch key {
            case .image: fields.image = text
            case .thumbnail: fields.thumbnail = text
            case .caption: fields.caption = text
            case .width: fields.width = whole
            case .height: fields.height = whole
            case .title, .items, .other: break
            }
            return true
        }
        return read ? fields : nil
    }

    /// An object's members after its `{`, through its `}`: each key, then `member` reads its value.
    private mutating func members(_ member: (Key, inout ManifestScanner) -> Bool) -> Bool {
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard let key = key() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")), member(key, &self) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private mutating func key() -> Key? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        if let end = plainStringEnd(from: start) {
            at = end + 1
            return Self.key(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
        guard let text = string() else { return nil }
        return Self.key(text)
    }

    private static let names: [(Key, [UInt8])] = [
        (.title, Array("title".utf8)), (.items, Array("items".utf8)), (.image, Array("image".utf8)), (.thumbnail, Array("thumbnail".utf8)),
        (.caption, Array("caption".utf8)), (.width, Array("width".utf8)), (.height, Array("height".utf8)),
    ]

    private static func key(_ raw: UnsafeRawBufferPointer) -> Key {
        names.first { $0.1.elementsEqual(raw) }?.0 ?? .other
    }

    private static func key(_ text: String) -> Key {
        names.first { $0.1.elementsEqual(text.utf8) }?.0 ?? .other
    }

    /// A value: a string or number kept, anything else checked and passed over.
    private mutating func value(depth: Int) -> Value? {
        skipSpace()
        guard let byte = peek else { return nil }
        switch byte {
        case UInt8(ascii: "\""): return string().map(Value.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map(Value.number)
        default: return skipValue(depth: depth) ? .other : nil
        }
    }

    /// Any value, checked and not kept.
    private mutating func skipValue(depth: Int) -> Bool {
        skipSpace()
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { return false }
            at += 1
            skipSpace()
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { return false }
            at += 1
            return members { _, scanner in scanner.skipValue(depth: depth + 1) }
        default:
            return false
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for i in 0..<count where bytes[at + i] != word.utf8Start[i] { return false }
        at += count
        return true
    }

    /// A number as JSON writes it (`-? int frac? exp?`), as a Double.
    private mutating func number() -> Double? {
        let start = at
        var whole: Int64 = 0, digits = 0, plain = true
        if take(UInt8(ascii: "-")) {}
        guard let first = peek, isDigit(first) else { return nil }
        if first == UInt8(ascii: "0") {
            at += 1
        } else {
            while let d = peek, isDigit(d) {
                whole = whole &* 10 &+ Int64(d - UInt8(ascii: "0"))
                digits += 1
                at += 1
            }
        }
        if take(UInt8(ascii: ".")) {
            plain = false
            guard skipDigits() else { return nil }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            plain = false
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard skipDigits() else { return nil }
        }
        // Up to 15 digits a Double holds exactly; the rest as the C library reads them.
        if plain && digits <= 15 { return bytes[start] == UInt8(ascii: "-") ? -Double(whole) : Double(whole) }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self))
    }

    private mutating func skipDigits() -> Bool {
        guard let first = peek, isDigit(first) else { return false }
        while let d = peek, isDigit(d) { at += 1 }
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Where a string's closing quote is when nothing in it needs decoding (no escape, no
    /// control character, ASCII only); nil otherwise.
    private func plainStringEnd(from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            i += 1
        }
        return nil
    }

    /// A string, at its opening quote.
    private mutating func string() -> String? {
        at += 1
        let start = at
        if let end = plainStringEnd(from: start) {
            at = end + 1
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape(into: &decoded) else { return nil }
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) -> Bool {
        guard let byte = peek else { return false }
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return false }
            var value = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate needs its low one, as a second escape.
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return false }
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                return false
            }
            guard let scalar = Unicode.Scalar(value) else { return false }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            return false
        }
        return true
    }

    private mutating func hex4() -> UInt16? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            at += 1
        }
        return value
    }

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        at += 1
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
    }
}
