import PhotoCore

/// `AreaDownscaler` fed one source row at a time, top to bottom, for a picture that is never whole
/// in memory (a HEIF grid decoded a strip of tiles at a time). The same coverage, weights and
/// order of sums as `AreaDownscaler.downscale`, so the result is the same to the bit; it holds
/// the result and two rows of floats.
struct AreaRowStream {
    let source: PixelSize, target: PixelSize
    private let columns: Coverage
    /// For each source row, the output rows it falls in (one or two) and its weight in each.
    private var firstContribution: [Int] = [], contributions: [(row: Int, weight: Float)] = []
    /// The last source row of each output row, where that row is finished.
    private var lastSourceRow: [Int] = []
    private var pixels: [UInt8], line: [Float], sums: [[Float]], sumsRow = [-1, -1]
    private var next = 0

    /// - precondition: `target` is no larger than `source` on either side.
    init(source: PixelSize, target: PixelSize) {
        precondition(target.width <= source.width && target.height <= source.height && target.width > 0 && target.height > 0)
        self.source = source
        self.target = target
        columns = Coverage(from: source.width, to: target.width)
        let rows = Coverage(from: source.height, to: target.height)
        var bySource = [[(row: Int, weight: Float)]](repeating: [], count: source.height)
        var weight = 0
        for y in 0..<target.height {
            for n in 0..<rows.counts[y] {
                bySource[rows.firsts[y] + n].append((y, rows.weights[weight]))
                weight += 1
            }
            lastSourceRow.append(rows.counts[y] > 0 ? rows.firsts[y] + rows.counts[y] - 1 : -1)
        }
        for entries in bySource {
            firstContribution.append(contributions.count)
            contributions += entries
        }
        firstContribution.append(contributions.count)
        pixels = [UInt8](repeating: 0, count: target.width * target.height * 4)
        line = [Float](repeating: 0, count: target.width * 4)
        sums = [line, line]
    }

    /// Adds the next source row (`source.width` RGBA pixels).
    mutating func add(row: UnsafePointer<UInt8>) {
        precondition(next < source.height, "AreaRowStream: more rows than the source has")
        let index = next
        next += 1
        line.withUnsafeMutableBufferPointer { AreaDownscaler.shrinkRow(row, columns: columns, into: $0) }
        for c in firstContribution[index]..<firstContribution[index + 1] {
            let (y, w) = contributions[c], slot = y & 1
            if sumsRow[slot] != y {
                for k in sums[slot].indices { sums[slot][k] = 0 }
                sumsRow[slot] = y
            }
            sums[slot].withUnsafeMutableBufferPointer { acc in
                line.withUnsafeBufferPointer { line in
                    for k in 0..<acc.count { acc[k] += line[k] * w }
                }
            }
            if lastSourceRow[y] == index {
                sums[slot].withUnsafeBufferPointer { acc in
                    pixels.withUnsafeMutableBufferPointer { AreaDownscaler.finishRow(acc, into: $0.baseAddress! + y * target.width * 4) }
                }
            }
        }
    }

    /// The result, once every source row has been added.
    var image: DecodedImage {
        precondition(next == source.height, "AreaRowStream: \(source.height - next) rows still to add")
        return DecodedImage(width: target.width, height: target.height, pixels: pixels)
    }
}
