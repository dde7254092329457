import Foundation
import PhotoCore
import Testing
@testable import PhotoPipeline

/// Tiles pasted in place, cropped to the picture and shrunk as `AreaDownscaler` shrinks the whole
/// picture; decoded on two threads, both at the caller's nice value, as a decode worker's are.
@Suite struct GridStripsTests {
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var nice: [Int32] = [], threads: Set<pthread_t> = []
        func record() {
            let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), thread = pthread_self()
            lock.lock(); nice.append(value); threads.insert(thread); lock.unlock()
        }
        var values: (nice: [Int32], threads: Int) { lock.lock(); defer { lock.unlock() }; return (nice, threads.count) }
    }

    final class Result: @unchecked Sendable {  // written by one thread, read after it signals
        var image: DecodedImage?
    }

    static let size = PixelSize(width: 60, height: 50), tile = PixelSize(width: 16, height: 16), columns = 4, rows = 4

    /// Tile `index`'s colour at (x, y) inside it.
    static func pixel(_ index: Int, _ x: Int, _ y: Int) -> [UInt8] {
        [UInt8(index * 15), UInt8(x * 16), UInt8(y * 16), 255]
    }

    @Test func tilesAreShrunkInPlaceOnThreadsAtTheCallersNiceValue() {
        let seen = Seen()
        let target = AreaDownscaler.fittedSize(Self.size, maxPixelSize: 23)
        let strips = GridStrips(size: Self.size, tile: Self.tile, columns: Self.columns, rows: Self.rows, target: target) { index, paste in
            seen.record()
            usleep(3000)  // long enough for the second thread to take tiles too
            var pixels: [UInt8] = []
            for y in 0..<16 { for x in 0..<16 { pixels += Self.pixel(index, x, y) } }
            return pixels.withUnsafeBufferPointer { paste($0.baseAddress!, 16 * 4, Self.tile) }
        }
        let result = Result(), done = DispatchSemaphore(value: 0)
        Thread {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 7)
            result.image = strips.run(threads: 2)
            done.signal()
        }.start()
        done.wait()

        var whole: [UInt8] = []
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width { whole += Self.pixel((y / 16) * Self.columns + x / 16, x % 16, y % 16) }
        }
        let expected = AreaDownscaler.downscale(DecodedImage(width: Self.size.width, height: Self.size.height, pixels: whole), maxPixelSize: 23)
        #expect(result.image == expected)
        let (nice, threads) = seen.values
        #expect(nice.count == Self.columns * Self.rows && nice.allSatisfy { $0 == 7 }, "nice values of the tile decodes: \(nice)")
        #expect(threads == 2, "tiles decoded on \(threads) threads")
    }

    @Test func aTileOfAnotherSizeStopsTheDecode() {
        let strips = GridStrips(size: Self.size, tile: Self.tile, columns: Self.columns, rows: Self.rows,
                                target: PixelSize(width: 12, height: 10)) { index, paste in
            let pixels = [UInt8](repeating: 128, count: 16 * 17 * 4)
            return pixels.withUnsafeBufferPointer { paste($0.baseAddress!, 16 * 4, PixelSize(width: 16, height: index == 9 ? 17 : 16)) }
        }
        #expect(strips.run(threads: 2) == nil)
    }
}
