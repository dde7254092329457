import Foundation
import PhotoCore

/// A grid's tiles decoded in reading order by a few threads into two strips of rows (a row of
/// tiles each, cropped to the picture), the rows of each finished strip fed in order to an
/// `AreaRowStream` by the thread that finishes it while the others go on with the next strip.
/// A tile waits for its strip's buffer to be free: memory is two strips, whatever the picture.
final class GridStrips: @unchecked Sendable {  // mutable state guarded by `condition`
    private let size: PixelSize, tile: PixelSize, columns: Int, rows: Int
    private let decodeTile: (_ index: Int) -> DecodedImage?
    private var stream: AreaRowStream
    private let strips: [UnsafeMutablePointer<UInt8>]
    private let condition = NSCondition()
    private var nextTile = 0, shrunk = 0, failed = false
    private var finished: [Int]

    /// - parameter decodeTile: the tile at `index` (row by row), nil when it does not decode.
    init(size: PixelSize, tile: PixelSize, columns: Int, rows: Int, target: PixelSize, decodeTile: @escaping (Int) -> DecodedImage?) {
        self.size = size
        self.tile = tile
        self.columns = columns
        self.rows = rows
        self.decodeTile = decodeTile
        stream = AreaRowStream(source: size, target: target)
        strips = (0..<min(2, rows)).map { _ in .allocate(capacity: size.width * tile.height * 4) }
        finished = [Int](repeating: 0, count: rows)
    }

    deinit { strips.forEach { $0.deallocate() } }

    /// The shrunk picture; nil when a tile did not decode to its size.
    func run(threads: Int) -> DecodedImage? {
        DispatchQueue.concurrentPerform(iterations: threads) { _ in work() }
        return failed ? nil : stream.image
    }

    private func work() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while !failed, nextTile < rows * columns, nextTile / columns >= shrunk + 2 { condition.wait() }
            guard !failed, nextTile < rows * columns else { return }
            let index = nextTile
            nextTile += 1
            condition.unlock()
            let pasted = paste(index)
            condition.lock()
            guard pasted else {
                failed = true
                condition.broadcast()
                return
            }
            var row = index / columns
            finished[row] += 1
            // A strip is shrunk by whoever first sees it whole with every strip above it shrunk.
            while !failed, row == shrunk, finished[row] == columns {
                condition.unlock()
                shrink(row)
                condition.lock()
                shrunk += 1
                row += 1
                condition.broadcast()
                if row == rows { break }
            }
        }
    }

    private func stripHeight(_ row: Int) -> Int { min(tile.height, size.height - row * tile.height) }

    private func paste(_ index: Int) -> Bool {
        guard let decoded = decodeTile(index), decoded.width == tile.width, decoded.height == tile.height else { return false }
        let row = index / columns, x = (index % columns) * tile.width
        let width = min(tile.width, size.width - x), strip = strips[row % 2]
        decoded.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<stripHeight(row) {
                (strip + (y * size.width + x) * 4).update(from: pixels.baseAddress! + y * tile.width * 4, count: width * 4)
            }
        }
        return true
    }

    private func shrink(_ row: Int) {
        let strip = strips[row % 2]
        for y in 0..<stripHeight(row) { stream.add(row: strip + y * size.width * 4) }
    }
}
