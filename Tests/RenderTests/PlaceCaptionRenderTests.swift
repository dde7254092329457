import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// `{place}` in a real window (docs/behaviour.md §6, §20): the program finds its place table
/// beside the binary and names the town of a photo's EXIF position; a photo with none has no caption.
@Suite(.serialized) struct PlaceCaptionRenderTests {
    func shot(gps: Bool) async throws -> Screenshot {
        let dir = try Fixtures.folder("place-caption-\(gps)")
        let photo = dir.appendingPathComponent("photo.jpg"), shot = dir.appendingPathComponent("shot.png")
        try Data(JPEGFixture.solid(width: 600, height: 400, (30, 30, 90))).write(to: photo)
        if gps {
            let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/exiftool"), ["-q", "-overwrite_original", "-GPSLatitude=35.0116", "-GPSLatitudeRef=N",
                                                                                    "-GPSLongitude=135.7681", "-GPSLongitudeRef=E", photo.path],
                                         environment: ProcessInfo.processInfo.environment)
            let outcome = try child.outcome(timeout: 60)
            guard outcome.status == 0 else { throw BrowserSession.Failed(message: "exiftool: \(outcome.stderr)") }
        }
        let run = try await AppProcess.run(["--size", "600x400", "--caption", "{place}", "--screenshot", shot.path, photo.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        return try Screenshot(path: shot.path)
    }

    @Test func aPhotosPositionBecomesItsTownsName() async throws {
        let band = Rect(x: 150, y: 320, width: 300, height: 50)
        let named = try await shot(gps: true), plain = try await shot(gps: false)
        // "Kyoto, Japan" in white over the dark photo; nothing where the photo has no position.
        #expect(named.whitePixels(band) > 60, "no place caption: \(named.whitePixels(band))")
        #expect(plain.whitePixels(band) == 0, "a caption for a photo with no position: \(plain.whitePixels(band))")
    }
}
