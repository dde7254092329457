import PhotoCore

/// A mip chain on its way to the GPU in row slices, so that no frame spends more than its
/// upload budget copying pixels. GL thread only.
final class TextureUpload {
    let key: ImageKey
    /// Made at the first step that can afford it.
    private(set) var texture: GLTexture?
    private let levels: [DecodedImage]
    private let opaque: Bool
    /// The texture's texel order (`Renderer.textureOrder`): where it is not the pixels', each
    /// slice is turned on its way.
    private let order: TexelOrder
    private var level = 0
    private var row = 0
    /// Steps whose budget was too short for the storage.
    private var postponed = 0

    /// The fewest rows worth a GL call.
    static let minimumRows = 16
    /// Steps an upload waits for a budget that fits its storage before taking it anyway.
    static let maximumPostponed = 20

    init(key: ImageKey, levels: [DecodedImage], opaque: Bool, order: TexelOrder) {
        self.key = key
        self.levels = levels
        self.opaque = opaque
        self.order = order
    }

    var isDone: Bool { level >= levels.count }
    var hasStarted: Bool { level > 0 || row > 0 }

    /// What allocating the storage costs, estimated: llvmpipe zero-fills it, and it is the first
    /// touch of fresh memory that is slow (12 MB took 7-9 ms here, where copying the pixels
    /// into it afterwards took 1.3 ms).
    var storageMs: Double { Double(levels.reduce(0) { $0 + $1.width * $1.height * 4 }) / 1_600_000 }

    /// Copies slices until done or `deadline` (CLOCK_MONOTONIC ms) passes, at least one once
    /// the storage exists.
    /// The storage is allocated only when it fits before the deadline, when nothing on screen
    /// moves (`atRest`: a late frame that shows the same picture is not seen), or once the upload
    /// has waited `maximumPostponed` steps: the frame loop offers it the time it would otherwise sleep.
    func step(until deadline: Double, atRest: Bool = false) {
        if texture == nil {
            guard atRest || deadline - MonotonicClock.nowMs() >= storageMs || postponed >= Self.maximumPostponed else {
                postponed += 1
                return
            }
            let t = GLTexture(width: levels[0].width, height: levels[0].height, levels: levels.count, order: order)
            t.isOpaque = opaque
            t.baseLevelLimit = GLTexture.baseLevelLimit(for: key.quality)
            texture = t
        }
        guard let texture else { return }
        repeat {
            let l = levels[level]
            // Rows for about a tenth of a millisecond (llvmpipe copies about 8 GB/s), and never fewer than the minimum.
            let rows = min(l.height - row, max(Self.minimumRows, 1_048_576 / max(1, l.width * 4)))
            let range = row * l.width * 4 ..< (row + rows) * l.width * 4
            if l.order == order {
                l.pixels.withUnsafeBytes { buffer in
                    texture.upload(level: level, firstRow: row, rows: rows, width: l.width, pixels: buffer.baseAddress! + range.lowerBound)
                }
            } else {
                let slice = l.pixels.withUnsafeBytes { all in
                    [UInt8](unsafeUninitializedCapacity: range.count) { target, count in
                        TexelOrder.copySwappingRedAndBlue(from: UnsafeRawBufferPointer(rebasing: all[range]), to: UnsafeMutableRawBufferPointer(target))
                        count = range.count
                    }
                }
                slice.withUnsafeBytes { texture.upload(level: level, firstRow: row, rows: rows, width: l.width, pixels: $0.baseAddress!) }
            }
            row += rows
            if row >= l.height { level += 1; row = 0 }
        } while !isDone && MonotonicClock.nowMs() < deadline
    }
}
