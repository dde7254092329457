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

/// The fast reader (JSONDecoder) and the old one (JSONSerialization, kept for its error
/// messages) read every manifest alike, odd items included.
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
}
