import Foundation
import PhotoCore
import PhotoNetwork
import Testing
import TestImages

/// The deep zoom core against real servers: iipsrv's IIIF info.json and tiles, and a vips DZI
/// served by lighttpd, fetched through the program's own loader. Tiles must be where the
/// pyramid says, the size it says, and show the grid picture's squares.
@Suite("Deep zoom from real servers", .timeLimit(.minutes(2)),
       .enabled(if: IIIFServer.missing == nil, Comment(rawValue: IIIFServer.missing ?? "")))
struct DeepZoomServerTests {
    /// JPEG on flat squares (twice over for the DZI, made from the JPEG-compressed TIFF) moves a
    /// channel by up to 8 levels here, blue most; touching squares differ by 50 or more in blue,
    /// so a sample must also be nearer its own square's colour than any other's.
    static let colourTolerance = 12

    @Test("iipsrv's info.json parses, and a tile the pyramid names shows the squares it should")
    func iiifTileShowsTheGrid() async throws {
        try await withIIIFServer { server in
            let loader = try DataLoader()
            let pyramid = try TilePyramid.parse(try await fetch(server.infoURL, loader), location: server.infoURL)
            #expect(pyramid.fullSize == PixelSize(width: 20000, height: 15000))
            #expect(pyramid.levels.map(\.scaleFactor) == [128, 64, 32, 16, 8, 4, 2, 1])

            // A screen at 1/16 (a 1280x800 window at fit) looking at the middle of the picture.
            let coverage = pyramid.coverage(of: Rect(center: Point(x: 10000, y: 7500), size: Size(width: 20480, height: 12800)),
                                            screenScale: 1.0 / 16)
            let key = try #require(coverage.tiles.first)
            #expect(key == TileKey(level: 3, column: 2, row: 1), "1/16: the tile over (8192, 4096) .. (12288, 8192)")
            let tile = try await Picture.decode(fetch(pyramid.tileURL(key), loader))

            #expect(tile.size == pyramid.geometry(of: key).pixelSize)
            try expectGrid(in: tile, showing: pyramid.geometry(of: key).rect, crop: pyramid.geometry(of: key).crop, factor: 16)
            let requests = await server.requests(atLeast: 2)
            #expect(requests.map(\.path) == ["/iiif/grid.tif/info.json", "/iiif/grid.tif/8192,4096,4096,4096/256,/0/default.jpg"])
            #expect(requests.allSatisfy { $0.status == 200 })
        }
    }

    @Test("iipsrv's ragged edge tile and whole picture come at the sizes the pyramid expects")
    func iiifEdgesAndWholePicture() async throws {
        try await withIIIFServer { server in
            let loader = try DataLoader()
            let pyramid = try TilePyramid.parse(try await fetch(server.infoURL, loader), location: server.infoURL)

            // Version 2 asks for a width ("57,"): iipsrv makes the height 236 from the region's
            // shape, where the level's grid says 235. Off by one pixel at most.
            for key in [TileKey(level: 1, column: 1, row: 0), TileKey(level: 7, column: 78, row: 58)] {
                let tile = try await Picture.decode(fetch(pyramid.tileURL(key), loader))
                let expected = pyramid.geometry(of: key).pixelSize
                #expect(tile.size.width == expected.width && abs(tile.size.height - expected.height) <= 1, "\(key): \(tile.size)")
            }
            let picture = try #require(pyramid.picture(fitting: PixelSize(width: 2000, height: 2000)))
            let whole = try await Picture.decode(fetch(picture.url, loader))
            #expect(whole.size == picture.size)
            try expectGrid(in: whole, showing: pyramid.bounds, factor: 10)
        }
    }

