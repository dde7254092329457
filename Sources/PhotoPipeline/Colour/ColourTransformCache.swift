import CLCMS2
import Foundation
import PhotoStorage

/// Transforms by source, most recently used first: a folder of phone photos shares one or two
/// profiles, so each is parsed and optimised once, not once per photo. Keyed by the profile's
/// FNV-1a hash and compared byte for byte, so two profiles never share a transform.
///
/// - important: Thread-safe; a build happens under the lock, so each distinct source is built once.
final class ColourTransformCache: @unchecked Sendable {
    static let shared = ColourTransformCache(capacity: 8)

    struct Key: Hashable {
        let description: ColourDescription
        let source: ColourTransform.Source
        let hash: UInt64

        init(_ description: ColourDescription, _ source: ColourTransform.Source) {
            self.description = description
            self.source = source
            switch description {
            case .icc(let bytes): hash = FNV1a.hash64(Data(bytes))
            case .cicp(let p, let t): hash = UInt64(p) << 8 | UInt64(t)
            case .gammaPrimaries(let gamma, let primaries):
                hash = ([gamma ?? 0] + (primaries ?? [])).reduce(UInt64(0x9E37)) { $0 &* 31 &+ $1.bitPattern }
            case .sRGB: hash = 0
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash); hasher.combine(source) }
    }

    private let capacity: Int
    private let lock = NSLock()
    // nil: the source is sRGB in disguise, or unusable; either way the pixels stay as they are.
    private var entries: [(key: Key, transform: ColourTransform?)] = []
    private(set) var builds = 0

    init(capacity: Int) { self.capacity = capacity }

    /// The transform for `description` read as `source`, nil when none is needed or possible.
    func transform(for description: ColourDescription, source: ColourTransform.Source) -> ColourTransform? {
        if description == .sRGB && source == .rgba { return nil }
        let key = Key(description, source)
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.transform
        }
        builds += 1
        let made = Self.build(description, source: source)
        entries.insert((key, made), at: 0)
        if entries.count > capacity { entries.removeLast() }
        return made
    }

    private static func build(_ description: ColourDescription, source: ColourTransform.Source) -> ColourTransform? {
        let profile: cmsHPROFILE?
        switch description {
        case .sRGB: profile = cmsCreate_sRGBProfile()
        case .icc(let bytes): profile = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        case .cicp(let primaries, let transfer): profile = CICPProfile.make(primaries: primaries, transfer: transfer)
        case .gammaPrimaries(let gamma, let primaries): profile = GammaProfile.make(gamma: gamma, primaries: primaries)
        }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        if source == .rgba && SRGBEquivalence.holds(for: profile) { return nil }
        return ColourTransform(from: profile, source: source)
    }
}
