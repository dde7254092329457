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

    /// All keys, and where each name's key ends. The folders all names start with are left out
    /// of the keys: they would compare equal in every comparison.
    func keys() -> (keys: [UInt32], ends: [Int]) {
        let shared = sharedFolder()
        var writer = Writer(asciiRanks: asciiRanks, otherRanks: otherRanks)
        var ends: [Int] = []
        writer.keys.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count - shared } + 4 * names.count)
        ends.reserveCapacity(names.count)
        for name in names {
            let rest = name.utf8.index(name.utf8.startIndex, offsetBy: shared)
            if name.utf8[rest...].allSatisfy({ $0 < 0x80 }) {
                for byte in name.utf8[rest...] { writer.add(UInt32(byte)) }
            } else {
                for scalar in name.unicodeScalars[rest...] { writer.add(scalar.value) }
            }
            writer.endName()
            ends.append(writer.keys.count)
        }
        return (writer.keys, ends)
    }

    /// How many bytes all names share, up to and with their last shared `/`.
    private func sharedFolder() -> Int {
        guard var first = names.first else { return 0 }
        return first.withUTF8 { a in
            var shared = a.count
            for var name in names.dropFirst() {
                name.withUTF8 { b in
                    var k = 0
                    let limit = min(shared, b.count)
                    while k < limit && a[k] == b[k] { k += 1 }
                    shared = k
                }
            }
            return a[..<shared].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        }
    }

    /// Writes keys a scalar at a time.
    private struct Writer {
        var keys: [UInt32] = []
        let asciiRanks: [UInt32]
        let otherRanks: [UInt32: UInt32]
        private var run = Run(), inRun = false

        init(asciiRanks: [UInt32], otherRanks: [UInt32: UInt32]) { (self.asciiRanks, self.otherRanks) = (asciiRanks, otherRanks) }

        mutating func add(_ v: UInt32) {
            if v >= zero && v <= zero + 9 {
                if !inRun {
                    keys.append(asciiRanks[Int(zero)])
                    run = Run(lengthAt: keys.count)
                    keys.append(0)
                    inRun = true
                }
                run.add(v - zero, to: &keys)
                return
            }
            endRun()
            keys.append(v < 128 ? asciiRanks[Int(v)] : otherRanks[v, default: 0])
        }

        mutating func endName() { endRun() }

        private mutating func endRun() {
            if inRun { run.close(&keys) }
            inRun = false
        }
    }

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

private let zero = UInt32(UInt8(ascii: "0"))
