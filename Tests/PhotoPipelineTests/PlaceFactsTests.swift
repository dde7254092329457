import Foundation
import PhotoCore
import PhotoPipeline
import Testing
import TestImages

/// `{place}` and the facts panel's place (docs/behaviour.md §20): a photo's EXIF GPS position, as
/// exiftool writes it, named by the offline table.
@Suite struct PlaceFactsTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/places/places.bin").standardized

    func photo(_ tags: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("place-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("photo.jpg").path
        try Data(JPEGFixture.make(width: 64, height: 48) { x, _ in (UInt8(x * 4), 90, 160) }).write(to: URL(fileURLWithPath: path))
        _ = try #require(Encoders.run("exiftool", ["-q", "-overwrite_original"] + tags + [path], output: path))
        return path
    }

    @Test func aPhotosPositionNamesItsTownInTheLocalesWords() throws {
        let path = try photo(["-Model=X100V", "-GPSLatitude=41.8902", "-GPSLatitudeRef=N", "-GPSLongitude=12.4922", "-GPSLongitudeRef=E"])
        let facts = try #require(ImageFacts.read(path: path))
        #expect(abs((facts.latitude ?? 0) - 41.8902) < 1e-4 && abs((facts.longitude ?? 0) - 12.4922) < 1e-4)
        #expect(facts.placed(by: OfflinePlaces(url: Self.table, locale: Locale(identifier: "en_US"))).place == "Rome, Latium, Italy")
        #expect(facts.placed(by: OfflinePlaces(url: Self.table, locale: Locale(identifier: "de_DE"))).place == "Rome, Latium, Italien")
    }

    @Test func southAndWestAreNegative() throws {
        let path = try photo(["-GPSLatitude=22.9519", "-GPSLatitudeRef=S", "-GPSLongitude=43.2105", "-GPSLongitudeRef=W"])
        let facts = try #require(ImageFacts.read(path: path))
        #expect(facts.placed(by: OfflinePlaces(url: Self.table, locale: Locale(identifier: "en_US"))).place == "Rio de Janeiro, Brazil")
    }

    @Test func noPositionNoPlaceAndAMissingTableNamesNothing() throws {
        let plain = try #require(ImageFacts.read(path: try photo(["-Model=X100V"])))
        #expect(plain.latitude == nil && plain.placed(by: OfflinePlaces(url: Self.table, locale: Locale(identifier: "en_US"))).place == nil)
        let placed = try #require(ImageFacts.read(path: try photo(["-GPSLatitude=41.8902", "-GPSLatitudeRef=N", "-GPSLongitude=12.4922", "-GPSLongitudeRef=E"])))
        #expect(placed.placed(by: OfflinePlaces(url: URL(fileURLWithPath: "/nonexistent/places.bin"), locale: Locale(identifier: "en_US"))).place == nil)
    }
}
