/// The few EXIF tags the library index keeps, read from the TIFF structure of an EXIF block:
/// IFD0 (`Rating`, `DateTime`), its EXIF IFD (`DateTimeOriginal`, `OffsetTimeOriginal`) and
/// its GPS IFD. Every offset is checked against the block: a damaged one throws.
struct EXIFFacts {
    var taken: String?
    var offsetMinutes: Int?
    var rating: Int?
    var latitude: Double?
    var longitude: Double?

    private let b: [UInt8]
    private let little: Bool

    init(tiff: [UInt8]) throws {
        b = tiff
        guard b.count >= 8 else { throw DamagedHeader(description: "its EXIF block is cut short") }
        switch (b[0], b[1], b[2], b[3]) {
        case (0x49, 0x49, 0x2A, 0x00): little = true
        case (0x4D, 0x4D, 0x00, 0x2A): little = false
        default: throw DamagedHeader(description: "its EXIF block has no TIFF header")
        }
        let ifd0 = try entries(at: u32(4))
        rating = ifd0[0x4746].flatMap(integer).flatMap { (-1...5).contains($0) ? $0 : nil }
        var dateTime = ifd0[0x0132].flatMap(ascii)
        if let exifIFD = ifd0[0x8769].flatMap(integer) {
            let exif = try entries(at: exifIFD)
            dateTime = exif[0x9003].flatMap(ascii) ?? dateTime
            offsetMinutes = exif[0x9011].flatMap(ascii).flatMap(Self.offset)
        }
        taken = dateTime.flatMap(Self.date)
        if let gpsIFD = ifd0[0x8825].flatMap(integer) {
            let gps = try entries(at: gpsIFD)
            latitude = coordinate(gps[2], reference: gps[1].flatMap(ascii), negative: "S")
            longitude = coordinate(gps[4], reference: gps[3].flatMap(ascii), negative: "W")
        }
    }

    private struct Entry { let type: Int, count: Int, valueOffset: Int }

    private func u16(_ i: Int) -> Int { little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1]) }
    private func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }

    private func entries(at offset: Int) throws -> [Int: Entry] {
        guard offset >= 8, offset + 2 <= b.count else { throw DamagedHeader(description: "an EXIF directory lies outside its block") }
        var found: [Int: Entry] = [:]
        for n in 0..<u16(offset) {
            let at = offset + 2 + n * 12
            guard at + 12 <= b.count else { throw DamagedHeader(description: "an EXIF directory runs past its block") }
            let type = u16(at + 2), count = u32(at + 4)
            let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8][type].map { $0 * count } ?? 0
            found[u16(at)] = Entry(type: type, count: count, valueOffset: size <= 4 ? at + 8 : u32(at + 8))
        }
        return found
    }

    private func integer(_ entry: Entry) -> Int? {
        switch entry.type {
        case 3 where entry.valueOffset + 2 <= b.count: u16(entry.valueOffset)
        case 4 where entry.valueOffset + 4 <= b.count: u32(entry.valueOffset)
        default: nil
        }
    }

    private func ascii(_ entry: Entry) -> String? {
        guard entry.type == 2, entry.count > 0, entry.valueOffset + entry.count <= b.count else { return nil }
        let text = String(decoding: b[entry.valueOffset..<entry.valueOffset + entry.count].prefix { $0 != 0 }, as: UTF8.self)
        return text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
    }

    private func coordinate(_ entry: Entry?, reference: String?, negative: String) -> Double? {
        guard let entry, entry.type == 5, entry.count == 3, entry.valueOffset + 24 <= b.count else { return nil }
        let parts = (0..<3).map { i -> Double in
            let denominator = u32(entry.valueOffset + i * 8 + 4)
            return denominator == 0 ? 0 : Double(u32(entry.valueOffset + i * 8)) / Double(denominator)
        }
        let value = parts[0] + parts[1] / 60 + parts[2] / 3600
        return reference?.uppercased().hasPrefix(negative) == true ? -value : value
    }

    /// "2019:07:14 18:05:31" → "2019-07-14 18:05:31"; nil for the blank or zero dates cameras write unset.
    static func date(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).compactMap { Int($0) }
        guard parts.count >= 5, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]),
              (0...23).contains(parts[3]), (0...59).contains(parts[4]) else { return nil }
        let second = parts.count > 5 ? min(parts[5], 59) : 0
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts[0], parts[1], parts[2], parts[3], parts[4], second)
    }

    /// "+02:00", "-05:30" → minutes east of UTC.
    static func offset(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0...14).contains(parts[0]), (0...59).contains(parts[1]) else { return nil }
        return (sign == "-" ? -1 : 1) * (parts[0] * 60 + parts[1])
    }
}
