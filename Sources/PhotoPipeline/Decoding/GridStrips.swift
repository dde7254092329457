import Foundation
import PhotoCore

/// A grid's tiles decoded in reading order by a few threads into two strips of rows (a row of
/// tiles each, cropped to the picture), the rows of each finished strip fed in order to an
/// `AreaRowStream` by the thread that finishes it while the others go on with the next strip.
/// A tile waits for its strip's buffer to be free: memory is two strips, whatever the picture.
final class GridStrips: @unchecked Sendable {  // mutable state guarded by `condition`
    private let size: PixelSize, tile: PixelSize, columns: Int, rows: Int
    /// Copies a decoded tile (first pixel, bytes per row, size) into its place; false when it is
    /// not of the grid's tile size.
    typealias Paste = (UnsafePointer<UInt8>, _ stride: Int, PixelSize) -> Bool
    private let decodeTile: (_ index: Int, Paste) -> Bool
    private var stream: AreaRowStream
    private let strips: [UnsafeMutablePointer<UInt8>]
    private let condition = NSCondition()
    private var nextTile = 0, shrunk = 0, failed = false
    private var finished: [Int]

    /// - parameter decodeTile: decodes the tile at `index` (row by row) and pastes it; false when
    ///   it does not decode or is refused.
    init(size: PixelSize, tile: PixelSize, columns: Int, rows: Int, target: PixelSize, decodeTile: @escaping (Int, Paste) -> Bool) {
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

    /// The shrunk picture; nil when a tile did not decode to its size. The calling thread works
    /// too; the others run at its nice value, so that a decode worker's tiles yield to drawing as
    /// the rest of its decode does (docs/behaviour.md §7, "Off the drawing thread").
    func run(threads: Int) -> DecodedImage? {
        // On Linux a nice value belongs to a thread, and 0 names the calling one.
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let helpers = DispatchGroup()
        for _ in 1..<max(1, threads) {
            helpers.enter()
            Thread { [self] in
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
                work()
                helpers.leave()
            }.start()
        }
        work()
        helpers.wait()
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
        let row = index / columns, x = (index % columns) * tile.width
        let width = min(tile.width, size.width - x), strip = strips[row % 2]
        return decodeTile(index) { [size, tile] pixels, stride, decoded in
            guard decoded == tile else { return false }
            for y in 0..<stripHeight(row) {
                (strip + (y * size.width + x) * 4).update(from: pixels + y * stride, count: width * 4)
            }
            return true
        }
    }

    private func shrink(_ row: Int) {
        let strip = strips[row % 2]
        for y in 0..<stripHeight(row) { stream.add(row: strip + y * size.width * 4) }
    }
}
