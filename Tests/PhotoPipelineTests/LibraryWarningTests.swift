import CTurboJPEG
import PhotoCore
import TestImages
import Testing
@testable import PhotoPipeline

/// Files a library only warns about show whole, as djpeg, Pillow and ImageMagick show them; files
/// it cannot read are broken tiles with its reason.
@Suite struct LibraryWarningTests {
    let dir = TempDirectory()

    /// Two stray bytes before the DQT segment: "Corrupt JPEG data: 2 extraneous bytes before marker 0xdb".
    static func withStrayBytes(_ jpeg: [UInt8]) -> [UInt8] {
        let dqt = (2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB }!
        return Array(jpeg[..<dqt]) + [0x12, 0x34] + Array(jpeg[dqt...])
    }

    @Test func aJPEGWithExtraneousBytesShowsWhole() throws {
        let jpeg = JPEGFixture.make(width: 64, height: 48) { x, _ in x < 32 ? (220, 30, 30) : (30, 30, 220) }
        let path = dir.write("stray.jpg", Self.withStrayBytes(jpeg))
        for size in [nil, 16] as [Int?] {
            let image = try ImageDecoder.decode(path: path, maxPixelSize: size)
            let width = image.width
            #expect(width == (size ?? 64) && image.height == (size == nil ? 48 : 12))
            #expect(isClose(image.rgba(x: width / 8, y: image.height / 2), (220, 30, 30)))
            #expect(isClose(image.rgba(x: width - 1 - width / 8, y: image.height / 2), (30, 30, 220)))
        }
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 64, height: 48))
    }

    @Test func aJPEGWithAFatalErrorIsStillABrokenTile() throws {
        var jpeg = JPEGFixture.make(width: 64, height: 48) { _, _ in (120, 120, 120) }
        // SOF0's precision byte: 3 bits a sample is no JPEG libjpeg can decode.
        let sof = (2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 4] = 3
        #expect {
            _ = try ImageDecoder.decode(path: dir.write("fatal.jpg", jpeg), maxPixelSize: nil)
        } throws: { error in
            guard case DecodeError.corrupt(let reason) = error else { return false }
            return reason.contains("precision")
        }
    }

    /// Stray bytes (a warning) and then a fatal error: the scan names Huffman tables never
    /// defined. TurboJPEG calls such a call "warned" too; it is a broken tile, not a blank picture.
    @Test func aWarningBeforeAFatalErrorIsStillABrokenTile() throws {
        var jpeg = Self.withStrayBytes(JPEGFixture.make(width: 64, height: 48) { _, _ in (200, 100, 50) })
        let sos = (2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }!
        let components = Int(jpeg[sos + 4])
        for c in 0..<components { jpeg[sos + 6 + 2 * c] = 0x33 }  // DC and AC table 3, never defined
        #expect {
            _ = try ImageDecoder.decode(path: dir.write("warned-then-fatal.jpg", jpeg), maxPixelSize: nil)
        } throws: { error in
            guard case DecodeError.corrupt(let reason) = error else { return false }
            return reason.contains("Huffman table")
        }
    }
}
