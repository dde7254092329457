import Foundation

/// FNV-1a, 64 bits: a fast checksum that catches flipped and missing bytes in a cache entry.
/// Not a defence against an attacker who can write the cache folder (nothing is).
enum Checksum {
    static func fnv1a64(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return hash
    }

    static func hex(_ data: Data) -> String { String(fnv1a64(data), radix: 16) }
}
