import PhotoCore
import TestImages
import Testing
@testable import PhotoPipeline

/// Broken and hostile files: each decodes to something sensible or throws a clear error,
/// never crashes, hangs, or allocates what a lying header asks for.
@Suite struct HostileFileTests {
    let dir = TempDirectory()

    func error(_ body: () throws -> DecodedImage) -> DecodeError? {
        do { _ = try body(); return nil } catch let e as DecodeError { return e } catch { return nil }
    }

    @Test func aTruncatedJPEGShowsWhatArrivedLikeEveryViewer() throws {
        let whole = JPEGFixture.make(width: 256, height: 256, quality: 90) { _, y in y < 128 ? (255, 0, 0) : (0, 0, 255) }
        let cut = Array(whole[0..<(whole.count * 3 / 4)])
        let image = try ImageDecoder.decode(path: dir.write("cut.jpg", cut), maxPixelSize: nil)
        #expect(image.width == 256 && image.height == 256)
        #expect(isClose(image.rgba(x: 100, y: 20), (255, 0, 0), tolerance: 20))
    }

    @Test func aJPEGCutInsideItsHeaderIsCorrupt() {
        let whole = JPEGFixture.solid(width: 64, height: 64, (1, 2, 3))
        let e = error { try ImageDecoder.decode(data: Array(whole[0..<40]), name: "cut.jpg", maxPixelSize: nil) }
        guard case .corrupt = e else { Issue.record("expected corrupt, got \(String(describing: e))"); return }
    }

    @Test func anEmptyFileSaysItIsEmpty() {
        let path = dir.write("zero.jpg", [])
        #expect(error { try ImageDecoder.decode(path: path, maxPixelSize: nil) } == .empty)
        #expect(ImageDecoder.probe(path: path) == nil)
    }

    @Test func textNamedJPGIsNotAnImage() {
        let path = dir.write("notes.jpg", Array("shopping list: milk, eggs\n".utf8))
        let e = error { try ImageDecoder.decode(path: path, maxPixelSize: 256) }
        #expect(e == .notAnImage)
        #expect(e?.description == "not an image in a format sdlphoto knows")
    }

