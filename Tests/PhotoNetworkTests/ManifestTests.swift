import Foundation
@testable import PhotoNetwork
import Testing

@Suite("Manifest")
struct ManifestTests {
    func parse(_ json: String, at location: String) throws -> Manifest {
        try Manifest.parse(Data(json.utf8), location: URL(string: location)!)
    }

    @Test("relative paths resolve against the folder of a manifest file")
    func relativePathsInAFile() throws {
        let manifest = try parse("""
            {"title": "Trip", "items": [
              {"image": "photos/a b.jpg", "thumbnail": "thumbs/a.jpg", "caption": "A", "width": 4000, "height": 3000},
              {"image": "../shared/b.jpg"},
              {"image": "/srv/c.jpg"},
              {"image": "https://example.org/d.jpg"}
            ]}
            """, at: "file:///home/me/trip/manifest.json")

        #expect(manifest.title == "Trip")
        #expect(manifest.warnings.isEmpty)
        #expect(manifest.items.map(\.image.path) == ["/home/me/trip/photos/a b.jpg", "/home/me/shared/b.jpg", "/srv/c.jpg", "/d.jpg"])
        #expect(manifest.items[0] == ManifestItem(image: URL(fileURLWithPath: "/home/me/trip/photos/a b.jpg"),
                                                  thumbnail: URL(fileURLWithPath: "/home/me/trip/thumbs/a.jpg"),
                                                  caption: "A", width: 4000, height: 3000))
        #expect(manifest.items[3].image.absoluteString == "https://example.org/d.jpg")
    }

    @Test("relative URLs resolve against the URL of a manifest fetched over http")
    func relativeURLsOverHTTP() throws {
        let manifest = try parse("""
            {"items": [{"image": "photos/a.jpg"}, {"image": "/root.jpg"}, {"image": "../b%20c.jpg"}, {"image": "d e.jpg"}]}
            """, at: "http://127.0.0.1:8080/galleries/summer/manifest.json")

        #expect(manifest.items.map(\.image.absoluteString) == [
            "http://127.0.0.1:8080/galleries/summer/photos/a.jpg",
            "http://127.0.0.1:8080/root.jpg",
            "http://127.0.0.1:8080/galleries/b%20c.jpg",
            "http://127.0.0.1:8080/galleries/summer/d%20e.jpg",
        ])
    }

    @Test("items with a bad scheme, no host or no image are skipped, one warning each")
    func badItemsAreSkipped() throws {
        let manifest = try parse("""
            {"items": [
              {"image": "ftp://example.org/a.jpg"},
              {"image": "javascript:alert(1)"},
              {"image": "http://"},
              {"image": ""},
              {"caption": "no image"},
              42,
              {"image": "good.jpg", "thumbnail": "data:image/png;base64,AAAA", "width": -1, "height": 5}
            ]}
            """, at: "http://127.0.0.1:8080/manifest.json")

        #expect(manifest.items == [ManifestItem(image: URL(string: "http://127.0.0.1:8080/good.jpg")!)])
        #expect(manifest.warnings.map(\.item) == [0, 1, 2, 3, 4, 5, 6])
        #expect(manifest.warnings[0].description
            == "http://127.0.0.1:8080/manifest.json: item 0: image uses the scheme “ftp” (only http, https and file); skipped")
        #expect(manifest.warnings[6].message.contains("thumbnail"))
    }

    // Found by Fuzz/FuzzManifest: Foundation read "://x/a.jpg" as a URL with an empty scheme and
    // host "x", and the item was kept with it.
    @Test("a reference that starts with :// is skipped, not kept as a URL with no scheme")
    func aReferenceWithAnEmptySchemeIsSkipped() throws {
        let manifest = try parse("""
            {"items": [{"image": "://x/photos/a.jpg", "thumbnail": "thumample/b.jpg"}, {"image": "b.jpg", "thumbnail": "://x/t.jpg"}]}
            """, at: "http://photos.example/gallery/manifest.json")

        #expect(manifest.items == [ManifestItem(image: URL(string: "http://photos.example/gallery/b.jpg")!)])
        #expect(manifest.warnings.map(\.message) == ["image “://x/photos/a.jpg” is not a valid URL; skipped",
                                                     "thumbnail “://x/t.jpg” is not a valid URL; shown without one"])
    }

    @Test("a syntax error names the file, line and column")
    func syntaxErrorHasLineAndColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("manifest.json")
        try Data("{\n  \"title\": \"Été\",\n  \"items\": [\n    {\"image\": \"a.jpg\"} oops\n  ]\n}\n".utf8).write(to: file)

        #expect {
            try Manifest.load(path: file.path)
        } throws: { error in
            guard case .syntax(let name, let line, let column, _) = error as? ManifestError else { return false }
            return name == file.path && line == 4 && column == 24
        }
    }

    @Test("a syntax error after non-ASCII text on the same line counts characters, not bytes")
    func columnCountsCharacters() {
        #expect(throws: ManifestError.syntax(file: "/m.json", line: 1, column: 20, message: "Invalid value")) {
            try Manifest.parse(Data(#"{"title": "Ωμέγα", x}"#.utf8), location: URL(fileURLWithPath: "/m.json"))
        }
    }

    @Test("a manifest cut short reports where it ends")
    func truncatedManifest() {
        #expect {
            try Manifest.parse(Data("{\"items\": [\n".utf8), location: URL(fileURLWithPath: "/m.json"))
        } throws: { error in
            guard case .syntax(_, let line, _, _) = error as? ManifestError else { return false }
            return line >= 1
        }
    }

    @Test("JSON that is not an object with items is not a manifest")
    func notAManifest() {
        #expect(throws: ManifestError.notAManifest(file: "/m.json", reason: "the top level is not an object")) {
            try Manifest.parse(Data("[1, 2]".utf8), location: URL(fileURLWithPath: "/m.json"))
        }
        #expect(throws: ManifestError.notAManifest(file: "/m.json", reason: "no \"items\" array")) {
            try Manifest.parse(Data("{\"title\": \"x\"}".utf8), location: URL(fileURLWithPath: "/m.json"))
        }
    }

    @Test("a missing file is unreadable, not a crash")
    func missingFile() {
        #expect {
            try Manifest.load(path: "/nonexistent/sdlphoto/manifest.json")
        } throws: { error in
            if case .unreadable(let file, _) = error as? ManifestError { return file == "/nonexistent/sdlphoto/manifest.json" }
            return false
        }
    }
}