    @Test("a vips DZI served by lighttpd parses, and its tiles are where and what the pyramid says")
    func dziTilesShowTheGrid() async throws {
        try await withIIIFServer { server in
            let loader = try DataLoader()
            let pyramid = try TilePyramid.parse(try await fetch(server.dziURL, loader), location: server.dziURL)
            #expect(pyramid.levels.count == 16)

            let key = TileKey(level: 11, column: 2, row: 1)  // 1/16: image (8192, 4096) .. (12288, 8192)
            let tile = try await Picture.decode(fetch(pyramid.tileURL(key), loader))
            try expectGrid(in: tile, showing: pyramid.geometry(of: key).rect, crop: pyramid.geometry(of: key).crop, factor: 16)

            // The ragged corner at 1/64 (313x235 in 2x1 tiles) and the one-tile level a grid cell uses.
            let corner = TileKey(level: 9, column: 1, row: 0)
            let edge = try await Picture.decode(fetch(pyramid.tileURL(corner), loader))
            #expect(edge.size == pyramid.geometry(of: corner).pixelSize)
            let cell = try #require(pyramid.picture(fitting: PixelSize(width: 100, height: 100)))
            #expect(try await Picture.decode(fetch(cell.url, loader)).size == cell.size)

            let requests = await server.requests(atLeast: 4)
            #expect(requests.map(\.path) == ["/dzi/grid.dzi", "/dzi/grid_files/11/2_1.jpg", "/dzi/grid_files/9/1_0.jpg",
                                             "/dzi/grid_files/8/0_0.jpg"])
            #expect(requests.allSatisfy { $0.status == 200 })
        }
    }

    @Test("a DZI with overlap (254-pixel tiles sharing 1 pixel) gives tiles of the size, and the place, the pyramid says")
    func dziOverlapTilesLandWhereThePyramidSays() async throws {
        try await withIIIFServer { server in
            let loader = try DataLoader()
            let pyramid = try TilePyramid.parse(try await fetch(server.smallDZIURL, loader), location: server.smallDZIURL)
            #expect(pyramid.fullSize == PixelSize(width: 2000, height: 1500) && pyramid.overlap == 1)

            // Full resolution (8x6 tiles): inner tiles, the ragged last column and row; then the
            // 1/2 level (4x3) and 1/8 (250x188, one tile: 1500 / 8 rounds up).
            let keys = [(11, 3, 2), (11, 4, 3), (11, 7, 2), (11, 3, 5), (11, 7, 5), (10, 1, 1), (10, 3, 2), (8, 0, 0)]
                .map { TileKey(level: $0.0, column: $0.1, row: $0.2) }
            for key in keys {
                let tile = try await Picture.decode(fetch(pyramid.tileURL(key), loader))
                let placed = pyramid.geometry(of: key)
                #expect(tile.size == placed.pixelSize, "\(key)")
                if key.level >= 10 {
                    try expectGrid(in: tile, showing: placed.rect, crop: placed.crop, factor: 1 << (11 - key.level),
                                   grid: IIIFServer.picture.reduced)
                }
            }
        }
    }

    @Test("every tile of vips's static level 0 IIIF pyramids (versions 2 and 3) is where the pyramid names it", arguments: ["iiif2", "iiif3"])
    func staticIIIFTilesAreWhereThePyramidSays(_ layout: String) async throws {
        let folder = try await onOwnThread { try IIIFServer.pyramids.get().folder }.appendingPathComponent("\(layout)/small")
        let info = folder.appendingPathComponent("info.json")
        let pyramid = try TilePyramid.parse(try Data(contentsOf: info), location: info)
        guard case .iiif(let service) = pyramid.service else { Issue.record("not IIIF"); return }
        #expect(service.compliance == 0 && service.version == (layout == "iiif2" ? .two : .three))
        #expect(service.id == "http://static.test/\(layout)/small")

        var missing: [String] = [], count = 0
        for level in pyramid.levels {
            for key in pyramid.tiles(at: level.index, intersecting: pyramid.bounds) {
                let name = String(pyramid.tileURL(key).absoluteString.dropFirst(service.id.count + 1))
                count += 1
                if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) { missing.append(name) }
            }
        }
        #expect(count == 8 * 6 + 4 * 3 + 2 * 2)
        #expect(missing.isEmpty, "vips wrote no \(missing.prefix(5))")
    }

    @Test("the pyramids hold every file the tests read, and iipsrv behind lighttpd starts over them")
    func pyramidsHoldWhatTheTestsRead() async throws {
        let made = try await onOwnThread { try IIIFServer.pyramids.get() }
        print("IIIF fixture: the 20000x15000 grid as a pyramid TIFF and a DZI, and at 1/10 as a DZI and two IIIF folders, in \(made.makingTime)")
        for file in ["grid.tif", "dzi/grid.dzi", "dzi/small.dzi", "iiif2/small/info.json", "iiif3/small/info.json"] {
            #expect(FileManager.default.fileExists(atPath: made.folder.appendingPathComponent(file).path), "no \(file)")
        }
        // How long the making and the start take is bench/iiif-fixture's number.
        let started = ContinuousClock.now
        let server = try await IIIFServer.start()
        print("IIIF fixture: lighttpd with iipsrv listening after \(ContinuousClock.now - started)")
        await server.stop()
    }

    // MARK: Helpers

    private func fetch(_ url: URL, _ loader: DataLoader) async throws -> Data {
        let (recorder, _) = loader.record(url)
        guard case .success(let response)? = await recorder.result() else { throw IIIFServer.Failure(description: "no answer from \(url)") }
        guard response.statusCode == 200 else { throw IIIFServer.Failure(description: "\(url) answered \(response.statusCode)") }
        return response.body
    }

    /// Checks the middle of every square whose lower part lies well inside `picture`, whose
    /// `crop` shows `visible` of the image, against the grid picture's colour there.
    private func expectGrid(in picture: Picture, showing visible: Rect, crop: Rect = .unit, factor: Int,
                            grid: GridPicture = IIIFServer.picture) throws {
        var checked = 0
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                // Below the label, away from the edges: plain colour even after scaling.
                let point = Point(x: Double(column * grid.square + grid.square / 2), y: Double(row * grid.square + grid.square * 3 / 4))
                guard visible.insetBy(dx: Double(2 * factor), dy: Double(2 * factor)).contains(point) else { continue }
                let unit = crop.point(atUnit: visible.unit(of: point))
                let x = Int(unit.x * Double(picture.size.width)), y = Int(unit.y * Double(picture.size.height))
                let found = picture.rgb(x, y), expected = GridPicture.colour(column: column, row: row)
                let error = max(abs(found.red - expected.red), abs(found.green - expected.green), abs(found.blue - expected.blue))
                func squaredDistance(_ c: (red: Int, green: Int, blue: Int)) -> Int {
                    [found.red - c.red, found.green - c.green, found.blue - c.blue].reduce(0) { $0 + $1 * $1 }
                }
                let nearest = (0..<grid.rows).flatMap { r in (0..<grid.columns).map { (column: $0, row: r) } }
                    .min { squaredDistance(GridPicture.colour(column: $0.column, row: $0.row)) < squaredDistance(GridPicture.colour(column: $1.column, row: $1.row)) }
                #expect(error <= Self.colourTolerance && nearest.map { $0 == (column, row) } == true,
                        "square \(column),\(row) at picture pixel \(x),\(y): \(found) for \(expected), nearest \(String(describing: nearest))")
                checked += 1
            }
        }
        #expect(checked >= 4, "the picture shows at least four squares' middles")
    }
}

