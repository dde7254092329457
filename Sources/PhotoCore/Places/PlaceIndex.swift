import Foundation

/// A town near a photo's GPS position (docs/behaviour.md §20).
public struct Place: Equatable, Sendable {
    public var name: String
    /// The first-level division it lies in (a state, a province); may be empty.
    public var region: String
    /// ISO 3166-1 alpha-2.
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double
    /// From the position asked about, along the Earth's surface.
    public var distanceKm: Double

    /// "Kyoto, Japan", "Springfield, Illinois, United States": the region left out where it only
    /// repeats the name; the country in `locale`'s words.
    public func text(locale: Locale) -> String {
        let country = locale.localizedString(forRegionCode: countryCode) ?? countryCode
        let parts = [name, region == name ? "" : region, country].filter { !$0.isEmpty }
        return parts.joined(separator: ", ")
    }
}

/// Offline reverse geocoding over GeoNames' towns of at least 1,000 people, in the compact form
/// `scripts/places-data` writes (sorted by latitude). Immutable once read; any thread.
public final class PlaceIndex: Sendable {
    /// Farther than this from every town, a position has no place name, only its coordinates:
    /// the nearest town across a sea or a desert names somewhere else.
    public static let nearbyKm = 100.0
    static let earthRadiusKm = 6371.0088

    private let data: Data
    private let count: Int
    private let latitudes: Int, longitudes: Int, countries: Int, admins: Int
    private let adminNames: [String]
    private let nameStarts: [Int32]

    /// nil for bytes that are not such a table.
    public init?(data: Data) {
        let header = 16
        guard data.count >= header, data.prefix(8) == Data("SDLPLC01".utf8) else { return nil }
        let n = Int(Self.u32(data, 8)), a = Int(Self.u32(data, 12))
        let latitudes = header, longitudes = latitudes + 4 * n, countries = longitudes + 4 * n, admins = countries + 2 * n
        var cursor = admins + 2 * n
        guard n > 0, cursor <= data.count else { return nil }
        var adminNames: [String] = []
        adminNames.reserveCapacity(a)
        var nameStarts: [Int32] = []
        nameStarts.reserveCapacity(n)
        let ok = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            func next() -> Int? {
                guard let end = raw[cursor...].firstIndex(of: 0) else { return nil }
                defer { cursor = end + 1 }
                return end
            }
            for _ in 0..<a {
                let start = cursor
                guard let end = next() else { return false }
                adminNames.append(String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self))
            }
            for _ in 0..<n {
                nameStarts.append(Int32(cursor))
                guard next() != nil else { return false }
            }
            return true
        }
        guard ok else { return nil }
        self.data = data
        self.count = n
        (self.latitudes, self.longitudes, self.countries, self.admins) = (latitudes, longitudes, countries, admins)
        self.adminNames = adminNames
        self.nameStarts = nameStarts
    }

    /// The town nearest to a position, however far.
    public func nearest(latitude: Double, longitude: Double) -> Place? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90 else { return nil }
        let target = Int32((latitude * 1e5).rounded())
        // The first place at or north of the position; the search walks out both ways in
        // latitude, and stops on a side once the latitude alone puts it farther than the best.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if lat(mid) < target { low = mid + 1 } else { high = mid }
        }
        var best: (index: Int, km: Double)?
        var north = low, south = low - 1
        let kmPerDegree = Self.earthRadiusKm * .pi / 180
        while north < count || south >= 0 {
            for i in [north, south] where i >= 0 && i < count {
                let km = Self.distanceKm(latitude, longitude, Double(lat(i)) / 1e5, Double(lon(i)) / 1e5)
                if km < best?.km ?? .infinity { best = (i, km) }
            }
            let bound = best?.km ?? .infinity
            if north < count, abs(Double(lat(north)) / 1e5 - latitude) * kmPerDegree <= bound { north += 1 } else { north = count }
            if south >= 0, abs(Double(lat(south)) / 1e5 - latitude) * kmPerDegree <= bound { south -= 1 } else { south = -1 }
        }
        return best.map { place($0.index, km: $0.km) }
    }

    /// The nearest town within `nearbyKm`; nil where there is none.
    public func nearby(latitude: Double, longitude: Double) -> Place? {
        nearest(latitude: latitude, longitude: longitude).flatMap { $0.distanceKm <= Self.nearbyKm ? $0 : nil }
    }

    /// Great-circle distance (haversine); at the antimeridian and the poles as anywhere.
    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = Double.pi / 180
        let dLat = (lat2 - lat1) * r, dLon = (lon2 - lon1) * r
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * r) * cos(lat2 * r) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, h.squareRoot()))
    }

    private func place(_ i: Int, km: Double) -> Place {
        data.withUnsafeBytes { raw in
            let start = Int(nameStarts[i])
            let end = raw[start...].firstIndex(of: 0) ?? raw.count
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self)
            let cc = String(decoding: UnsafeRawBufferPointer(rebasing: raw[(countries + 2 * i)..<(countries + 2 * i + 2)]), as: UTF8.self)
            let admin = Int(raw.loadUnaligned(fromByteOffset: admins + 2 * i, as: UInt16.self).littleEndian)
            return Place(name: name, region: admin < adminNames.count ? adminNames[admin] : "", countryCode: cc,
                         latitude: Double(lat(i)) / 1e5, longitude: Double(lon(i)) / 1e5, distanceKm: km)
        }
    }

    private func lat(_ i: Int) -> Int32 { Self.i32(data, latitudes + 4 * i) }
    private func lon(_ i: Int) -> Int32 { Self.i32(data, longitudes + 4 * i) }

    private static func i32(_ data: Data, _ offset: Int) -> Int32 {
        data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self).littleEndian }
    }

    private static func u32(_ data: Data, _ offset: Int) -> UInt32 {
        data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian }
    }
}
