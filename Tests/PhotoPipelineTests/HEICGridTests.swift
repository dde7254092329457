import PhotoCore
import Testing
@testable import PhotoPipeline

/// A grid HEIC (phones store large photos as 512 px HEVC tiles) asked for at a smaller size is
/// decoded a strip of tiles at a time into that size: the same pixels as libheif's whole decode
/// shrunk by `AreaDownscaler`, within 2/255, turned and mirrored alike, the crop of the last row
/// and column included.
@Suite struct HEICGridTests {
    let dir = TempDirectory()
    static let columns = 4, rows = 3, tile = 256, width = 1000, height = 700

    /// Each tile its own colour, a gradient across the whole picture, and a bright square
    /// astride each tile corner, so that the shrink mixes tiles and shows where each one landed.
    static func paint(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y / tile) * columns + x / tile
        if abs(x % tile - tile / 2) > tile / 2 - 12, abs(y % tile - tile / 2) > tile / 2 - 12 { return (250, 250, 250) }
        return (UInt8((index * 53) % 200 + 20), UInt8(x * 255 / (columns * tile)), UInt8((index * 97 + y / 4) % 220 + 10))
    }

    func tiles(tenBit422: Bool = false) -> [HEIFGridFixture.Tile]? {
        let tiles = HEIFGridFixture.encodeTiles(columns: Self.columns, rows: Self.rows, tile: Self.tile, tenBit422: tenBit422, in: dir,
                                                paint: Self.paint)
        #expect(tiles != nil, "libheif could not encode the tiles")
        return tiles
    }

    func expectSame(_ heic: [UInt8], maxPixelSize: Int, _ what: String) throws {
        let whole = try HEIFDecoder.decode(heic, maxPixelSize: nil, limits: .standard)
        let expected = AreaDownscaler.downscale(whole.image, maxPixelSize: maxPixelSize)
        guard let tiled = HEIFGridDecoder.decode(heic, maxPixelSize: maxPixelSize) else {
            Issue.record("\(what): the grid was not decoded tile by tile")
            return
        }
        #expect(tiled.width == expected.width && tiled.height == expected.height,
                "\(what): \(tiled.width)x\(tiled.height), not \(expected.width)x\(expected.height)")
        guard tiled.width == expected.width, tiled.height == expected.height else { return }
        let worst = zip(tiled.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "\(what): the tiled decode differs from the whole one by up to \(worst)/255")
        let stored = try HEIFDecoder.decode(heic, maxPixelSize: maxPixelSize, limits: .standard)
        #expect(stored.image == tiled && stored.orientation == whole.orientation, "\(what): HEIFDecoder did not take the tiled path")
    }

    @Test func aGridShrunkTileByTileMatchesLibheifsWholeDecode() throws {
        guard let tiles = tiles() else { return }
        let heic = HEIFGridFixture.assemble(tiles, columns: Self.columns, rows: Self.rows, width: Self.width, height: Self.height)
        #expect(HEIFDecoder.size(of: heic) == PixelSize(width: Self.width, height: Self.height))
        for size in [999, 640, 333, 100, 7] {
            try expectSame(heic, maxPixelSize: size, "fitted to \(size)")
        }
        // Not shrunk: libheif decodes the whole picture, as before.
        #expect(HEIFGridDecoder.decode(heic, maxPixelSize: 1000) == nil)
        let page = try ImageDecoder.decode(data: heic, name: "grid.heic", maxPixelSize: 500)
        #expect(page.width == 500 && page.height == 350)
    }

    @Test func aTenBit422GridAsCamerasWriteMatchesLibheifsWholeDecode() throws {
        guard let tiles = tiles(tenBit422: true) else { return }
        let hvcC = tiles[0].properties[0]  // box header, then chroma format at 16 and luma depth - 8 at 17
        #expect(hvcC.count > 25 && hvcC[8 + 16] & 3 == 2 && hvcC[8 + 17] & 7 == 2, "the tiles are not 10-bit 4:2:2")
        let heic = HEIFGridFixture.assemble(tiles, columns: Self.columns, rows: Self.rows, width: Self.width, height: Self.height)
        for size in [640, 333] {
            try expectSame(heic, maxPixelSize: size, "10-bit 4:2:2, fitted to \(size)")
        }
    }

    @Test(arguments: [[("irot", 1)], [("irot", 2)], [("irot", 3)], [("imir", 0)], [("imir", 1)], [("irot", 1), ("imir", 1)], [("imir", 0), ("irot", 3)]])
    func aTurnedOrMirroredGridMatchesLibheifsWholeDecode(transforms: [(String, UInt8)]) throws {
        guard let tiles = tiles() else { return }
        let heic = HEIFGridFixture.assemble(tiles, columns: Self.columns, rows: Self.rows, width: Self.width, height: Self.height,
                                            properties: transforms.map { ($0.0, [$0.1]) })
        try expectSame(heic, maxPixelSize: 333, "\(transforms)")
    }

    @Test func aGridWithAPropertyItDoesNotFollowIsLeftToLibheif() throws {
        guard let tiles = tiles() else { return }
        // A clean aperture of 1000x600 in the middle (fractions: width, height, offsets from the centre).
        let clap = [1000, 1, 600, 1, 0, 1, 0, 1].flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        let heic = HEIFGridFixture.assemble(tiles, columns: Self.columns, rows: Self.rows, width: Self.width, height: Self.height,
                                            properties: [("clap", clap)])
        #expect(HEIFGridDecoder.decode(heic, maxPixelSize: 333) == nil)
        let page = try ImageDecoder.decode(data: heic, name: "clap.heic", maxPixelSize: 333)
        #expect(page.width == 333 && page.height == 200, "\(page.width)x\(page.height)")
    }

    @Test func aDamagedGridIndexIsRefusedOrDecodedNeverFollowedOutOfBounds() throws {
        guard let tiles = tiles() else { return }
        let heic = HEIFGridFixture.assemble(tiles, columns: Self.columns, rows: Self.rows, width: Self.width, height: Self.height)
        guard let meta = HEIFBoxes.children(of: heic, in: 0..<heic.count).first(where: { $0.type == "meta" }) else {
            Issue.record("no meta box")
            return
        }
        // Every 5th byte of the index set to 0xFF, one at a time, then the index cut short: each
        // either decodes to the size asked for or is left to libheif (nil), and nothing traps.
        var decoded = 0, refused = 0
        for offset in stride(from: meta.whole.lowerBound, to: meta.whole.upperBound, by: 5) {
            var damaged = heic
            damaged[offset] = 0xFF
            if let image = HEIFGridDecoder.decode(damaged, maxPixelSize: 64) {
                #expect(image.width <= 64 && image.height <= 64)
                decoded += 1
            } else {
                refused += 1
            }
        }
        for end in stride(from: meta.whole.lowerBound, to: meta.whole.upperBound, by: 37) {
            #expect(HEIFGridDecoder.decode(Array(heic[..<end]), maxPixelSize: 64) == nil)
        }
        #expect(decoded > 0 && refused > 0, "\(decoded) decoded, \(refused) refused")
    }
}
