import Testing
@testable import PhotoPipeline
import TestImages

@Suite struct EmbeddedThumbnailTests {
    let dir = TempDirectory()

    @Test func theCamerasThumbnailIsAnInstantPlaceholderTurnedLikeThePhoto() throws {
        let thumbnail = JPEGFixture.make(width: 160, height: 120) { x, _ in x < 80 ? (255, 0, 0) : (0, 0, 255) }
        let photo = JPEGFixture.solid(width: 640, height: 480, (0, 255, 0))
        let exif = ExifSegment.make(orientation: 8, thumbnail: thumbnail)
        let path = dir.write("camera.jpg", ExifSegment.splice(exif, into: photo))

        let image = try #require(ImageDecoder.embeddedThumbnail(path: path))
        #expect(image.width == 120 && image.height == 160)
        // Orientation 8: the stored left half (red) is the visual bottom.
        #expect(isClose(image.rgba(x: 60, y: 150), (255, 0, 0), tolerance: 40))
        #expect(isClose(image.rgba(x: 60, y: 10), (0, 0, 255), tolerance: 40))
    }

    @Test func aPhotoWithoutOneHasNoPlaceholder() {
        let plain = dir.write("plain.jpg", JPEGFixture.solid(width: 64, height: 64, (1, 2, 3)))
        let tagged = dir.write("tagged.jpg", ExifSegment.splice(ExifSegment.make(orientation: 1),
                                                                into: JPEGFixture.solid(width: 64, height: 64, (1, 2, 3))))
        let png = dir.write("x.png", PNGFixture.rgba(width: 4, height: 4) { _, _ in (0, 0, 0, 255) })
        #expect(ImageDecoder.embeddedThumbnail(path: plain) == nil)
        #expect(ImageDecoder.embeddedThumbnail(path: tagged) == nil)
        #expect(ImageDecoder.embeddedThumbnail(path: png) == nil)
        #expect(ImageDecoder.embeddedThumbnail(path: dir.path) == nil)
    }
}
