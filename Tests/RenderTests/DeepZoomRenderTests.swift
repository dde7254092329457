import FlyingFox
import Foundation
import PhotoCore
import PhotoServe
import Testing
import TestImages
import WindowTestSupport

/// A 20,000 x 15,000 picture from a real IIIF server (iipsrv behind lighttpd) and as a DZI: zoomed
/// into a corner, the screen shows the picture's own squares there, sharp to the pixel at their
/// edges, from tiles of the level the screen needs and no others (docs/behaviour.md §18).
@Suite(.serialized) struct DeepZoomRenderTests {
    static let picture = IIIFServer.picture
    /// 1280x800 at fit shows the picture at 800/15000; twelve wheel steps of 1.2 zoom 8.9 times.
    static let wheelSteps = 12
    static var scale: Double { 800.0 / 15_000 * pow(1.2, Double(wheelSteps)) }

    /// Runs the program on `source`, zooms into the top-left corner, and screenshots it once the
    /// tiles have come.
    static func zoomedIntoTheCorner(_ source: String, name: String, at seconds: Double = 7, steps: Int = wheelSteps) async throws -> Screenshot {
        let dir = try Fixtures.folder(name)
        let shot = dir.appendingPathComponent("corner.png"), script = dir.appendingPathComponent("s.txt")
        try """
            2500 wheel 0 \(steps) 108 2
            \(Int(seconds * 1000)) screenshot \(shot.path)
            \(Int(seconds * 1000) + 100) quit
            """.write(to: script, atomically: true, encoding: .utf8)
        let events = dir.appendingPathComponent("events.txt")
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", "--events", events.path, source],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The zoomed view's tiles all came before the screenshot, and the milestone said so.
        let milestones = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(milestones.contains("tiles_sharp 0"), "events: \(milestones)")
        return try Screenshot(path: shot.path)
    }