/// A JPEG decoded by vips (the network tests link no decoder) into 8-bit RGB.
struct Picture: Sendable {
    let size: PixelSize
    let pixels: [UInt8]

    static func decode(_ jpeg: Data) async throws -> Picture { try await onOwnThread { try Picture(jpeg: jpeg) } }

    init(jpeg: Data) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("in.jpg"), output = folder.url.appendingPathComponent("out.ppm")
        try jpeg.write(to: input)
        try IIIFServer.run(IIIFServer.vips, ["copy", input.path, output.path])
        let ppm = try Data(contentsOf: output)
        // "P6", width, height, 255, each after white space, comment lines allowed, then the pixels.
        var fields: [String] = [], index = ppm.startIndex
        while fields.count < 4, index < ppm.endIndex {
            if ppm[index] == UInt8(ascii: "#") {
                while index < ppm.endIndex, ppm[index] != 0x0A { index += 1 }
            } else if ppm[index] > 0x20 {
                let start = index
                while index < ppm.endIndex, ppm[index] > 0x20 { index += 1 }
                fields.append(String(decoding: ppm[start..<index], as: UTF8.self))
                continue
            }
            index += 1
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
              ppm.endIndex - (index + 1) == width * height * 3 else {
            throw IIIFServer.Failure(description: "vips wrote no 8-bit RGB PPM: \(fields)")
        }
        size = PixelSize(width: width, height: height)
        pixels = [UInt8](ppm[(index + 1)...])
    }

    func rgb(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let i = (y * size.width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}
