/// Makes natural order's keys (`NaturalOrder`), one per name, all in one array.
///
/// A name is a sequence of scalars, each compared as its own lowercase (a String, compared as
/// Swift compares strings), except that runs of ASCII digits compare as numbers. A key holds, for
/// each scalar that is not a digit, the rank of its lowercase among all the lowercases of the
/// names (ranked with Swift's own `<`, so a key compares exactly as the strings do); and for each
/// digit run: the rank every digit shares (no lowercase sorts between "0" and "9"), the number of
/// digits after the leading zeros, those digits as numbers of up to nine digits (runs of the same
/// length are cut alike), and the run's whole length. Keys then compare
/// element by element: two runs meet at the same place, and a run against a letter is decided by
/// the shared rank, as a digit against that letter would be.
struct NaturalOrderKeys {
    private let names: [String]
    /// The rank of each ASCII scalar's lowercase, and of each other scalar's in the names.
    private var asciiRanks = [UInt32](repeating: 0, count: 128)
    private var otherRanks: [UInt32: UInt32] = [:]

    init(_ names: [String]) {
        self.names = names
        rank()
    }

    /// All keys, and where each name's key ends.
    func keys() -> (keys: [UInt32], ends: [Int]) {
        var keys: [UInt32] = [], ends: [Int] = []
        keys.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count } + 8 * names.count)
        ends.reserveCapacity(names.count)
        let digitRank = asciiRanks[Int(zero)]
        for name in names {
            var run = Run(), inRun = false
            for scalar in name.unicodeScalars {
                let v = scalar.value
                if v >= zero && v <= zero + 9 {
                    if !inRun {
                        keys.append(digitRank)
                        run = Run(lengthAt: keys.count)
                        keys.append(0)
                        inRun = true
                    }
                    run.add(v - zero, to: &keys)
                    continue
                }
                if inRun { run.close(&keys); inRun = false }
                keys.append(v < 128 ? asciiRanks[Int(v)] : otherRanks[v, default: 0])
            }
            if inRun { run.close(&keys) }
            ends.append(keys.count)
        }
        return (keys, ends)
    }

    private let zero = UInt32(UInt8(ascii: "0"))

    /// A digit run being read into a key.
    private struct Run {
        var lengthAt = 0, length = 0, zeros = 0
        var chunk: UInt32 = 0, chunkDigits = 0

        mutating func add(_ digit: UInt32, to keys: inout [UInt32]) {
            length += 1
            if length == zeros + 1 && digit == 0 { zeros += 1; return }
            chunk = chunk * 10 + digit
            chunkDigits += 1
            if chunkDigits == 9 { keys.append(chunk); chunk = 0; chunkDigits = 0 }
        }

        func close(_ keys: inout [UInt32]) {
            if chunkDigits > 0 { keys.append(chunk) }
            keys[lengthAt] = UInt32(length - zeros)
            keys.append(UInt32(length))
        }
    }

    /// Ranks the lowercases of all ASCII scalars (the digits by "0" alone) and of the names' other
    /// scalars: equal lowercases share a rank.
    private mutating func rank() {
        var others = Set<UInt32>()
        for name in names where name.utf8.contains(where: { $0 >= 0x80 }) {
            for scalar in name.unicodeScalars where scalar.value >= 0x80 { others.insert(scalar.value) }
        }
        var units: [(lowercase: String, scalar: UInt32)] = (UInt32(0)..<128).filter { $0 <= zero || $0 > zero + 9 }.map { (String(Unicode.Scalar(UInt8($0))).lowercased(), $0) }
        units += others.map { (String(Unicode.Scalar($0)!).lowercased(), $0) }
        units.sort { $0.lowercase < $1.lowercase }
        var rank: UInt32 = 0
        for (k, unit) in units.enumerated() {
            if k == 0 || units[k - 1].lowercase < unit.lowercase { rank += 1 }
            if unit.scalar < 128 { asciiRanks[Int(unit.scalar)] = rank } else { otherRanks[unit.scalar] = rank }
        }
    }
}
