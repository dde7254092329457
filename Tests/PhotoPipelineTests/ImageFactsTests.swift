import PhotoCore
import PhotoPipeline
import Testing
import TestImages

/// What a caption's {date} and {camera} come from (docs/behaviour.md §6).
@Suite struct ImageFactsTests {
    static let jpeg = JPEGFixture.make(width: 16, height: 16) { _, _ in (90, 90, 90) }

    /// An APP1 Exif segment with Make and Model in IFD0 and DateTimeOriginal in the Exif IFD.
    static func segment(make: String?, model: String?, taken: String?) -> [UInt8] {
        typealias E = ExifSegment
        var ifd0: [(UInt16, UInt16, [UInt8])] = []  // tag, type, value bytes
        if let make { ifd0.append((0x010F, 2, Array(make.utf8) + [0])) }
        if let model { ifd0.append((0x0110, 2, Array(model.utf8) + [0])) }
        let exifIFD: [(UInt16, UInt16, [UInt8])] = taken.map { [(0x9003, 2, Array($0.utf8) + [0])] } ?? []
        // Layout: header (8), IFD0 (entries + the Exif pointer), its data, the Exif IFD, its data.
        let ifd0Count = ifd0.count + 1, ifd0Size = 2 + 12 * ifd0Count + 4
        let ifd0Data = ifd0.reduce(0) { $0 + $1.2.count }
        let exifOffset = 8 + ifd0Size + ifd0Data, exifSize = 2 + 12 * exifIFD.count + 4
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + E.be32(8)
        var data: [UInt8] = [], next = 8 + ifd0Size
        tiff += E.be16(UInt16(ifd0Count))
        for (tag, type, value) in ifd0 {
            tiff += E.be16(tag) + E.be16(type) + E.be32(UInt32(value.count)) + E.be32(UInt32(next))
            data += value
            next += value.count
        }
        tiff += E.entry(tag: 0x8769, type: 4, value: UInt32(exifOffset)) + E.be32(0) + data
        data = []
        next = exifOffset + exifSize
        tiff += E.be16(UInt16(exifIFD.count))
        for (tag, type, value) in exifIFD {
            tiff += E.be16(tag) + E.be16(type) + E.be32(UInt32(value.count)) + E.be32(UInt32(next))
            data += value
            next += value.count
        }
        tiff += E.be32(0) + data
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + E.be16(UInt16(body.count + 2)) + body
    }

    static func facts(make: String?, model: String?, taken: String?) -> ImageFacts? {
        ImageFacts.read(bytes: ExifSegment.splice(segment(make: make, model: model, taken: taken), into: jpeg))
    }

    @Test func theDateTakenAndTheCameraAreRead() throws {
        let facts = try #require(Self.facts(make: "Canon", model: "Canon EOS R6", taken: "2024:07:14 18:05:31"))
        #expect(facts.taken == .init(year: 2024, month: 7, day: 14, hour: 18, minute: 5, second: 31))
        #expect(facts.camera == "Canon EOS R6")
    }

    @Test func aModelWithoutItsMakeGetsIt() {
        #expect(Self.facts(make: "Apple", model: "iPhone 13", taken: nil)?.camera == "Apple iPhone 13")
        #expect(Self.facts(make: "NIKON CORPORATION", model: "NIKON D750", taken: nil)?.camera == "NIKON D750")
    }

    @Test func anUnsetDateIsNoDate() {
        #expect(Self.facts(make: nil, model: nil, taken: "0000:00:00 00:00:00") == nil)
        #expect(Self.facts(make: "Canon", model: nil, taken: "    :  :     :  :  ")?.taken == nil)
    }

    @Test func aPhotoWithoutExifHasNoFacts() {
        #expect(ImageFacts.read(bytes: Self.jpeg) == nil)
        #expect(ImageFacts.read(bytes: [0x89, 0x50, 0x4E, 0x47]) == nil)
    }

    /// A phone's HEIC carries its EXIF in an item of its own (heif-enc copies the JPEG's).
    @Test func aHEICsDateAndCameraAreRead() throws {
        let dir = TempDirectory()
        let jpeg = ExifSegment.splice(Self.segment(make: "Apple", model: "iPhone 13", taken: "2023:12:24 09:00:00"),
                                      into: JPEGFixture.make(width: 64, height: 32) { _, _ in (90, 90, 90) })
        dir.write("p.jpg", jpeg)
        guard let heic = Encoders.heic(dir, "p.jpg") else { return }
        let facts = try #require(ImageFacts.read(path: dir.write("p.heic", heic)))
        #expect(facts.taken == .init(year: 2023, month: 12, day: 24, hour: 9, minute: 0, second: 0))
        #expect(facts.camera == "Apple iPhone 13")
    }
}
