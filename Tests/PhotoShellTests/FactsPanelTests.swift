import Foundation
import PhotoCore
import PhotoPipeline
@testable import PhotoShell
import Testing
import TestImages

/// The photo's facts (docs/behaviour.md §20): every line read from a real EXIF block (exiftool's),
/// and the panel's slide and touches.
@Suite struct FactsPanelTests {
    let viewport = Size(width: 800, height: 600)

    func touch(_ phase: TouchPhase, _ p: Point, at time: Double, id: Int = 1) -> InputEvent {
        .touch(Touch(id: id, phase: phase, point: p, time: time))
    }

    @Test func everyFactComesFromThePhotosEXIF() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("IMG_0042.jpg").path
        try Data(JPEGFixture.solid(width: 600, height: 400, (30, 30, 90))).write(to: URL(fileURLWithPath: path))
        let exiftool = Process()
        exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        exiftool.arguments = ["-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R6", "-LensModel=RF24-105mm F4 L IS USM", "-ExposureTime=0.008",
                              "-FNumber=2.8", "-ISO=200", "-FocalLength=35", "-DateTimeOriginal=2024:07:14 18:05:31", "-OffsetTimeOriginal=+02:00",
                              "-XMP:Rating=4", "-GPSLatitude=35.0116", "-GPSLatitudeRef=N", "-GPSLongitude=135.7681", "-GPSLongitudeRef=E", "-ColorSpace=sRGB", path]
        try exiftool.run()
        exiftool.waitUntilExit()
        #expect(exiftool.terminationStatus == 0, "exiftool (scripts/deps installs libimage-exiftool-perl)")
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/places/places.bin").standardized
        let facts = ImageFacts.read(path: path)?.placed(by: OfflinePlaces(url: table, locale: Locale(identifier: "en_US")))
        let bytes = try #require((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value)
        let text = FactsText(facts: facts, name: "IMG_0042.jpg", location: dir.path, pixelSize: Size(width: 600, height: 400), bytes: bytes,
                             dateText: { "\($0.day)/\($0.month)/\($0.year)" })
        #expect(text.lines.map(\.text) == [
            "14/7/2024 · 18:05 · UTC+02:00",
            "Canon EOS R6 · RF24-105mm F4 L IS USM",
            "1/125 s · f/2.8 · ISO 200 · 35 mm",
            "600 × 400 · 0.2 MP · \(FactsText.bytesText(bytes))",
            "Colour profile: sRGB",
            "IMG_0042.jpg",
            dir.path,
            "★★★★☆",
            "Kyoto, Japan",
            "35.01160° N, 135.76810° E",
        ])
        #expect(text.lines.first?.kind == .title && text.lines[6].kind == .dim)
    }

    @Test func aPhotoWithoutEXIFHasItsNameSizeAndFolder() {
        let text = FactsText(facts: nil, name: "scan.png", location: "/home/me/scans", pixelSize: Size(width: 2480, height: 3508), bytes: 8_210_000,
                             dateText: { _ in "" })
        #expect(text.lines.map(\.text) == ["scan.png", "2480 × 3508 · 8.7 MP · 8.2 MB", "/home/me/scans"])
    }

    @Test func unitsAndSigns() {
        #expect(FactsText.bytesText(812) == "812 bytes" && FactsText.bytesText(7_700) == "7.7 kB" && FactsText.bytesText(1_999_999_999) == "2.0 GB")
        #expect(FactsText.offsetText(-330) == "UTC−05:30" && FactsText.offsetText(0) == "UTC+00:00")
        #expect(FactsText.coordinatesText(latitude: -33.85, longitude: -151.2) == "33.85000° S, 151.20000° W")
    }

    @Test func itSlidesUpIn250msAndDownAgain() {
        var panel = FactsPanel()
        panel.open(page: 3, at: 1000)
        #expect(panel.shown(at: 1000) == 0 && panel.shown(at: 1125) > 0.5 && panel.shown(at: 1250) == 1)
        #expect(panel.isMoving(at: 1200) && !panel.isMoving(at: 1260))
        panel.close(at: 2000)
        #expect(!panel.isOpen && panel.shown(at: 2250) == 0)
        panel.settle(at: 2260)
        #expect(panel.page == nil)
    }

    @Test func aSwipeDownOnItOrATapOutsideClosesIt() {
        var panel = FactsPanel()
        panel.open(page: 0, at: 0)
        let inside = Point(x: 400, y: 500), outside = Point(x: 400, y: 100)
        #expect(panel.take(touch(.began, inside, at: 300), viewport: viewport, at: 300) == .swallow)
        #expect(panel.take(touch(.moved, Point(x: 400, y: 520), at: 310), viewport: viewport, at: 310) == .swallow)
        #expect(panel.take(touch(.moved, Point(x: 400, y: 540), at: 320), viewport: viewport, at: 320) == .close)
        // A tap inside does nothing; one outside closes; a drag outside does not.
        #expect(panel.take(touch(.began, inside, at: 400, id: 2), viewport: viewport, at: 400) == .swallow)
        #expect(panel.take(touch(.ended, inside, at: 450, id: 2), viewport: viewport, at: 450) == .swallow)
        #expect(panel.take(touch(.began, outside, at: 500, id: 3), viewport: viewport, at: 500) == .swallow)
        #expect(panel.take(touch(.ended, Point(x: 400, y: 200), at: 550, id: 3), viewport: viewport, at: 550) == .swallow)
        #expect(panel.take(touch(.began, outside, at: 600, id: 4), viewport: viewport, at: 600) == .swallow)
        #expect(panel.take(touch(.ended, outside, at: 650, id: 4), viewport: viewport, at: 650) == .close)
        // Closed, touches are the page's again.
        panel.close(at: 700)
        #expect(panel.take(touch(.began, inside, at: 800, id: 5), viewport: viewport, at: 800) == .passOn)
    }
}