    /// Squares of the picture wholly on screen: each one's colour in its plain part, and either
    /// side of the edge between it and its right-hand neighbour, 3 screen pixels away.
    static func checkSquares(_ s: Screenshot, label: String) {
        let side = Double(picture.square) * scale
        var checked = 0
        for row in 0..<3 {
            for column in 0..<4 {
                let expected = GridPicture.colour(column: column, row: row)
                let colour = (Double(expected.red), Double(expected.green), Double(expected.blue))
                let x = (Double(column) + 0.5) * side, y = (Double(row) + 0.6) * side
                guard x + side < 1280, y + side < 800 else { continue }
                let plain = s.looks(Rect(center: Point(x: x, y: y), size: Size(width: 20, height: 20)), like: colour)
                #expect(plain, "\(label): square \(column),\(row) shows \(s.mean(Rect(center: Point(x: x, y: y), size: Size(width: 20, height: 20)))), not \(expected)")
                let right = GridPicture.colour(column: column + 1, row: row)
                let edge = Double(column + 1) * side
                let inside = s.looks(Rect(x: edge - 5, y: y - 10, width: 2, height: 20), like: colour)
                let beyond = s.looks(Rect(x: edge + 3, y: y - 10, width: 2, height: 20), like: (Double(right.red), Double(right.green), Double(right.blue)))
                #expect(inside && beyond, "\(label): the edge after square \(column),\(row) is not sharp: \(s.mean(Rect(x: edge - 5, y: y - 10, width: 2, height: 20))) | \(s.mean(Rect(x: edge + 3, y: y - 10, width: 2, height: 20)))")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test func anIIIFImageZoomedIntoACornerShowsItsSquaresSharpFromTilesOfOneLevelNearTheView() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        try await withIIIFServer { server in
            let shot = try await Self.zoomedIntoTheCorner(server.infoURL.absoluteString, name: "iiifCorner")
            Self.checkSquares(shot, label: "IIIF")
            // Every tile asked for is of the level the screen needs (1/2: the screen shows 0.48 of
            // a pixel per pixel) and lies in the view or the ring of tiles around it.
            let tiles = await server.requests(atLeast: 3).map(\.path).filter { $0.contains("/default.jpg") && !$0.contains("/full/") }
            #expect(!tiles.isEmpty)
            let view = Rect(x: 0, y: 0, width: 1280 / Self.scale, height: 800 / Self.scale)
            let ring = view.insetBy(dx: -512, dy: -512)
            for path in tiles {
                let parts = path.split(separator: "/")
                guard let region = parts.first(where: { $0.split(separator: ",").count == 4 }).map({ $0.split(separator: ",").compactMap { Double($0) } }),
                      let size = parts.first(where: { $0.hasSuffix(",") }).flatMap({ Double($0.dropLast()) }) else {
                    Issue.record("not a tile: \(path)")
                    continue
                }
                #expect(abs(region[2] / size - 2) < 0.05, "a tile of another level: \(path)")
                #expect(Rect(x: region[0], y: region[1], width: region[2], height: region[3]).intersects(ring), "a tile far from the view: \(path)")
            }
            #expect(Set(tiles).count == tiles.count, "a tile asked for twice: \(tiles)")
        }
    }

    /// Zoomed into the corner, then dragged 640 points left and held still before the button is
    /// let go (no fling): the squares to the right show, sharp, and every tile asked for lies
    /// near the views the pan went through.
    @Test func aPanShowsTheNextSquaresSharpAndFetchesOnlyNearTheViews() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        try await withIIIFServer { server in
            let dir = try Fixtures.folder()
            let shot = dir.appendingPathComponent("panned.png"), script = dir.appendingPathComponent("s.txt")
            let moves = (1...16).map { "\(5000 + $0 * 30) mouse move \(900 - $0 * 40) 400" }.joined(separator: "\n")
            try """
                2500 wheel 0 \(Self.wheelSteps) 108 2
                5000 mouse down left 900 400
                \(moves)
                5800 mouse up left 260 400
                10000 screenshot \(shot.path)
                10100 quit
                """.write(to: script, atomically: true, encoding: .utf8)
            let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", server.infoURL.absoluteString],
                                               environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let s = try Screenshot(path: shot.path)
            // The image moved 640 points left: image x = (screen x + 640) / scale.
            let side = Double(Self.picture.square) * Self.scale
            for column in 3...6 {
                let c = GridPicture.colour(column: column, row: 1)
                let x = (Double(column) + 0.5) * side - 640
                guard x > 20, x < 1260 else { continue }
                let area = Rect(center: Point(x: x, y: 1.6 * side), size: Size(width: 20, height: 20))
                let looks = s.looks(area, like: (Double(c.red), Double(c.green), Double(c.blue)))
                #expect(looks, "square \(column),1 shows \(s.mean(area)), not \(c)")
                let edge = (Double(column) + 1) * side - 640
                if edge < 1270 {
                    let beyond = GridPicture.colour(column: column + 1, row: 1)
                    let sharp = s.looks(Rect(x: edge + 3, y: 1.6 * side - 10, width: 2, height: 20), like: (Double(beyond.red), Double(beyond.green), Double(beyond.blue)))
                    #expect(sharp, "the edge after square \(column),1 is not sharp")
                }
            }
            // Between the two views and a ring of tiles (512 image pixels at 1/2) around them.
            let near = Rect(x: 0, y: 0, width: (1280 + 640) / Self.scale, height: 800 / Self.scale).insetBy(dx: -512, dy: -512)
            let tiles = await server.requests(atLeast: 3).map(\.path).filter { $0.contains("/default.jpg") && !$0.contains("/full/") }
            for path in tiles {
                guard let region = path.split(separator: "/").first(where: { $0.split(separator: ",").count == 4 })?.split(separator: ",").compactMap({ Double($0) }) else { continue }
                #expect(Rect(x: region[0], y: region[1], width: region[2], height: region[3]).intersects(near), "a tile far from the views: \(path)")
            }
        }
    }

