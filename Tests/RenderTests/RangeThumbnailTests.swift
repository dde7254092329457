import Foundation
import PhotoCore
import PhotoServe
import TestImages
import Testing
import WindowTestSupport

/// A grid of photos on a server from their first 64 KiB (docs/loading.md): each cell asks for a
/// range and shows the photo's EXIF thumbnail; only a photo whose thumbnail is too small for its
/// cell, or has none, is downloaded whole; a server that ignores ranges sends the whole photo, which the cell uses.
@Suite(.serialized) struct RangeThumbnailTests {
    typealias RGB = (UInt8, UInt8, UInt8)
    let window = Size(width: 1280, height: 800)
    let photoColour: RGB = (128, 128, 128)

    func colour(_ i: Int) -> RGB {
        let c = BrowserSession.colour(i, of: 8)
        return (UInt8(c.0), UInt8(c.1), UInt8(c.2))
    }

    /// Five camera photos with 160x120 thumbnails, one whose thumbnail is 40x30, one with none.
    func photos(in folder: URL) throws {
        for i in 0..<5 {
            try Data(JPEGFixture.withExifThumbnail(width: 1600, height: 1200, photo: photoColour, thumbnail: colour(i)))
                .write(to: folder.appendingPathComponent("p\(i).jpg"))
        }
        try Data(JPEGFixture.withExifThumbnail(width: 1600, height: 1200, photo: photoColour, thumbnail: colour(5), thumbnailWidth: 40, thumbnailHeight: 30))
            .write(to: folder.appendingPathComponent("p5.jpg"))
        try Data(JPEGFixture.withExifThumbnail(width: 1600, height: 1200, photo: photoColour, thumbnail: nil)).write(to: folder.appendingPathComponent("p6.jpg"))
    }

    func cells(_ shot: Screenshot, count: Int) -> [(r: Double, g: Double, b: Double)] {
        let layout = GridLayout(width: window.width, count: count)
        return (0..<count).map { shot.mean(layout.frame(of: $0).insetBy(dx: 20, dy: 20)) }
    }

    func looks(_ mean: (r: Double, g: Double, b: Double), like c: RGB) -> Bool {
        abs(mean.r - Double(c.0)) < 12 && abs(mean.g - Double(c.1)) < 12 && abs(mean.b - Double(c.2)) < 12
    }

    @Test func aWebDAVGridAsksEachCellForItsFirst64KiBAndShowsTheCamerasThumbnail() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try photos(in: served)
        let server = try ApacheDAV(root: served, user: "alice", password: "s3cret")
        let netrc = dir.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login alice password s3cret\n".write(to: netrc, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("grid.png")
        let run = try await AppProcess.run(["--size", "1280x800", "--screenshot", shot.path, server.dav()], environment: ["NETRC": netrc.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")

        let means = cells(try Screenshot(path: shot.path), count: 7)
        for i in 0..<5 { #expect(looks(means[i], like: colour(i)), "cell \(i): \(means[i]), wanted its EXIF thumbnail's \(colour(i))") }
        for i in 5..<7 { #expect(looks(means[i], like: photoColour), "cell \(i): \(means[i]), wanted the photo's \(photoColour)") }

        let gets = server.requests.filter { $0.method == "GET" && $0.authorized }
        for i in 0..<5 {
            #expect(gets.filter { $0.path == "/p\(i).jpg" }.map(\.range) == ["bytes=0-65535"], "p\(i): \(gets)")
        }
        // Too small a thumbnail, or none: the range, then the whole photo.
        for i in 5..<7 {
            #expect(gets.filter { $0.path == "/p\(i).jpg" }.map(\.range) == ["bytes=0-65535", nil], "p\(i): \(gets)")
        }
    }

    @Test func aServerThatIgnoresRangesGivesTheWholePhotoForTheCell() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try photos(in: served)
        let shot = dir.appendingPathComponent("grid.png")
        // The gallery server answers a range with the whole file (200), as some servers do.
        let run = try await withGalleryServer(folder: served, bytesPerSecond: nil) { _, manifest in
            try await AppProcess.run(["--size", "1280x800", "--screenshot", shot.path, manifest.absoluteString],
                                     environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        }
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // Every cell from the whole photo, decoded to the cell: the photo's colour, not the thumbnail's.
        let means = cells(try Screenshot(path: shot.path), count: 7)
        for i in 0..<7 { #expect(looks(means[i], like: photoColour), "cell \(i): \(means[i])") }
    }
}
