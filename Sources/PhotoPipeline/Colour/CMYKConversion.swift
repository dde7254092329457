/// CMYK with no profile to say what its inks are: the textbook formula, R = (1 - C)(1 - K), as
/// browsers do. Inverted samples (Adobe's, 255 = no ink) are already 1 - C.
enum CMYKConversion {
    static func naiveRGBA(_ cmyk: [UInt8], inverted: Bool) -> [UInt8] {
        var out = cmyk
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt32(inverted ? p[i + 3] : 255 - p[i + 3])
                for c in i..<i + 3 {
                    let keep = UInt32(inverted ? p[c] : 255 - p[c])
                    p[c] = UInt8((keep * k + 127) / 255)
                }
                p[i + 3] = 255
                i += 4
            }
        }
        return out
    }
}