    // Found by Fuzz/FuzzDecode (leaks): "RII\u{3}-\u{D8}<svg", then a RIFF/WEBP header that is no
    // WebP, went to SDL2_image's SVG loader, which leaks 16 bytes for each SVG without a size.
    // SVG is not a photo format of sdlphoto's.
    @Test(arguments: ["RII\u{3}-\u{D8}<svg", "RIFF<svgWEBPVPGIG87\u{FF}1\t",
                      #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#])
    func anSVGIsNotAnImageSdlphotoShows(text: String) {
        #expect(error { try ImageDecoder.decode(data: Array(text.utf8), name: "x.jpg", maxPixelSize: nil) } == .notAnImage)
    }

    @Test func garbageBehindAPNGSignatureIsCorrupt() {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x42, count: 100)
        let e = error { try ImageDecoder.decode(data: bytes, name: "x.png", maxPixelSize: nil) }
        guard case .corrupt = e else { Issue.record("expected corrupt, got \(String(describing: e))"); return }
    }

    @Test func aPNGClaiming100000x100000IsRefusedBeforeAnyAllocation() {
        var png = PNGFixture.rgba(width: 2, height: 2) { _, _ in (0, 0, 0, 255) }
        for (offset, value) in [(16, 100_000), (20, 100_000)] {
            for k in 0..<4 { png[offset + k] = UInt8(value >> (24 - 8 * k) & 0xFF) }
        }
        let crc = CRC32.checksum(png[12..<29])  // "IHDR" and its 13 data bytes: a header valid in every way
        for k in 0..<4 { png[29 + k] = UInt8(crc >> UInt32(24 - 8 * k) & 0xFF) }
        let path = dir.write("huge.png", png)
        #expect(error { try ImageDecoder.decode(path: path, maxPixelSize: 256) }
                == .tooLarge(megapixels: 10_000, limit: 400))
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 100_000, height: 100_000))
    }

    // Found by Fuzz/FuzzDecode: a 34-byte GIMP XCF header claiming 2054x67612, which SDL2_image
    // allocated (over 2 GiB with its conversion) before reading a layer. QOI and netpbm headers,
    // also read only by SDL2_image, are checked the same way.
    @Test(arguments: [
        (Array("gimp xcf file\0".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 0, 0, 0, 0], PixelSize(width: 30000, height: 30000)),
        (Array("qoif".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 4, 0], PixelSize(width: 30000, height: 30000)),
        (Array("P6\n# a comment\n30000 30000\n255\n".utf8), PixelSize(width: 30000, height: 30000)),
    ])
    func aHeaderOnlySDLImageReadsIsCheckedBeforeItAllocates(bytes: [UInt8], claims: PixelSize) {
        let path = dir.write("huge.jpg", bytes)
        let megapixels = Double(claims.width) * Double(claims.height) / 1_000_000
        #expect(error { try ImageDecoder.decode(path: path, maxPixelSize: 256) } == .tooLarge(megapixels: megapixels, limit: 400))
        #expect(ImageDecoder.probe(path: path) == claims)
    }

    // Found by Fuzz/FuzzDecode: a GIMP XCF header cut short after 19 bytes, whose height
    // SDL2_image read from past the end: it asked for 59 PB.
    @Test func anXCFOrQOIHeaderCutShortIsCorruptAndNeverReachesSDLImage() {
        let xcf = Array("gimp xcf ".utf8) + [0, 0, 3, 0x0A, 0x4D, 0, 0x74, 0x45, 0x58, 0x74]
        let qoi = Array("qoif".utf8) + [0, 0, 0x75, 0x30, 0, 0]
        for bytes in [xcf, qoi] {
            #expect(error { try ImageDecoder.decode(data: bytes, name: "cut", maxPixelSize: nil) } == .corrupt(reason: "it ends inside its header"))
        }
    }

    // Found by Fuzz/FuzzDecode: 46 bytes whose screen is 768x2 but whose first frame is
    // 29699x22597, which SDL2_image allocated (over 2 GiB) because only the screen was checked.
    @Test func aGIFFrameLargerThanItsScreenIsRefusedBeforeAnyAllocation() {
        let gif: [UInt8] = [
            0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 0x00, 0x03, 0x02, 0x00, 0x89, 0x00, 0x00, 0xc8, 0x64,
            0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00,
            0x03, 0x74, 0x45, 0x58, 0x74, 0x08, 0x06, 0x00, 0x01, 0x08, 0x1c, 0x18, 0x10, 0x00, 0x3b,
        ]
        #expect(error { try ImageDecoder.decode(data: gif, name: "frame.gif", maxPixelSize: nil) }
                == .tooLarge(megapixels: 29699.0 * 22597 / 1_000_000, limit: 400))
        #expect(ImageDecoder.probe(data: gif) == PixelSize(width: 768, height: 2))
    }

    @Test func aGIFFrameBehindExtensionsAndStrayBytesIsFoundAndChecked() {
        let screen = Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00]
        let comment: [UInt8] = [0x21, 0xFE, 3, 0x61, 0x62, 0x63, 2, 0x2C, 0x2C, 0]  // holds 0x2C bytes of its own
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 0x00, 0x60, 0x00, 0x60, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        let gif = screen + comment + [0x99] + frame
        #expect(error { try ImageDecoder.decode(data: gif, name: "frame.gif", maxPixelSize: nil,
                                                limits: DecodeLimits(maxMegapixels: 100)) }
                == .tooLarge(megapixels: 24576.0 * 24576 / 1_000_000, limit: 100))
    }

    // Found by Fuzz/FuzzDecode: SDL2_image gives up on a frame whose LZW code size is over 12 or
    // that has no pixels, and decodes the next one: 51200x12900 (2.6 GB once converted to RGBA),
    // then 33024x14848 (47 s and 2.4 GB).
    @Test func aGIFFrameAfterOnesSDLImageGivesUpOnIsTheOneChecked() {
        #expect(error { try ImageDecoder.decode(data: FuzzFindings.gifWithAGiantFrameAfterAFailedOne, name: "two.gif", maxPixelSize: nil) }
                == .tooLarge(megapixels: 51200.0 * 12900 / 1_000_000, limit: 400))
        #expect(error { try ImageDecoder.decode(data: FuzzFindings.gifWithAGiantFrameAfterEmptyOnes, name: "empty.gif", maxPixelSize: nil) }
                == .tooLarge(megapixels: 33024.0 * 14848 / 1_000_000, limit: 400))
        let screen = Array("GIF89a".utf8) + [0x03, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00]
        let unreadable: [UInt8] = [0x2C, 0, 0, 0, 0, 0x01, 0x00, 0x01, 0x00, 0x00, 96]  // 1x1, code size 96
        let giant: [UInt8] = [0x2C, 0, 0, 0, 0, 0x00, 0xC8, 0x64, 0x32, 0x00, 2, 2, 0x44, 0x01, 0, 0x3B]
        #expect(error { try ImageDecoder.decode(data: screen + unreadable + giant, name: "two.gif", maxPixelSize: nil) }
                == .tooLarge(megapixels: 51200.0 * 12900 / 1_000_000, limit: 400))
    }

    // Found by Fuzz/FuzzDecode: a segmentation fault inside SDL2_image's GIF decoder.
    @Test func aGIFWhoseCodesLoopIsCorruptInsteadOfOverrunningSDLImagesStack() {
        #expect(error { try ImageDecoder.decode(data: FuzzFindings.gifWhoseCodesLoop, name: "loop.gif", maxPixelSize: nil) }
                == .corrupt(reason: "its image data loops back on itself"))
    }

    @Test func anAnimatedGIFStillDecodesAfterItsCodesAreReplayed() throws {
        let gif = GIFFixture.animated(width: 40, height: 30, frames: [(255, 0, 0), (0, 255, 0)])
        let frame = try #require(GIFFrame.decodedBySDLImage(in: gif))
        #expect(frame.size == PixelSize(width: 40, height: 30))
        #expect(!GIFLZWReplay.overrunsSDLImageStack(gif, frame: frame))
        let image = try ImageDecoder.decode(data: gif, name: "anim.gif", maxPixelSize: nil)
        #expect(image.width == 40 && image.height == 30)
        #expect(isClose(image.rgba(x: 20, y: 15), (255, 0, 0), tolerance: 0))
    }

    // Found by Fuzz/FuzzDecode (a leak, which scripts/sanitize's LeakSanitizer reports here).
    // The photo shows as sRGB, its colours as stored.
    @Test func anAVIFWhoseColourTagLibheifRefusesShowsAsSRGBAndLeavesNothingBehind() throws {
        let image = try ImageDecoder.decode(data: FuzzFindings.avifWithARefusedNCLX, name: "nclx.avif", maxPixelSize: nil)
        #expect(image.width == 16 && image.height == 8)
        #expect(isClose(image.rgba(x: 8, y: 4), (182, 124, 86), tolerance: 2))
    }

    // Found by Fuzz/FuzzDecode (a timeout): a 3x2 PNG whose eXIf chunk claims 1 GiB. libpng read
    // it one byte at a time through SDL2_image, which ignores short reads: a decode worker spent
    // minutes on 116 bytes.
    @Test func aPNGChunkClaimingMoreBytesThanTheFileIsCorruptAtOnce() {
        let png: [UInt8] = [
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0x12, 0x16, 0xf1,
            0x4d, 0x40, 0x00, 0x00, 0x1a, 0x65, 0x58, 0x49, 0x66, 0x49, 0x49, 0x93, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0xb7, 0x48, 0x11, 0x29, 0x00, 0x00, 0x00, 0x15, 0x49, 0x44, 0x41, 0x54, 0x78,
            0x9c, 0x63, 0x3c, 0x91, 0x62, 0xc4, 0xc0, 0xc0, 0xc0, 0xc0, 0xc0, 0xc0, 0xc4, 0x00, 0x03, 0x00,
            0x19, 0x6e, 0x01, 0x62, 0x1e, 0xa4, 0xa1, 0x79, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
            0xae, 0x42, 0x60, 0x82,
        ]
        #expect(error { try ImageDecoder.decode(data: png, name: "exif.png", maxPixelSize: nil) }
                == .corrupt(reason: "its eXIf chunk claims 1073741850 bytes, past the end of the file"))
        #expect(ImageDecoder.probe(data: png) == PixelSize(width: 3, height: 2))
    }

    @Test func aJPEGOverTheLimitIsDecodedOnlyThroughDCTScalingToASmallSize() throws {
        let path = dir.write("big.jpg", JPEGFixture.solid(width: 1000, height: 1000, (0, 128, 255)))
        let limits = DecodeLimits(maxMegapixels: 0.5)
        #expect(error { try ImageDecoder.decode(path: path, maxPixelSize: nil, limits: limits) }
                == .tooLarge(megapixels: 1, limit: 0.5))
        let thumbnail = try ImageDecoder.decode(path: path, maxPixelSize: 200, limits: limits)  // via 1/4: 250x250
        #expect(thumbnail.width == 200 && isClose(thumbnail.rgba(x: 100, y: 100), (0, 128, 255)))
    }

    @Test func aJPEGAskedForAtASizeOverTheLimitComesAtTheLargestScaleWithinIt() throws {
        // 900 px needs the whole 1000x1000 photo (1 MP, over the 0.5 MP limit): 1/2 is within it.
        let path = dir.write("big.jpg", JPEGFixture.solid(width: 1000, height: 1000, (0, 128, 255)))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 900, limits: DecodeLimits(maxMegapixels: 0.5))
        #expect(image.width == 500 && image.height == 500)
    }

    @Test func aJPEGHeaderClaimingGiantDimensionsIsRefusedAtFullSize() {
        var jpeg = JPEGFixture.solid(width: 16, height: 16, (9, 9, 9))
        let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60  // height 60000
        jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60  // width 60000
        #expect(error { try ImageDecoder.decode(data: jpeg, name: "liar.jpg", maxPixelSize: nil) }
                == .tooLarge(megapixels: 3600, limit: 400))
    }

    @Test func aDirectoryOrMissingPathIsUnreadableWithTheReason() {
        // The tests run as root, for whom chmod 000 does not stop reads; a directory and a missing
        // path exercise the same failure path (open or fstat refusing) instead.
        #expect(error { try ImageDecoder.decode(path: dir.path, maxPixelSize: nil) }
                == .unreadable(path: dir.path, reason: "it is a directory"))
        let missing = dir.path + "/gone.jpg"
        #expect(error { try ImageDecoder.decode(path: missing, maxPixelSize: nil) }
                == .unreadable(path: missing, reason: "No such file or directory"))
    }

    @Test func aFileOverTheByteLimitIsNotReadIntoMemory() {
        let path = dir.write("fat.jpg", JPEGFixture.solid(width: 64, height: 64, (1, 1, 1)))
        let e = error { try ImageDecoder.decode(path: path, maxPixelSize: nil, limits: DecodeLimits(maxFileBytes: 100)) }
        guard case let .unreadable(_, reason) = e else { Issue.record("got \(String(describing: e))"); return }
        #expect(reason.contains("more than the limit of 100"))
    }
}
