import Foundation
import PhotoCore
import PhotoPipeline
import PhotoPlatform
import PhotoRender
import Testing
import WindowTestSupport

/// Text in every script (docs/behaviour.md §6, Text), drawn by the program's own rasteriser with
/// the fonts scripts/deps installs (Noto for most scripts and CJK, DejaVu).
@Suite(.serialized) struct TextScriptsTests {
    static let size = 32
    /// Code points no font has (unassigned): each is drawn as the same box.
    static func boxes(_ count: Int) -> String { String(repeating: "\u{378}", count: count) }

    let text: FontRasterizer

    init() throws {
        let fonts = try #require(FontFallback(), "fontconfig finds no font: scripts/deps installs them")
        text = try FontRasterizer(fonts: fonts)
    }

    func raster(_ s: String) throws -> RasterizedText {
        try #require(text.rasterize(s, pixelSize: Self.size, maxWidth: nil), "nothing drawn for \(s)")
    }

    /// Coverage per column (the sum of alpha down it), which is what a glyph's shape leaves.
    static func columns(_ r: RasterizedText) -> [Int] {
        (0..<r.width).map { x in (0..<r.height).reduce(0) { $0 + Int(r.pixels[($1 * r.width + x) * 4 + 3]) } }
    }

    /// Whether two coverage profiles match, column for column, within 3 % of the stronger ink.
    static func same(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> Bool {
        guard a.count == b.count, let peak = (a + b).max(), peak > 0 else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= peak * 3 / 100 }
    }

    func requireFont(for s: String) throws {
        let fonts = try #require(FontFallback())
        for scalar in s.unicodeScalars where !scalar.properties.isWhitespace {
            try #require(fonts.face(for: scalar) != nil, "no installed font has U+\(String(scalar.value, radix: 16)) (\(s)): scripts/deps installs fonts-noto-core and fonts-noto-cjk")
        }
    }

    @Test func twoCJKStringsOfOneLengthDrawDifferentGlyphsNotBoxes() throws {
        try requireFont(for: "日本の写真中国的照片")
        let japanese = try raster("日本の写真"), chinese = try raster("中国的照片"), boxes = try raster(Self.boxes(5))
        #expect(japanese.pixels != chinese.pixels)
        #expect(!Self.same(Self.columns(japanese)[...], Self.columns(boxes)[...]))
        #expect(Self.columns(japanese).reduce(0, +) > 0)
    }

    @Test func latinAndCJKInOneStringAreEachDrawnInTheirOwnPlace() throws {
        try requireFont(for: "東京")
        let mixed = try raster("東京 Tokyo"), cjk = try raster("東京 "), latin = try raster("Tokyo")
        #expect(abs(mixed.width - (cjk.width + latin.width)) <= 2, "\(mixed.width) against \(cjk.width) + \(latin.width)")
        let profile = Self.columns(mixed)
        #expect(Self.same(profile.suffix(latin.width), Self.columns(latin)[...]), "the Latin end is not 'Tokyo'")
        #expect(profile.prefix(cjk.width).reduce(0, +) > 0)
    }

    /// Alef then bet, right to left: bet is drawn on the left, alef on the right; after Latin,
    /// the Hebrew still reads right to left within the left-to-right line.
    @Test func hebrewReadsRightToLeft() throws {
        try requireFont(for: "אב")
        let word = try raster("אב"), alef = try raster("א"), bet = try raster("ב")
        let profile = Self.columns(word)
        try #require(abs(word.width - (alef.width + bet.width)) <= 2, "\(word.width) against \(alef.width) + \(bet.width)")
        #expect(Self.same(profile.prefix(bet.width), Self.columns(bet)[...]), "bet is not on the left")
        #expect(Self.same(profile.suffix(alef.width), Self.columns(alef)[...]), "alef is not on the right")

        let line = try raster("ab אב"), ab = try raster("ab ")
        #expect(Self.same(Self.columns(line).prefix(ab.width), Self.columns(ab)[...]), "the Latin does not come first")
        #expect(Self.same(Self.columns(line).suffix(alef.width), Self.columns(alef)[...]), "the Hebrew's first letter is not at the right end")
    }

