import CTurboJPEG
import PhotoCore
@testable import PhotoPipeline
import Testing
import TestImages

/// A progressive JPEG read as its bytes arrive shows the whole photo after each scan, coarse
/// first, at the size and orientation its final decode will have (docs/behaviour.md §8).
@Suite struct ProgressiveJPEGStreamTests {
    /// Gradients under fine stripes: the first scans carry the gradients, later ones the stripes.
    static func photo(width: Int = 1200, height: Int = 800, progressive: Bool = true) -> [UInt8] {
        JPEGFixture.make(width: width, height: height, quality: 90, subsampling: TJSAMP_420,
                         flags: progressive ? Int32(TJFLAG_PROGRESSIVE) : 0) { x, y in
            let stripe: UInt8 = (x / 3 + y / 5) % 2 == 0 ? 40 : 0
            return (UInt8(x * 200 / width) + stripe, UInt8(y * 200 / height) + stripe, UInt8((x + y) % 256 / 2))
        }
    }

    /// The photo as the final decode shows it, asked for at most `maxPixelSize`.
    static func whole(_ jpeg: [UInt8], maxPixelSize: Int) throws -> DecodedImage {
        try ImageDecoder.decode(data: jpeg, name: "test", maxPixelSize: maxPixelSize)
    }

    static func meanDifference(_ a: DecodedImage, _ b: DecodedImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in 0..<a.pixels.count where i % 4 != 3 { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// Feeds `jpeg` in pieces of `piece` bytes; the picture after each step that completed a scan.
    static func stream(_ jpeg: [UInt8], piece: Int, maxPixelSize: Int) -> (pictures: [DecodedImage], last: ProgressiveJPEGStream.Step, stream: ProgressiveJPEGStream, byScans: [Int: DecodedImage]) {
        let stream = ProgressiveJPEGStream { _ in (maxPixelSize, nil) }!
        var pictures: [DecodedImage] = []
        var byScans: [Int: DecodedImage] = [:]
        var last = ProgressiveJPEGStream.Step.needsBytes
        var end = 0
        while end < jpeg.count {
            end = min(jpeg.count, end + piece)
            let bytes = Array(jpeg[..<end])
            last = stream.advance(bytes)
            if last == .scan, let picture = stream.picture(bytes) {
                pictures.append(picture)
                byScans[stream.completedScans] = picture
            }
            if last != .needsBytes && last != .scan { break }
        }
        return (pictures, last, stream, byScans)
    }

    @Test func eachScanShowsTheWholePhotoCloserToTheFinalPicture() throws {
        let jpeg = Self.photo()
        let final = try Self.whole(jpeg, maxPixelSize: 600)
        let (pictures, last, stream, _) = Self.stream(jpeg, piece: 4096, maxPixelSize: 600)
        #expect(last == .end)
        #expect(stream.completedScans >= 5, "libjpeg-turbo's progressive script has ten scans; \(stream.completedScans) seen")
        #expect(pictures.count >= 4)
        for picture in pictures { #expect(picture.width == final.width && picture.height == final.height) }
        let errors = pictures.map { Self.meanDifference($0, final) }
        // The first (DC only) is a blurred photo, the last before the end almost the final one.
        #expect(errors.first! > 3 * errors.last!, "errors by scan: \(errors)")
        #expect(errors.last! < 2, "errors by scan: \(errors)")
        // A coarse picture is still the photo: nowhere near a grey square's error.
        let grey = DecodedImage(width: final.width, height: final.height, pixels: [UInt8](repeating: 128, count: final.pixels.count))
        #expect(errors.first! < Self.meanDifference(grey, final) / 3, "first \(errors.first!), grey \(Self.meanDifference(grey, final))")
    }

    @Test func aBaselineJPEGWaitsForItsLastByte() {
        let jpeg = Self.photo(progressive: false)
        let (pictures, last, _, _) = Self.stream(jpeg, piece: 1024, maxPixelSize: 600)
        #expect(last == .wholeFileOnly)
        #expect(pictures.isEmpty)
    }

    @Test func aTurnedPhotoIsShownUprightAtItsFinalSize() throws {
        let jpeg = ExifSegment.splice(ExifSegment.make(orientation: 6), into: Self.photo(width: 800, height: 400))
        let final = try Self.whole(jpeg, maxPixelSize: 300)
        let (pictures, _, stream, _) = Self.stream(jpeg, piece: 2048, maxPixelSize: 300)
        #expect(final.width == 150 && final.height == 300)
        #expect(stream.displayedSize == PixelSize(width: 400, height: 800))
        let last = try #require(pictures.last)
        #expect(last.width == final.width && last.height == final.height)
        #expect(Self.meanDifference(last, final) < 2)
    }

    @Test func bytesThatAreNotAJPEGOrBreakOffMidwayEndQuietly() {
        let garbage = [UInt8](repeating: 0x5A, count: 5000)
        #expect({ if case .failed = Self.stream(garbage, piece: 512, maxPixelSize: 100).last { true } else { false } }())
        // A JPEG whose scan data turns to noise halfway: an error or more scans, never a crash.
        var broken = Self.photo(width: 300, height: 200)
        for i in (broken.count / 2)..<broken.count where i % 7 == 0 { broken[i] = UInt8(i & 0xFF) }
        _ = Self.stream(broken, piece: 333, maxPixelSize: 300)
        // Cut short: it waits for bytes that never come, with the scans it had.
        let cut = Array(Self.photo(width: 300, height: 200).prefix(3000))
        let partial = Self.stream(cut, piece: 500, maxPixelSize: 300)
        #expect(partial.last == .needsBytes || partial.last == .scan)
    }

    /// A camera's EXIF segment is larger than a network piece: libjpeg skips it across several
    /// pieces, and the scans after it still come, ending on the whole-file decode's picture.
    @Test func aLargeSegmentSkippedAcrossPiecesLeavesTheScansIntact() throws {
        var app1 = Array("Exif".utf8) + [0, 0] + ExifSegment.tiff(orientation: 1)
        app1 += [UInt8](repeating: 0x42, count: 30_000 - app1.count)
        let segment = [0xFF, 0xE1] + ExifSegment.be16(UInt16(app1.count + 2)) + app1
        let jpeg = ExifSegment.splice(segment, into: Self.photo(width: 600, height: 400))
        let final = try Self.whole(jpeg, maxPixelSize: 600)
        let (pictures, last, stream, _) = Self.stream(jpeg, piece: 1024, maxPixelSize: 600)
        let control = Self.stream(Self.photo(width: 600, height: 400), piece: 1024, maxPixelSize: 600)
        #expect(last == .end)
        #expect(stream.completedScans == control.stream.completedScans)
        let errors = pictures.map { Self.meanDifference($0, final) }
        #expect(errors.count >= 4 && errors.last! < errors.first! / 3, "errors by picture: \(errors)")
    }
}