/// References are trimmed of the spaces and tabs around them exactly as Foundation's
/// `.whitespaces` trims, without going through NSString for each of 200,000 items.
@Suite struct ManifestTrimmingTests {
    @Test(arguments: ["a.jpg", " a.jpg", "a.jpg\t", "\t a b.jpg \u{00A0}", "\u{2003}x\u{3000}", "", "   ", "\u{00A0}", "a\nb", "\n a.jpg \n", "é.jpg "])
    func trimsAsFoundationDoes(text: String) {
        #expect(Manifest.trimmingSpaces(text) == text.trimmingCharacters(in: .whitespaces))
    }
}

/// The fast reader (`ManifestScanner`) and the old one (JSONSerialization, kept for its error
/// messages) read every manifest alike, odd items included; what the scanner refuses is what
/// JSONSerialization finds no JSON in, and the old reader then says where.
@Suite struct ManifestReadersTests {
    static let documents = [
        #"{"title": "Trip", "items": [{"image": "a.jpg", "thumbnail": "t/a.jpg", "caption": "A", "width": 4000, "height": 3000}]}"#,
        #"{"items": [7, "x", null, [], {"image": 3}, {"thumbnail": "t.jpg"}, {"image": "b.jpg", "caption": 5, "width": "4000", "height": 30.9}]}"#,
        #"{"title": 12, "items": [{"image": "c d.jpg", "width": -4, "height": 1e3, "extra": {"nested": [1, 2]}}]}"#,
        #"{"items": [{"image": "\u00e9t\u00e9.jpg", "caption": "line\nbreak \"quoted\""}], "more": true}"#,
        #"{"items": []}"#,
    ]

    @Test(arguments: documents) func bothReadersAgree(json: String) throws {
        let data = Data(json.utf8)
        let fast = try #require(RawManifest.decoded(data), "the fast reader refused it")
        #expect(try fast == RawManifest.serialized(data, file: "m.json"))
    }

    @Test("random manifests, with every kind of value, escape and number, read alike by both")
    func randomManifestsAgree() throws {
        var random = SplitMix64(seed: 42)
        for round in 0..<2000 {
            let json = RandomManifest.document(&random)
            let data = Data(json.utf8)
            let fast = try #require(RawManifest.decoded(data), "round \(round): the fast reader refused \(json)")
            let old = try RawManifest.serialized(data, file: "m.json")
            #expect(fast == old, "round \(round): \(json)")
        }
    }

    @Test("a manifest cut anywhere is refused by the scanner, and the old reader says where")
    func truncatedManifestsAreRefused() throws {
        for json in Self.documents {
            let bytes = Array(json.utf8)
            for end in 0..<bytes.count {
                let data = Data(bytes[..<end])
                #expect(RawManifest.decoded(data) == nil, "cut at \(end): \(String(decoding: bytes[..<end], as: UTF8.self))")
                #expect(throws: ManifestError.self) { try RawManifest.decode(data, file: "m.json") }
            }
        }
    }

    @Test("what strict JSON forbids is refused by the scanner", arguments: [
        #"{"items": [01]}"#, #"{"items": [], }"#, #"{"items": [1,]}"#, #"{"items": ["\ud800"]}"#, #"{"items": ["\udc00x"]}"#,
        #"{"items": ["\x"]}"#, "{\"items\": [\"a\u{01}b\"]}", #"{"items": [.5]}"#, #"{"items": [1.]}"#, #"{"items": [1e]}"#,
        #"{"items": [tru]}"#, #"{"items": []} x"#, #"{'items': []}"#, #"{"items": [NaN]}"#, #"{"items" []}"#, #"["items"]"#,
    ])
    func strictJSONOnly(json: String) {
        // The old reader then decides: it names where the error is, and forgives a trailing comma.
        #expect(RawManifest.decoded(Data(json.utf8)) == nil)
    }

