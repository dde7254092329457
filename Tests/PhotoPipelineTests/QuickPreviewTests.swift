import CTurboJPEG
import Foundation
import PhotoCore
@testable import PhotoPipeline
import Testing
import TestImages

/// A photo with no embedded thumbnail still shows at once when it opens: a picture from a
/// fraction of its decode, the photo itself only softer (docs/behaviour.md §12, Start).
@Suite struct QuickPreviewTests {
    static func photo(progressive: Bool, width: Int = 1600, height: Int = 1200) -> [UInt8] {
        ProgressiveJPEGStreamTests.photo(width: width, height: height, progressive: progressive)
    }

    /// Mean of each channel over the picture.
    static func means(_ image: DecodedImage) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        let rgba = image.inOrder(.rgba).pixels
        for i in stride(from: 0, to: rgba.count, by: 4) {
            for c in 0..<3 { sums[c] += Double(rgba[i + c]) }
        }
        return sums.map { $0 / Double(image.width * image.height) }
    }

    @Test(arguments: [false, true]) func thePreviewIsTheSmallestDCTScaleReachingTheSizeAskedFor(progressive: Bool) throws {
        let decoded = QuickPreview.decode(data: Self.photo(progressive: progressive), reaching: 150)
        let preview = try #require(decoded)
        // 1600x1200 at 1/8 is 200x150: the smallest scale whose longer side reaches 150.
        #expect(preview.width == 200 && preview.height == 150)
        let larger = try #require(QuickPreview.decode(data: Self.photo(progressive: false), reaching: 300))
        #expect(larger.width == 400 && larger.height == 300)
    }

    /// Shown in the page's place and faded into the photo, it must not shift its colours: the
    /// preview scaled to the page's size has the photo's mean colour within 2/255.
    @Test(arguments: [false, true]) func thePreviewAtThePagesSizeHasThePhotosColours(progressive: Bool) throws {
        let jpeg = Self.photo(progressive: progressive)
        let decoded = QuickPreview.decode(data: jpeg, reaching: 150)
        let preview = try #require(decoded)
        let page = try ImageDecoder.decode(data: jpeg, name: "test", maxPixelSize: 800)
        let fitted = AreaDownscaler.downscale(page, maxPixelSize: 200)
        for (a, b) in zip(Self.means(preview), Self.means(fitted)) { #expect(abs(a - b) <= 2, "preview \(Self.means(preview)), photo \(Self.means(fitted))") }
    }

    /// A camera holding its phone sideways: the preview is turned as the photo is.
    @Test func thePreviewIsTurnedByTheFilesOrientation() throws {
        let jpeg = Self.photo(progressive: false, width: 800, height: 400)
        let turned = ExifSegment.splice(ExifSegment.make(orientation: 6), into: jpeg)
        let preview = try #require(QuickPreview.decode(data: turned, reaching: 50))
        #expect(preview.width == 50 && preview.height == 100)
    }

    @Test func otherFormatsAndBrokenFilesHaveNoPreview() throws {
        #expect(QuickPreview.decode(data: Array("not a photo".utf8), reaching: 100) == nil)
        let jpeg = Self.photo(progressive: true)
        // Cut inside its first scan: no picture yet, and none made up.
        #expect(QuickPreview.decode(data: Array(jpeg.prefix(jpeg.count / 40)), reaching: 100) == nil)
        #expect(QuickPreview.decode(path: "/nonexistent/photo.jpg", reaching: 100) == nil)
    }
}
