import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// One photo in a real SDL window with a real GL context: screenshots read back and
/// compared with where aspect-fit must put each photo.
@Suite(.serialized) struct AspectFitRenderTests {
    let window = Size(width: 800, height: 600)
    let red: (Double, Double, Double) = (255, 0, 0)
    let blue: (Double, Double, Double) = (0, 0, 255)
    let black: (Double, Double, Double) = (0, 0, 0)

    /// Shows a two-tone photo of `width` x `height` and checks placement, bars and colours.
    func checkFit(width: Int, height: Int, tolerance: Double = 12) async throws {
        let dir = try Fixtures.folder("fit\(width)x\(height)")
        let photo = dir.appendingPathComponent("photo.png"), shot = dir.appendingPathComponent("shot.png")
        try Fixtures.twoTone(photo, width: width, height: height, first: (255, 0, 0), second: (0, 0, 255))
        // A 27-megapixel PNG takes a debug build 6 s alone and 58 s with both cores kept busy: the
        // limit only catches a hang.
        let run = try await AppProcess.run(["--size", "800x600", "--screenshot", shot.path, photo.path], timeout: 240)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        #expect(s.width == 800 && s.height == 600)
        let fit = Rect.aspectFit(Size(width: Double(width), height: Double(height)), in: Rect(origin: .zero, size: window))
        let inner = fit.insetBy(dx: 4, dy: 4)
        if width >= height {
            let left = Rect(x: inner.minX, y: inner.minY, width: inner.width / 2 - 4, height: inner.height)
            let right = Rect(x: fit.midX + 4, y: inner.minY, width: inner.maxX - fit.midX - 4, height: inner.height)
            let leftOK = s.looks(left, like: red, tolerance: tolerance), rightOK = s.looks(right, like: blue, tolerance: tolerance)
            #expect(leftOK, "left half \(s.mean(left)) in \(fit)")
            #expect(rightOK, "right half \(s.mean(right)) in \(fit)")
        } else {
            let top = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: inner.height / 2 - 4)
            let bottom = Rect(x: inner.minX, y: fit.midY + 4, width: inner.width, height: inner.maxY - fit.midY - 4)
            let topOK = s.looks(top, like: red, tolerance: tolerance), bottomOK = s.looks(bottom, like: blue, tolerance: tolerance)
            #expect(topOK, "top half \(s.mean(top)) in \(fit)")
            #expect(bottomOK, "bottom half \(s.mean(bottom)) in \(fit)")
        }
        // Letterbox (above/below) or pillarbox (left/right) bars stay black.
        var bars: [Rect] = []
        if fit.minY > 3 {
            bars += [Rect(x: 0, y: 0, width: 800, height: fit.minY - 2), Rect(x: 0, y: fit.maxY + 2, width: 800, height: 600 - fit.maxY - 2)]
        }
        if fit.minX > 3 {
            bars += [Rect(x: 0, y: 0, width: fit.minX - 2, height: 600), Rect(x: fit.maxX + 2, y: 0, width: 800 - fit.maxX - 2, height: 600)]
        }
        for bar in bars {
            let isBlack = s.looks(bar, like: black, tolerance: 2)
            #expect(isBlack, "bar \(bar) is \(s.mean(bar))")
        }
    }

    @Test func aLandscapePhotoFillsTheWidthWithBarsAboveAndBelow() async throws {
        try await checkFit(width: 600, height: 300)
    }

    @Test func aPortraitPhotoFillsTheHeightWithBarsAtTheSides() async throws {
        try await checkFit(width: 400, height: 600)
    }

    @Test func aLongImageOpensAtWidthFitScrolledToItsTop() async throws {
        let dir = try Fixtures.folder()
        let photo = dir.appendingPathComponent("long.png"), shot = dir.appendingPathComponent("shot.png")
        try Fixtures.twoTone(photo, width: 200, height: 1000, first: (255, 0, 0), second: (0, 0, 255))
        let run = try await AppProcess.run(["--size", "800x600", "--screenshot", shot.path, photo.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        // 800 pt wide makes it 4000 tall: the window shows only the red top, edge to edge.
        let whole = s.looks(Rect(x: 2, y: 2, width: 796, height: 596), like: red)
        #expect(whole, "window \(s.mean(Rect(x: 2, y: 2, width: 796, height: 596)))")
    }

    @Test func aTinyPhotoIsScaledUpToFit() async throws {
        // 4x2 pixels magnified 200 times: bilinear blending spreads over one source pixel at the
        // centre line, which checkFit stays clear of.
        try await checkFit(width: 40, height: 20)
    }

    @Test func aHugePhotoIsScaledDownToFit() async throws {
        try await checkFit(width: 9000, height: 3000)
    }

    @Test func aFileThatDoesNotDecodeBecomesABrokenTileAndOneLogLine() async throws {
        let dir = try Fixtures.folder()
        let bad = dir.appendingPathComponent("holiday.jpg")
        let shot = dir.appendingPathComponent("shot.png")
        try Data("this is not a jpeg".utf8).write(to: bad)
        let run = try await AppProcess.run(["--size", "800x600", "--screenshot", shot.path, bad.path])
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("holiday.jpg") }
        #expect(lines.count == 1, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        // A dark grey tile where the photo would be: neither black nor a colour.
        let m = s.mean(Rect(x: 220, y: 120, width: 40, height: 40))
        #expect(m.r > 40 && m.r < 90 && abs(m.r - m.g) < 15 && abs(m.g - m.b) < 15, "tile \(m)")
    }

    @Test func theDemoGalleryShowsWithNoArguments() async throws {
        let dir = try Fixtures.folder()
        let shot = dir.appendingPathComponent("shot.png")
        let run = try await AppProcess.run(["--size", "640x480", "--screenshot", shot.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        // A photo, not a black window: the centre has detail and colour.
        let m = s.mean(Rect(x: 220, y: 140, width: 200, height: 200))
        #expect(m.r + m.g + m.b > 30, "centre \(m)")
    }
}