    /// Shaped, Arabic letters join: four behs in a word take far less room than four alone, and
    /// a lam and an alef become one ligature narrower than the two apart.
    @Test func arabicLettersJoinAsHarfBuzzShapesThem() throws {
        try requireFont(for: "بلا")
        let beh = try raster("ب"), word = try raster("بببب")
        #expect(Double(word.width) < 0.8 * Double(4 * beh.width), "\(word.width) px for four joined behs, \(beh.width) alone")
        let lamAlef = try raster("لا"), lam = try raster("ل"), alef = try raster("ا")
        #expect(lamAlef.width < lam.width + alef.width, "lam-alef \(lamAlef.width) px, apart \(lam.width + alef.width)")

        // Alef joins nothing after it, so "اب" is two isolated letters: the first on the right.
        let pair = try raster("اب"), isolatedBeh = Self.columns(beh)[...], profile = Self.columns(pair)
        try #require(abs(pair.width - (alef.width + beh.width)) <= 2, "\(pair.width) against \(alef.width) + \(beh.width)")
        #expect(Self.same(profile.prefix(beh.width), isolatedBeh), "beh is not on the left")
        #expect(Self.same(profile.suffix(alef.width), Self.columns(alef)[...]), "alef is not on the right")
    }

    @Test(arguments: ["Привет мир", "Καλημέρα κόσμε", "नमस्ते दुनिया"])
    func otherScriptsDrawTheirLetters(_ sample: String) throws {
        try requireFont(for: sample)
        let drawn = try raster(sample), boxes = try raster(Self.boxes(sample.count))
        #expect(Self.columns(drawn).reduce(0, +) > 0)
        #expect(drawn.pixels != boxes.pixels)
    }

    /// A combining accent sits on its letter: "e" + U+0301 takes the room of one "é".
    @Test func aCombiningMarkSitsOnItsBase() throws {
        let combined = try raster("e\u{301}"), precomposed = try raster("\u{E9}"), plain = try raster("e")
        #expect(abs(combined.width - precomposed.width) <= 1)
        #expect(abs(combined.width - plain.width) <= 1)
    }

    @Test func aCharacterNoFontHasIsOneBox() throws {
        let one = try raster(Self.boxes(1)), withMark = try raster("\u{378}\u{301}")
        #expect(Self.columns(one).reduce(0, +) > 0)
        #expect(withMark.width == one.width)
    }

    /// In the program: a photo's file name as its caption (`--captions`), in a Japanese locale.
    /// Two CJK names of one length show different glyphs, and neither shows the boxes a name of
    /// characters no font has shows.
    @Test func cjkFileNamesShowAsCaptions() async throws {
        try requireFont(for: "日本の写真中国的照片")
        let dir = try Fixtures.folder("cjkCaptions")
        var bands: [[UInt8]] = []
        for name in ["日本の写真", "中国的照片", Self.boxes(5)] {
            let photo = dir.appendingPathComponent("\(name).png"), shot = dir.appendingPathComponent("shot-\(bands.count).png")
            try Fixtures.twoTone(photo, width: 400, height: 300, first: (40, 90, 140), second: (40, 90, 140))
            let run = try await AppProcess.run(["--size", "640x400", "--captions", "--screenshot", shot.path, photo.path],
                                               environment: ["LANG": "ja_JP.UTF-8", "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let image = try Screenshot(path: shot.path).image
            let rows = (300 * image.width * 4)..<(image.height * image.width * 4)
            bands.append(Array(image.pixels[rows]))
        }
        func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { abs(Int($0) - Int($1)) > 40 }.count }
        #expect(differing(bands[0], bands[1]) > 200, "the two CJK captions look alike")
        #expect(differing(bands[0], bands[2]) > 200 && differing(bands[1], bands[2]) > 200, "a CJK caption looks like boxes")
    }

    @Test func aLongCaptionIsCutWithAnEllipsisInAnyScript() throws {
        try requireFont(for: "東京")
        let long = String(repeating: "東京 Tokyo ", count: 20)
        let cut = try #require(text.rasterize(long, pixelSize: Self.size, maxWidth: 300))
        #expect(cut.width <= 300 && cut.width > 250, "\(cut.width) px")
    }
}