    @Test("invalid UTF-8 is refused by the scanner; UTF-16 with its byte order mark is read by the old reader")
    func encodings() throws {
        #expect(RawManifest.decoded(Data(#"{"items": [{"image": "a"#.utf8) + [0xC3, 0x28] + Data(#".jpg"}]}"#.utf8)) == nil)
        var utf16 = Data([0xFF, 0xFE])
        for unit in #"{"items": [{"image": "été.jpg", "width": 4, "height": 3}]}"#.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(RawManifest.decoded(utf16) == nil)
        let read = try RawManifest.decode(utf16, file: "m.json")
        #expect(read.entries == [.object(.init(image: "été.jpg", width: 4, height: 3))])
    }

    @Test("a width or height that is not a number is none, in both readers: true, a string, one too large for an Int")
    func numbersOnly() throws {
        let json = #"{"items": [{"image": "a.jpg", "width": true, "height": 3}, {"image": "b.jpg", "width": "4", "height": 1e400},"#
            + #" {"image": "c.jpg", "width": 12345678901234567890, "height": -2.7}]}"#
        let fast = try #require(RawManifest.decoded(Data(json.utf8)))
        #expect(fast.entries == [.object(.init(image: "a.jpg", height: 3)), .object(.init(image: "b.jpg")),
                                 .object(.init(image: "c.jpg", height: -2))])
    }
}

/// A seeded generator, so a failing round can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Manifests written by hand, with what JSON allows and a manifest reader must get right:
/// escapes of every kind (surrogate pairs among them), numbers in every form, values of the
/// wrong type, unknown members nested deep, entries that are no object, spaces anywhere.
enum RandomManifest {
    static func document(_ random: inout SplitMix64) -> String {
        var members: [String] = []
        if Bool.random(using: &random) { members.append(#""title":"# + space(&random) + value(&random, depth: 0)) }
        if Bool.random(using: &random) { members.append(string("other", &random) + ":" + value(&random, depth: 0)) }
        let entries = (0..<Int.random(in: 0...6, using: &random)).map { _ in entry(&random) }
        members.append(#""items""# + space(&random) + ":" + space(&random) + "[" + entries.joined(separator: "," + space(&random)) + "]")
        members.shuffle(using: &random)
        return space(&random) + "{" + members.joined(separator: space(&random) + "," + space(&random)) + "}" + space(&random)
    }

    static func entry(_ random: inout SplitMix64) -> String {
        guard Int.random(in: 0..<6, using: &random) > 0 else { return value(&random, depth: 1) }
        var members: [String] = []
        for key in ["image", "thumbnail", "caption", "width", "height", "extra", "imag", "images"] where Bool.random(using: &random) {
            let field: String
            switch (key, Int.random(in: 0..<4, using: &random)) {
            case ("image", 1...), ("thumbnail", 1...), ("caption", 1...): field = string(text(&random), &random)
            case ("width", 1...), ("height", 1...): field = number(&random)
            default: field = value(&random, depth: 2)
            }
            members.append(string(key, &random) + space(&random) + ":" + space(&random) + field)
        }
        members.shuffle(using: &random)
        return "{" + space(&random) + members.joined(separator: "," + space(&random)) + space(&random) + "}"
    }

    static func value(_ random: inout SplitMix64, depth: Int) -> String {
        switch Int.random(in: 0..<(depth < 4 ? 8 : 5), using: &random) {
        case 0: return string(text(&random), &random)
        case 1: return number(&random)
        case 2: return ["true", "false", "null"].randomElement(using: &random)!
        case 3: return string("", &random)
        case 4: return "[]"
        case 5: return "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            let keys = ["image", "a", "width", "b\\u0041"].shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            return "{" + keys.map { #"""# + $0 + #"":"# + value(&random, depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }

    static func number(_ random: inout SplitMix64) -> String {
        ["4000", "-4", "0", "-0", "30.9", "1e3", "2.5E+2", "0.0001", "7E-1", "123456789012345", "1234567890123456", "-999999999999999999",
         "9007199254740993", "3.999999999999999999"].randomElement(using: &random)!
    }

    static func text(_ random: inout SplitMix64) -> String {
        let pieces = ["photos/", "IMG_0001.jpg", "été", "😀", "\"", "\\", "/", "\n", "\t", " ", "中文", "\u{7}", "%20", "\u{7F}"]
        return (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// `text` as a JSON string, each character written plainly or escaped at random.
    static func string(_ text: String, _ random: inout SplitMix64) -> String {
        var out = #"""#
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if mustEscape || Int.random(in: 0..<4, using: &random) == 0 {
                switch scalar {
                case "\"": out += #"\""#
                case "\\": out += #"\\"#
                case "\n" where Bool.random(using: &random): out += #"\n"#
                case "/" where Bool.random(using: &random): out += #"\/"#
                default:
                    for unit in String(scalar).utf16 { out += "\\u" + String(format: Bool.random(using: &random) ? "%04x" : "%04X", unit) }
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + #"""#
    }

    static func space(_ random: inout SplitMix64) -> String {
        ["", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &random)!
    }
}