    @Test func anIIIFImageZoomsToTwiceItsFullResolutionFromItsFinestTiles() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        try await withIIIFServer { server in
            // Far past the limit: the page stops at 2 screen pixels per image pixel, the
            // image's corner at the screen's.
            let shot = try await Self.zoomedIntoTheCorner(server.infoURL.absoluteString, name: "iiifTwice", steps: 40)
            for (x, column) in [(900.0, 0), (1100.0, 1)] {
                let c = GridPicture.colour(column: column, row: 0)
                let area = Rect(center: Point(x: x, y: 500), size: Size(width: 40, height: 40))
                let looks = shot.looks(area, like: (Double(c.red), Double(c.green), Double(c.blue)))
                #expect(looks, "square \(column),0 at x \(x) shows \(shot.mean(area)), not \(c)")
            }
            let edge = (shot.mean(Rect(x: 995, y: 480, width: 2, height: 40)), shot.mean(Rect(x: 1003, y: 480, width: 2, height: 40)))
            #expect(abs(edge.0.b - 20) < 12 && abs(edge.1.b - 70) < 12, "the edge at image x 500 is not at screen x 1000: \(edge)")
            let tiles = await server.requests(atLeast: 3).map(\.path).filter { $0.contains("/default.jpg") && !$0.contains("/full/") }
            // Full resolution: each tile's region as wide as its picture.
            #expect(tiles.contains { path in
                let parts = path.split(separator: "/")
                guard let region = parts.first(where: { $0.split(separator: ",").count == 4 })?.split(separator: ","), let size = parts.first(where: { $0.hasSuffix(",") }) else { return false }
                return region[2] == size.dropLast()
            }, "no full-resolution tile: \(tiles)")
        }
    }

    /// vips's static IIIF (level 0) pyramid, as a manifest item's image, names no whole picture
    /// and its coarsest level is several tiles: the page puts those tiles together, and shows
    /// the picture at fit.
    @Test func aStaticIIIFPyramidWithNoWholePictureIsShownFromItsCoarsestTiles() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        let folder = try IIIFServer.pyramids.get().folder
        let counts = RequestCounts()
        let rootBox = RootBox()
        let server = try LoopbackServer { request in
            _ = counts.count(request.path)
            if request.path == "/m.json" { return HTTPResponse(statusCode: .ok, body: Data(#"{"items": [{"image": "iiif2/small/info.json"}]}"#.utf8)) }
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(String(request.path.dropFirst()))) else { return HTTPResponse(statusCode: .notFound) }
            // vips wrote the ids for another host: they say this server's.
            let body = request.path.hasSuffix("info.json")
                ? Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "http://static.test/", with: rootBox.root).utf8) : data
            return HTTPResponse(statusCode: .ok, body: body)
        }
        let root = try await server.start()
        rootBox.root = root.absoluteString
        let s = try await AppProcess.screenshot(root.appendingPathComponent("m.json").absoluteString, at: 3000, in: try Fixtures.folder(), named: "fit")
        await server.stop()
        // 2,000 x 1,500 at fit: 0.533 screen pixels a pixel, squares of 50 pixels 26.7 on screen, from x 107.
        let small = IIIFServer.picture.reduced, side = Double(small.square) * 800 / 1500
        for (column, row) in [(0, 0), (5, 3), (20, 10), (37, 27)] {
            let c = GridPicture.colour(column: column, row: row)
            let area = Rect(center: Point(x: 106.67 + (Double(column) + 0.5) * side, y: (Double(row) + 0.75) * side), size: Size(width: 8, height: 8))
            let looks = s.looks(area, like: (Double(c.red), Double(c.green), Double(c.blue)), tolerance: 16)
            #expect(looks, "square \(column),\(row) shows \(s.mean(area)), not \(c); requests \(counts.paths.sorted())")
        }
    }

    @Test func aDZIOverHTTPAndFromAFileShowsTheSameSquaresFromItsLevelTiles() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        try await withIIIFServer { server in
            let shot = try await Self.zoomedIntoTheCorner(server.dziURL.absoluteString, name: "dziCorner")
            Self.checkSquares(shot, label: "DZI over HTTP")
            // DZI level 15 is the whole 20,000 pixels. The page's picture is level 8 (one tile of
            // 157 pixels); at fit the screen's 0.053 needs level 11 (1/16), zoomed its 0.48 level 14 (1/2).
            let tiles = await server.requests(atLeast: 3).map(\.path).filter { $0.contains("grid_files/") }
            #expect(tiles.contains { $0.contains("grid_files/14/") })
            for path in tiles {
                #expect(["grid_files/8/0_0", "grid_files/11/", "grid_files/14/"].contains { path.contains($0) }, "a tile of another level: \(path)")
            }
            // The grid cell's picture and the page's may be the same one-tile level, asked for by
            // both at once; each tile of the zoomed view is asked for once.
            let zoomed = tiles.filter { $0.contains("grid_files/14/") }
            #expect(Set(zoomed).count == zoomed.count, "a tile asked for twice: \(zoomed)")
        }
        let local = try IIIFServer.pyramids.get().folder.appendingPathComponent("dzi/grid.dzi").path
        Self.checkSquares(try await Self.zoomedIntoTheCorner(local, name: "dziFileCorner"), label: "DZI file")
    }

    @Test func anInfoJSONThatLiesIsABrokenTileWithOneClearSentence() async throws {
        let server = try LoopbackServer { request in
            guard request.path == "/bad/info.json" else { return HTTPResponse(statusCode: .notFound) }
            return HTTPResponse(statusCode: .ok, body: Data(#"{"@context": "http://iiif.io/api/image/2/context.json", "@id": "http://127.0.0.1/bad", "width": 20000, "height": 15000, "tiles": [{"width": 0, "scaleFactors": [1, 2]}], "profile": ["http://iiif.io/api/image/2/level1.json"]}"#.utf8))
        }
        let root = try await server.start()
        let dir = try Fixtures.folder()
        let events = dir.appendingPathComponent("events.txt"), script = dir.appendingPathComponent("s.txt")
        try "2500 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--replay", script.path, "--realtime", "--events", events.path,
                                            root.appendingPathComponent("bad/info.json").absoluteString],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        await server.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("gives a tile width of 0 pixels; tiles must be 16 to 4096 pixels on a side"), "stderr: \(run.stderr)")
        let lines = try String(contentsOf: events, encoding: .utf8)
        #expect(lines.contains("load_failed 0 undecodable"), "events: \(lines)")
    }

    /// A tile server that fails its first answer for every third tile (a 500, a 404, or bytes
    /// that are not a picture): the squares still show there from coarser pictures, and the
    /// tiles are asked for again and come.
    @Test func tilesThatFailAreCoveredByCoarserOnesAndAskedForAgain() async throws {
        if let missing = IIIFServer.missing { Issue.record("\(missing)"); return }
        let folder = try IIIFServer.pyramids.get().folder.appendingPathComponent("dzi")
        let counts = RequestCounts()
        let server = try LoopbackServer { request in
            let path = request.path
            guard path.hasPrefix("/dzi/"), let data = try? Data(contentsOf: folder.appendingPathComponent(String(path.dropFirst(5)))) else {
                return HTTPResponse(statusCode: .notFound)
            }
            let seen = counts.count(path)
            if path.contains("grid_files/14/"), seen == 1, abs(path.hashValue) % 3 == 0 {
                switch abs(path.hashValue / 3) % 3 {
                case 0: return HTTPResponse(statusCode: .internalServerError)
                case 1: return HTTPResponse(statusCode: .notFound)
                default: return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: Data("not a picture".utf8))
                }
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: path.hasSuffix(".dzi") ? "application/xml" : "image/jpeg"], body: data)
        }
        let root = try await server.start()
        let shot = try await Self.zoomedIntoTheCorner(root.appendingPathComponent("dzi/grid.dzi").absoluteString, name: "faultyTiles", at: 9)
        await server.stop()
        Self.checkSquares(shot, label: "after the failures")
        let failed = counts.paths.filter { $0.contains("grid_files/14/") && abs($0.hashValue) % 3 == 0 }
        #expect(!failed.isEmpty, "no tile failed: \(counts.paths)")
        for path in failed { #expect(counts.count(of: path) >= 2, "\(path) was not asked for again: \(counts.count(of: path)) requests") }
    }
}

/// How often each path was asked for.
final class RequestCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    /// Counts a request; how many there have been for `path`, this one included.
    func count(_ path: String) -> Int { lock.withLock { counts[path, default: 0] += 1; return counts[path]! } }
    func count(of path: String) -> Int { lock.withLock { counts[path] ?? 0 } }
    var paths: [String] { lock.withLock { Array(counts.keys) } }
}

/// The server's root, known once it has started.
final class RootBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""
    var root: String {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
