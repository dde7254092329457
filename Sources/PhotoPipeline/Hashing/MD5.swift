import Glibc

/// MD5 (RFC 1321), for freedesktop thumbnail names only: not for anything that needs security.
/// Pure Swift because Foundation on Linux has no crypto. Pure function, thread-safe.
public enum MD5 {
    /// The 16-byte digest of `message`.
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for k in 0..<8 { padded.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(k)))) }

        var words = [UInt32](repeating: 0, count: 16)
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + i * 4
                words[i] = UInt32(padded[b]) | UInt32(padded[b + 1]) << 8 | UInt32(padded[b + 2]) << 16 | UInt32(padded[b + 3]) << 24
            }
            var (a, b, c, d) = state
            for i in 0..<64 {
                let f: UInt32, g: Int
                switch i / 16 {
                case 0: f = (b & c) | (~b & d); g = i
                case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
                case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * i) % 16
                }
                let sum = a &+ f &+ constants[i] &+ words[g]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shifts[i] | sum >> (32 - shifts[i]))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        return [state.0, state.1, state.2, state.3].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    /// The digest as 32 lowercase hexadecimal digits, as thumbnail file names use it.
    public static func hex(_ message: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest(message).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }

    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]

    // floor(abs(sin(i + 1)) * 2^32), as RFC 1321 tabulates it.
    private static let constants: [UInt32] = (0..<64).map { i in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(i + 1))) * 4_294_967_296).rounded(.down)))
    }
}
