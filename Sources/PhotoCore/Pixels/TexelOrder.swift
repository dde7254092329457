/// The byte order of a pixel's four channels in memory. Decoders make RGBA; a photo's mip chain
/// is turned to BGRA for its texture, the order llvmpipe (Mesa's software rasteriser) reads on
/// its fast path: a texture drawn by a plain read in BGRA takes it, an RGBA one never does
/// (docs/behaviour.md §12).
public enum TexelOrder: Sendable, Equatable {
    case rgba
    case bgra

    /// Swaps bytes 0 and 2 of every 4: RGBA to BGRA and back.
    public static func swapRedAndBlue(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        base.withMemoryRebound(to: UInt32.self, capacity: bytes.count / 4) { words in
            for i in 0..<(bytes.count / 4) {
                let w = UInt32(littleEndian: words[i])
                words[i] = ((w & 0xFF00_FF00) | ((w & 0x0000_00FF) << 16) | ((w >> 16) & 0x0000_00FF)).littleEndian
            }
        }
    }
}
