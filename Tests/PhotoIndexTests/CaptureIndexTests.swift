import Foundation
@testable import PhotoIndex
@testable import PhotoPipeline
import TestImages
import Testing

/// When photos were taken, their ratings and places, read from headers written by the tools
/// people use (exiftool; heif-enc carries a JPEG's EXIF into its HEIC), and kept by each file's
/// identity so that a second start reads none (docs/behaviour.md §1).
@Suite(.serialized) struct CaptureIndexTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func tool(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(path) \(arguments)")
    }

    /// A JPEG with the given tags written by exiftool ("-TAG=VALUE" each).
    func photo(_ name: String, _ tags: [String]) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(JPEGFixture.make(width: 64, height: 48) { x, _ in (UInt8(x * 4), 90, 160) }).write(to: URL(fileURLWithPath: path))
        if !tags.isEmpty { try tool("/usr/bin/exiftool", ["-q", "-overwrite_original"] + tags + [path]) }
        return path
    }

    func file(_ path: String) throws -> CaptureIndex.File {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let modified = (attributes[.modificationDate] as! Date).timeIntervalSince1970
        return CaptureIndex.File(path: path, size: (attributes[.size] as! NSNumber).int64Value, modified: Int64(modified * 1e9))
    }

    static let camera = ["-DateTimeOriginal=2019:07:14 18:05:31", "-OffsetTimeOriginal=+02:00", "-EXIF:Rating=3",
                         "-GPSLatitude=48.8583", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=W"]

    @Test func aJPEGsAndAHEICsDateOffsetRatingAndPlaceComeFromTheirHeaders() throws {
        let jpeg = try photo("camera.jpg", Self.camera)
        let heic = folder.appendingPathComponent("camera.heic").path
        try tool("/usr/bin/heif-enc", ["-q", "50", jpeg, "-o", heic])
        for path in [jpeg, heic] {
            let facts = try CaptureFacts.read(path: path)
            #expect(facts.taken == "2019-07-14 18:05:31", "\(path)")
            #expect(facts.offsetMinutes == 120, "\(path)")
            #expect(facts.rating == 3, "\(path)")
            #expect(abs((facts.latitude ?? 0) - 48.8583) < 1e-4 && abs((facts.longitude ?? 0) + 2.2945) < 1e-4, "\(path)")
        }
    }

    @Test func withoutAnOffsetThePhotoKeepsTheCamerasWallClock() throws {
        let facts = try CaptureFacts.read(path: try photo("plain.jpg", ["-DateTimeOriginal=2024:02:29 07:00:00"]))
        #expect(facts.taken == "2024-02-29 07:00:00")
        #expect(facts.offsetMinutes == nil && facts.rating == nil && facts.latitude == nil)
        let none = try CaptureFacts.read(path: try photo("none.jpg", []))
        #expect(none == CaptureFacts())
    }

    @Test func anXMPRatingWinsOverTheEXIFOne() throws {
        let path = try photo("rated.jpg", ["-EXIF:Rating=2", "-XMP-xmp:Rating=5"])
        #expect(try CaptureFacts.read(path: path).rating == 5)
        #expect(CaptureFacts.xmpRating(Array(#"<rdf:Description xmp:Rating="4"/>"#.utf8)) == 4)
        #expect(CaptureFacts.xmpRating(Array("<xmp:Rating>1</xmp:Rating>".utf8)) == 1)
    }

    @Test func aDamagedEXIFBlockIsAnErrorNotAWrongDate() throws {
        // An APP1 "Exif" block whose IFD0 offset points past its end.
        let jpeg = JPEGFixture.make(width: 16, height: 16) { _, _ in (1, 2, 3) }
        let tiff: [UInt8] = Array("MM".utf8) + [0, 0x2A, 0, 0, 0x10, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        #expect(throws: DamagedHeader.self) { try CaptureFacts.read(Array(jpeg[0..<2]) + segment + Array(jpeg[2...])) }
    }

    @Test func aSecondStartReadsNoHeaderAndAPhotoEditedInPlaceIsReadAgain() throws {
        let paths = try (0..<5).map { try photo("p\($0).jpg", ["-DateTimeOriginal=2020:01:0\($0 + 1) 12:00:00"]) }
        let database = folder.appendingPathComponent("index/photos.sqlite3").path
        let first = try CaptureIndex(path: database)
        let facts = first.facts(for: try paths.map(file))
        #expect(facts.map(\.taken) == (1...5).map { "2020-01-0\($0) 12:00:00" })
        #expect(first.headersRead == 5)

        let second = try CaptureIndex(path: database)
        #expect(second.facts(for: try paths.map(file)) == facts)
        #expect(second.headersRead == 0)

        try tool("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:06:01 09:30:00", paths[2]])
        let third = try CaptureIndex(path: database)
        #expect(third.facts(for: try paths.map(file))[2].taken == "2021-06-01 09:30:00")
        #expect(third.headersRead == 1)
    }
}
