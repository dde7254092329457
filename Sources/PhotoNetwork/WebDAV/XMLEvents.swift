/// The elements and text of an XML document, in order, for the few small documents the program
/// reads (a WebDAV listing): no DTD, no validation, namespaces reduced to local names. Foundation's
/// XMLParser would bring libxml2 into the program for this alone.
enum XMLEvent: Equatable {
    /// An element opens; `name` without its namespace prefix. An empty element opens and closes.
    case start(String)
    case end(String)
    /// Character data, entities and CDATA resolved; whitespace kept as it is.
    case text(String)
}

struct XMLMalformed: Error, CustomStringConvertible {
    let offset: Int
    var description: String { "not well-formed XML near byte \(offset)" }
}

enum XMLEvents {
    /// Every event of `bytes` in document order; an element left open or closed by another's
    /// name is malformed (a listing cut short must not read as a shorter folder).
    static func scan(_ bytes: [UInt8]) throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        var open: [String] = []
        var i = 0
        let n = bytes.count
        func find(_ pattern: String, from start: Int) -> Int? {
            let p = Array(pattern.utf8)
            var j = start
            while j + p.count <= n {
                if bytes[j] == p[0], Array(bytes[j..<j + p.count]) == p { return j }
                j += 1
            }
            return nil
        }
        func has(_ prefix: String, at index: Int) -> Bool {
            let p = Array(prefix.utf8)
            return index + p.count <= n && Array(bytes[index..<index + p.count]) == p
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                let end = bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? n
                events.append(.text(try decodeEntities(bytes[i..<end], at: i)))
                i = end
                continue
            }
            if has("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { throw XMLMalformed(offset: i) }
                i = end + 3
            } else if has("<![CDATA[", at: i) {
                guard let end = find("]]>", from: i + 9) else { throw XMLMalformed(offset: i) }
                events.append(.text(String(decoding: bytes[(i + 9)..<end], as: UTF8.self)))
                i = end + 3
            } else if has("<?", at: i) {
                guard let end = find("?>", from: i + 2) else { throw XMLMalformed(offset: i) }
                i = end + 2
            } else if has("<!", at: i) {
                // A DOCTYPE: its internal subset, if any, is not read.
                guard let end = tagEnd(bytes, from: i + 2) else { throw XMLMalformed(offset: i) }
                i = end + 1
            } else {
                guard let end = tagEnd(bytes, from: i + 1) else { throw XMLMalformed(offset: i) }
                let closing = bytes[i + 1] == UInt8(ascii: "/")
                let empty = !closing && bytes[end - 1] == UInt8(ascii: "/")
                let nameStart = closing ? i + 2 : i + 1
                var nameEnd = nameStart
                while nameEnd < end, !isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
                guard nameEnd > nameStart else { throw XMLMalformed(offset: i) }
                let name = localName(bytes[nameStart..<nameEnd])
                if closing {
                    guard open.popLast() == name else { throw XMLMalformed(offset: i) }
                    events.append(.end(name))
                } else {
                    events.append(.start(name))
                    if empty { events.append(.end(name)) } else { open.append(name) }
                }
                i = end + 1
            }
        }
        guard open.isEmpty else { throw XMLMalformed(offset: n) }
        return events
    }

    /// The `>` that ends a tag starting before `start`, past any quoted attribute values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var j = start
        while j < bytes.count {
            let b = bytes[j]
            if let q = quote { if b == q { quote = nil } } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b } else if b == UInt8(ascii: ">") { return j }
            j += 1
        }
        return nil
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func localName(_ qualified: ArraySlice<UInt8>) -> String {
        let local = qualified.lastIndex(of: UInt8(ascii: ":")).map { qualified[($0 + 1)...] } ?? qualified
        return String(decoding: local, as: UTF8.self)
    }

    private static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    private static func decodeEntities(_ text: ArraySlice<UInt8>, at offset: Int) throws -> String {
        let raw = String(decoding: text, as: UTF8.self)
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw XMLMalformed(offset: offset) }
            let entity = rest[rest.index(after: amp)..<semi]
            if let value = named[String(entity)] {
                out += value
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                throw XMLMalformed(offset: offset)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
