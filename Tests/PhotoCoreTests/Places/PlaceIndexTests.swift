import Foundation
import Testing
@testable import PhotoCore

/// Offline place names (docs/behaviour.md §20) from the committed table, on known positions: a
/// city, the antimeridian both ways, both poles, the open sea; and the search against every place.
@Suite struct PlaceIndexTests {
    static let data = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Resources/places/places.bin").standardized, options: .alwaysMapped)
    static let index = PlaceIndex(data: data)!

    @Test func knownPositionsNameTheirTowns() {
        let tokyo = Self.index.nearby(latitude: 35.6586, longitude: 139.7454)
        #expect(tokyo?.name == "Tokyo" && tokyo?.countryCode == "JP", "\(String(describing: tokyo))")
        let anadyr = Self.index.nearby(latitude: 64.73, longitude: 177.5)
        #expect(anadyr?.name == "Anadyr" && anadyr?.countryCode == "RU" && anadyr!.distanceKm < 2)
        let sydney = Self.index.nearby(latitude: -33.8568, longitude: 151.2153)
        #expect(sydney?.name == "Kirribilli" && sydney?.region == "New South Wales")
    }

    @Test func acrossTheAntimeridianBothWays() {
        // Just east and just west of 180°: the same town on Vanua Levu, at 179.39° E.
        let east = Self.index.nearest(latitude: -16.8, longitude: 179.98), west = Self.index.nearest(latitude: -16.8, longitude: -179.98)
        #expect(east?.name == "Lambasa" && west?.name == "Lambasa", "\(String(describing: east)) \(String(describing: west))")
        #expect(abs(east!.distanceKm - 76.5) < 1 && abs(west!.distanceKm - 80.1) < 1)
    }

    @Test func atThePolesTheNearestIsFarAndNotNamed() {
        let north = Self.index.nearest(latitude: 90, longitude: 0), south = Self.index.nearest(latitude: -90, longitude: 0)
        #expect(north?.name == "Longyearbyen" && abs(north!.distanceKm - 1309.5) < 1)
        #expect(south?.name == "McMurdo Station" && abs(south!.distanceKm - 1351.5) < 1)
        // Longitude means nothing at a pole.
        #expect(Self.index.nearest(latitude: 90, longitude: 123)?.name == "Longyearbyen")
        #expect(Self.index.nearby(latitude: 90, longitude: 0) == nil && Self.index.nearby(latitude: -90, longitude: 0) == nil)
        #expect(Self.index.nearby(latitude: 78.22, longitude: 15.65)?.name == "Longyearbyen")
        // The open Pacific: a town 357 km off is no name for the photo.
        #expect(Self.index.nearby(latitude: 0, longitude: -160) == nil)
        #expect(Self.index.nearest(latitude: 91, longitude: 0) == nil && Self.index.nearest(latitude: .nan, longitude: 0) == nil)
    }

    @Test func theSearchFindsWhatLookingAtEveryPlaceFinds() {
        // Every place's position from the table itself, and a brute-force nearest over them all.
        let n = Int(Self.data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) })
        let positions: [(Double, Double)] = Self.data.withUnsafeBytes { raw in
            (0..<n).map { i in
                (Double(raw.loadUnaligned(fromByteOffset: 16 + 4 * i, as: Int32.self)) / 1e5,
                 Double(raw.loadUnaligned(fromByteOffset: 16 + 4 * n + 4 * i, as: Int32.self)) / 1e5)
            }
        }
        var generator = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let lat = Double.random(in: -90...90, using: &generator), lon = Double.random(in: -180...180, using: &generator)
            let brute = positions.map { PlaceIndex.distanceKm(lat, lon, $0.0, $0.1) }.min()!
            let found = Self.index.nearest(latitude: lat, longitude: lon)!
            #expect(abs(found.distanceKm - brute) < 1e-6, "\(lat), \(lon): \(found.distanceKm) against \(brute)")
        }
    }

    @Test func theTextNamesTheCountryInTheLocalesWords() {
        let kyoto = Place(name: "Kyoto", region: "Kyoto", countryCode: "JP", latitude: 35, longitude: 135.75, distanceKm: 1)
        #expect(kyoto.text(locale: Locale(identifier: "en_US")) == "Kyoto, Japan")
        #expect(kyoto.text(locale: Locale(identifier: "de_DE")) == "Kyoto, Japan")
        #expect(kyoto.text(locale: Locale(identifier: "fr_FR")) == "Kyoto, Japon")
        let springfield = Place(name: "Springfield", region: "Illinois", countryCode: "US", latitude: 39.8, longitude: -89.6, distanceKm: 1)
        #expect(springfield.text(locale: Locale(identifier: "en_US")) == "Springfield, Illinois, United States")
    }

    @Test func bytesThatAreNotATableAreRefused() {
        #expect(PlaceIndex(data: Data("not a table".utf8)) == nil)
        #expect(PlaceIndex(data: Self.data.prefix(4096)) == nil, "cut short")
    }
}
