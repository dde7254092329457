import Foundation

/// FNV-1a, 64 bits: a fast checksum that catches flipped and missing bytes (a cache entry's body)
/// and tells contents apart (a cache file's name, a served manifest's ETag).
/// Not a defence against an attacker who can choose the bytes (nothing this cheap is).
public enum FNV1a {
    public static func hash64(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return hash
    }

    /// ``hash64(_:)`` in lower-case hexadecimal, without leading zeros.
    public static func hex(_ data: Data) -> String { String(hash64(data), radix: 16) }
}
