/// The byte order of a pixel's four channels in memory. Decoders make RGBA; a photo's mip chain
/// is turned to BGRA for its texture, the order llvmpipe (Mesa's software rasteriser) reads on
/// its fast path: a texture drawn by a plain read in BGRA takes it, an RGBA one never does
/// (docs/behaviour.md §12).
public enum TexelOrder: Sendable, Equatable {
    case rgba
    case bgra

    /// Copies whole pixels of `source` into `target` (at least as long) with bytes 0 and 2 of
    /// every 4 swapped: RGBA to BGRA and back, in one pass. Any alignment; `source` and
    /// `target` may be the same memory.
    public static func copySwappingRedAndBlue(from source: UnsafeRawBufferPointer, to target: UnsafeMutableRawBufferPointer) {
        precondition(source.count % 4 == 0 && target.count >= source.count, "TexelOrder: not whole pixels")
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for offset in stride(from: 0, to: source.count, by: 4) {
            let w = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let swapped = (w & 0xFF00_FF00) | ((w & 0x0000_00FF) << 16) | ((w >> 16) & 0x0000_00FF)
            to.storeBytes(of: swapped.littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }
}
