/// SDL2_image 2.6.3's GIF LZW decoder (LWZReadByte, GetCode and GetDataBlock in IMG_gif.c), run
/// over a frame's data without writing pixels, to find the data that overruns its stack: its walk
/// down a chain of codes stops only at a code that names itself, so two codes naming each other
/// push past the 8192 entries into the heap and crash the process (found by Fuzz/FuzzDecode).
/// Every step, including what it does with bad codes and short blocks, is the same as SDL2_image's,
/// so a stream passes here exactly when SDL2_image decodes it within its stack.
struct GIFLZWReplay {
    static let maxBits: UInt8 = 12
    private static let tableSize = 1 << 12
    private static let stackSize = tableSize * 2

    /// Whether SDL2_image decoding `frame` of `bytes` would push past the end of its stack.
    static func overrunsSDLImageStack(_ bytes: [UInt8], frame: GIFFrame) -> Bool {
        var replay = GIFLZWReplay(bytes: bytes, position: frame.dataStart + 1, codeSize: Int(bytes[frame.dataStart]))
        let (width, height) = (frame.size.width, frame.size.height)
        var x = 0, y = 0, pass = 0
        // ReadImage's loop: one value a pixel, rows in interlaced order, until the last row.
        while true {
            guard let value = replay.nextValue() else { return true }
            guard value >= 0 else { return false }
            x += 1
            if x == width {
                x = 0
                if frame.interlaced {
                    y += pass < 2 ? 8 : pass == 2 ? 4 : 2
                    if y >= height {
                        pass += 1
                        guard pass <= 3 else { return false }
                        y = [4, 2, 1][pass - 1]
                    }
                } else {
                    y += 1
                }
            }
            if y >= height { return false }
        }
    }

    private let bytes: [UInt8]
    private var position: Int
    // GetCode's bit buffer. It starts with the two bytes before it in SDL2_image's state (the
    // high bytes of a small int: zero), which its first refill copies.
    private var buffer = [UInt8](repeating: 0, count: 280)
    private var currentBit = 0, lastBit = 0, lastByte = 2, done = false, zeroDataBlock = false
    private let setCodeSize: Int, clearCode: Int, endCode: Int
    private var codeSize: Int, maxCode: Int, maxCodeSize: Int
    private var firstCode = 0, oldCode = 0, fresh = true
    private var prefix: [Int], suffix: [Int]
    private var stack: [Int] = []

    private init(bytes: [UInt8], position: Int, codeSize inputCodeSize: Int) {
        self.bytes = bytes
        self.position = position
        let clear = 1 << inputCodeSize
        setCodeSize = inputCodeSize
        codeSize = inputCodeSize + 1
        clearCode = clear
        endCode = clearCode + 1
        maxCodeSize = 2 * clearCode
        maxCode = clearCode + 2
        prefix = [Int](repeating: 0, count: Self.tableSize)
        suffix = (0..<Self.tableSize).map { $0 < clear ? $0 : 0 }
        stack.reserveCapacity(Self.stackSize)
    }

    /// LWZReadByte: the next value (negative at the end or on bad data), or nil where SDL2_image
    /// would write past its stack.
    private mutating func nextValue() -> Int? {
        if fresh {
            fresh = false
            repeat { firstCode = code(); oldCode = firstCode } while firstCode == clearCode
            return firstCode
        }
        if let value = stack.popLast() { return value }
        while true {
            var code = self.code()
            guard code >= 0 else { return code }
            if code == clearCode {
                for i in 0..<Self.tableSize { (prefix[i], suffix[i]) = (0, i < clearCode ? i : 0) }
                codeSize = setCodeSize + 1
                maxCodeSize = 2 * clearCode
                maxCode = clearCode + 2
                stack.removeAll(keepingCapacity: true)
                firstCode = self.code()
                oldCode = firstCode
                return firstCode
            }
            if code == endCode {
                if !zeroDataBlock { while dataBlock(into: nil) > 0 {} }
                return -2
            }
            let incoming = code
            if code >= maxCode {
                guard push(firstCode) else { return nil }
                code = oldCode
            }
            while code >= clearCode {
                guard code < Self.tableSize else { return -3 }
                guard push(suffix[code]) else { return nil }
                if code == prefix[code] { return -3 }
                code = prefix[code]
            }
            guard code >= 0, code < Self.tableSize else { return -4 }
            firstCode = suffix[code]
            guard push(firstCode) else { return nil }
            if maxCode < Self.tableSize {
                (prefix[maxCode], suffix[maxCode]) = (oldCode, firstCode)
                maxCode += 1
                if maxCode >= maxCodeSize, maxCodeSize < Self.tableSize {
                    maxCodeSize *= 2
                    codeSize += 1
                }
            }
            oldCode = incoming
            if let value = stack.popLast() { return value }
        }
    }

    private mutating func push(_ value: Int) -> Bool {
        guard stack.count < Self.stackSize else { return false }
        stack.append(value)
        return true
    }

    /// GetCode: the next `codeSize` bits, refilling from the next data sub-block when they run out.
    private mutating func code() -> Int {
        if currentBit + codeSize >= lastBit {
            if done { return -1 }
            (buffer[0], buffer[1]) = (buffer[lastByte - 2], buffer[lastByte - 1])
            let count = max(0, dataBlock(into: 2))
            if count == 0 { done = true }
            lastByte = 2 + count
            currentBit = currentBit - lastBit + 16
            lastBit = (2 + count) * 8
        }
        var result = 0
        for j in 0..<codeSize {
            let bit = currentBit + j
            if buffer[bit / 8] & (1 << (bit % 8)) != 0 { result |= 1 << j }
        }
        currentBit += codeSize
        return result
    }

    /// GetDataBlock: a sub-block's length, its bytes copied to `buffer` from `offset` (or
    /// dropped), -1 when it runs past the end (what arrived is still copied, as SDL_RWread does).
    private mutating func dataBlock(into offset: Int?) -> Int {
        guard position < bytes.count else { return -1 }
        let count = Int(bytes[position])
        position += 1
        zeroDataBlock = count == 0
        let available = min(count, bytes.count - position)
        if let offset { for k in 0..<available { buffer[offset + k] = bytes[position + k] } }
        position += available
        return available == count ? count : -1
    }
}
