import Foundation

/// A picture of known content for deep zoom tests: a grid of coloured squares, each labelled
/// with its column and row in its top-left corner. Every square's colour follows from its
/// position, so a test can say what any region of the picture, at any level, should look like.
public struct GridPicture: Sendable {
    public var width = 20_000
    public var height = 15_000
    /// A square's side in pixels.
    public var square = 500
    /// The picture is drawn at 1/`drawScale` and enlarged by vips (pixel copies, no blur): a
    /// 20,000 x 15,000 picture costs 3 MB of drawing here, not 900.
    public var drawScale = 10

    public init(width: Int = 20_000, height: Int = 15_000, square: Int = 500, drawScale: Int = 10) {
        self.width = width; self.height = height; self.square = square; self.drawScale = drawScale
    }

    /// The picture `reducedPPM` draws: this one at 1/`drawScale`, with the same squares.
    public var reduced: GridPicture { GridPicture(width: width / drawScale, height: height / drawScale, square: square / drawScale, drawScale: 1) }

    public var columns: Int { width / square }
    public var rows: Int { height / square }

    /// Red rises 6 a column, green 8 a row, and blue takes one of five values by (column + 2 row)
    /// mod 5, which differs between any two squares that touch, diagonals included: neighbours
    /// differ by at least 50 in blue, so a blurred or JPEG-shifted sample still names its square.
    public static func colour(column: Int, row: Int) -> (red: Int, green: Int, blue: Int) {
        (10 + 6 * column, 10 + 8 * row, 20 + 50 * ((column + 2 * row) % 5))
    }

    /// The colour at full-resolution pixel (x, y). The label covers at most x 30..<230 and y 30..<80
    /// of a square: below y 100 a square is its colour alone.
    public func colour(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) { Self.colour(column: x / square, row: y / square) }

    /// The picture at 1/`drawScale` as a binary PPM (P6), for `vips zoom` to enlarge.
    public func reducedPPM() -> Data {
        let w = width / drawScale, h = height / drawScale, cell = square / drawScale
        var pixels: [UInt8] = []
        pixels.reserveCapacity(w * h * 3)
        // One line per row of squares, repeated: a debug build draws 40 lines, not 1,500.
        for row in 0..<rows {
            let line = (0..<w).flatMap { x in
                let (r, g, b) = Self.colour(column: x / cell, row: row)
                return [UInt8(r), UInt8(g), UInt8(b)]
            }
            for _ in 0..<cell { pixels += line }
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let (r, g, b) = Self.colour(column: column, row: row)
                let ink: UInt8 = Double(r) * 0.299 + Double(g) * 0.587 + Double(b) * 0.114 > 128 ? 0 : 255
                draw("\(column),\(row)", x: column * cell + 3, y: row * cell + 3, ink: ink, into: &pixels, width: w)
            }
        }
        return Data("P6\n\(w) \(h)\n255\n".utf8) + Data(pixels)
    }

    /// 3x5 digits and a comma, one pixel apart.
    private static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", "###", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", "..#", "..#", "..#"],
        "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
        ",": ["...", "...", "...", ".#.", "#.."],
    ]

    private func draw(_ text: String, x: Int, y: Int, ink: UInt8, into pixels: inout [UInt8], width: Int) {
        for (index, character) in text.enumerated() {
            for (dy, line) in (Self.glyphs[character] ?? []).enumerated() {
                for (dx, dot) in line.enumerated() where dot == "#" {
                    let i = ((y + dy) * width + x + index * 4 + dx) * 3
                    pixels[i] = ink; pixels[i + 1] = ink; pixels[i + 2] = ink
                }
            }
        }
    }
}
