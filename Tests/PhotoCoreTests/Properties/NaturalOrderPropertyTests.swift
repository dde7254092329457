import Testing
@testable import PhotoCore
import TestImages

/// Random names (digit runs with leading zeros, letters in both cases, separators, accents
/// composed and decomposed, letters whose lowercase is another script's or two scalars, digits
/// of other scripts, emoji, names equal but for case or zeros): the keyed natural order says
/// what the comparison before it said, for every pair, and sorts in the same order.
@Suite struct NaturalOrderPropertyTests {
    static let pieces = [
        "a", "b", "z", "A", "B", "Z", "img", "IMG_", "DSC", "_", "-", ".", " ", "/", "~", "(", ")", ".jpg", ".JPG",
        "0", "00", "007", "1", "2", "9", "10", "19", "20", "99", "100", "0001", "999999999", "1000000000", "12345678901234567890",
        "é", "e\u{301}", "É", "E\u{301}", "\u{301}", "ß", "ẞ", "İ", "ı", "i", "\u{212A}", "k", "K", "\u{212B}", "Å", "å",
        "Σ", "σ", "ς", "ǅ", "Ǆ", "ﬁ", "Ω", "\u{2126}", "１", "¹", "٣", "①", "📷", "写真", "ä", "a\u{308}", "\u{0}",
    ]

    func name(_ rng: inout SplitMix64) -> String {
        (0..<rng.int(0...6)).map { _ in Self.pieces[rng.int(0...Self.pieces.count - 1)] }.joined()
    }

    /// A name that looks like `name`: another case, more or fewer leading zeros, another
    /// normal form.
    func lookalike(_ name: String, _ rng: inout SplitMix64) -> String {
        switch rng.int(0...3) {
        case 0: return name.uppercased()
        case 1: return name.lowercased()
        case 2: return name.replacingOccurrences(of: "1", with: "01")
        default: return name.replacingOccurrences(of: "é", with: "e\u{301}").replacingOccurrences(of: "00", with: "0")
        }
    }

    func names(seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        var names = (0..<rng.int(1...40)).map { _ in name(&rng) }
        for _ in 0..<rng.int(0...10) { names.append(lookalike(names[rng.int(0...names.count - 1)], &rng)) }
        return names
    }

    @Test func everyPairComparesAsBefore() {
        for seed in UInt64(1)...300 {
            let names = names(seed: seed), order = NaturalOrder(names)
            for i in names.indices {
                for j in names.indices where order.less(i, j) != ReferenceNaturalOrder.less(names[i], names[j]) {
                    Issue.record("seed \(seed): \(names[i].debugDescription) before \(names[j].debugDescription): \(order.less(i, j))")
                }
            }
        }
    }

    @Test func sortsAsBefore() {
        for seed in UInt64(1)...300 {
            let names = names(seed: seed)
            #expect(NaturalOrder.sorted(names) == names.sorted(by: ReferenceNaturalOrder.less), "seed \(seed)")
        }
    }

    /// The folders every name starts with are left out of the keys: a shared start that ends
    /// in a digit run, or in an accent, still sorts as before.
    @Test func namesInOneFolderSortAsBefore() {
        for seed in UInt64(1)...300 {
            let folder = ["/photos/20", "/photos/é/", "/p/2019/0", "/", "é/x1/"][Int(seed % 5)]
            let names = names(seed: seed).map { folder + $0 }
            #expect(NaturalOrder.sorted(names) == names.sorted(by: ReferenceNaturalOrder.less), "seed \(seed)")
        }
    }

    @Test func sortsALibraryOfPathsAsBefore() {
        var rng = SplitMix64(seed: 42)
        let paths = (0..<3000).map { _ in
            "/home/me/Pictures/\(2015 + rng.int(0...9))-\(String(format: "%02d", rng.int(1...12)))/\(["IMG_", "img_", "DSC", "PXL_"][rng.int(0...3)])\(rng.int(0...20000)).\(["jpg", "JPG", "heic"][rng.int(0...2)])"
        }
        #expect(NaturalOrder.sorted(paths) == paths.sorted(by: ReferenceNaturalOrder.less))
    }
}
