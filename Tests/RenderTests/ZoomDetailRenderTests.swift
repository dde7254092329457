import Foundation
import PhotoCore
import PhotoPipeline
import Testing
import WindowTestSupport

/// docs/behaviour.md §7: a photo larger than the window is decoded for the window, and zoomed past that copy
/// to its native pixels it is shown at full resolution. A one-pixel checkerboard makes the
/// difference plain: any downscaled copy of it is flat grey.
@Suite(.serialized) struct ZoomDetailRenderTests {
    /// The mean absolute difference between horizontally neighbouring pixels in `rect`: 255 for
    /// a sharp one-pixel checkerboard, near 0 for a blurred one.
    func contrast(_ s: Screenshot, _ rect: Rect) -> Double {
        var sum = 0.0, n = 0.0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) - 1 {
                sum += abs(Double(s.image.rgba(x: x, y: y).g) - Double(s.image.rgba(x: x + 1, y: y).g))
                n += 1
            }
        }
        return sum / max(1, n)
    }

    @Test func aPhotoZoomedToItsNativePixelsIsShownAtFullResolution() async throws {
        let dir = try Fixtures.folder()
        let photo = dir.appendingPathComponent("fine.png")
        let w = 4000, h = 2500
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w where (x + y) % 2 == 0 {
                let i = (y * w + x) * 4
                pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
            }
        }
        try PNGCodec.write(DecodedImage(width: w, height: h, pixels: pixels), toFile: photo.path)
        let fit = dir.appendingPathComponent("fit.png"), native = dir.appendingPathComponent("native.png"), panned = dir.appendingPathComponent("panned.png")
        // 640x400: fit is 0.16 of native; six steps of 1.5x reach the maximum, native 1:1.
        let script = dir.appendingPathComponent("s.txt")
        let zoomIn: [String] = (0..<6).map { "\(200 + $0 * 100) key +" }
        let lines: [String] = ["100 screenshot \(fit.path)"] + zoomIn + [
            "1500 screenshot \(native.path)", "1600 mouse down left 320 200", "1650 mouse move 220 150", "1700 mouse move 120 100",
            "1750 mouse up left 120 100", "3000 screenshot \(panned.path)", "3100 quit"]
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--replay", script.path, photo.path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let centre = Rect(x: 200, y: 120, width: 240, height: 160), whole = Rect(x: 0, y: 0, width: 640, height: 400)
        let atFit = contrast(try Screenshot(path: fit.path), centre)
        let atNative = contrast(try Screenshot(path: native.path), whole)
        let afterPan = contrast(try Screenshot(path: panned.path), whole)
        #expect(atFit < 60, "at fit the window cannot resolve the checkerboard: \(atFit)")
        #expect(atNative > 250, "at native zoom every pixel alternates: \(atNative)")
        #expect(afterPan > 250, "panned to another part, still sharp everywhere: \(afterPan)")
    }
}
