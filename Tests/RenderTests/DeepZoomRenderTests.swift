import Foundation
import PhotoCore
import Testing
import TestImages

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
    static func zoomedIntoTheCorner(_ source: URL, name: String) async throws -> Screenshot {
        let dir = try Fixtures.folder(name)
        let shot = dir.appendingPathComponent("corner.png"), script = dir.appendingPathComponent("s.txt")
        try """
            2500 wheel 0 \(wheelSteps) 108 2
            7000 screenshot \(shot.path)
            7100 quit
            """.write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", source.absoluteString],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
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
            let shot = try await Self.zoomedIntoTheCorner(server.infoURL, name: "iiifCorner")
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
}
