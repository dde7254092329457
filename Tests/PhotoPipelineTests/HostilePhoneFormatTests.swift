import PhotoCore
import Testing
@testable import PhotoPipeline

/// HEIC, AVIF and JPEG XL files cut short, scrambled behind their header, or claiming a gigapixel:
/// each ends as a `DecodeError` (a broken tile), never a crash, a hang or a huge allocation.
@Suite struct HostilePhoneFormatTests {
    let dir = TempDirectory()

    /// The three formats of one 256x192 photo.
    func files() -> [(name: String, bytes: [UInt8])]? {
        dir.write("p.png", PNGFixture.rgb(width: 256, height: 192) { x, y in (UInt8(x), UInt8(y), UInt8((x ^ y) & 0xFF)) })
        guard let heic = Encoders.heic(dir, "p.png"), let avif = Encoders.avif(dir, "p.png", lossless: false),
              let jxl = Encoders.jxl(dir, "p.png", distance: "1") else { return nil }
        return [("heic", heic), ("avif", avif), ("jxl", jxl)]
    }

    func error(_ bytes: [UInt8], limits: DecodeLimits = .standard, maxPixelSize: Int? = nil) -> DecodeError? {
        do { _ = try ImageDecoder.decode(data: bytes, name: "hostile", maxPixelSize: maxPixelSize, limits: limits); return nil }
        catch let e as DecodeError { return e } catch { return .corrupt(reason: "not a DecodeError: \(error)") }
    }

    @Test func aFileCutShortIsCorrupt() {
        guard let files = files() else { return }
        for (name, bytes) in files {
            for fraction in [2, 4] {
                let cut = Array(bytes[0..<(bytes.count * (fraction - 1) / fraction)])
                guard case .corrupt = error(cut) else { Issue.record("\(name) cut to \(cut.count) bytes: \(String(describing: error(cut)))"); continue }
            }
        }
    }

    @Test func garbageAfterTheHeaderIsCorrupt() {
        guard let files = files() else { return }
        for (name, bytes) in files {
            var scrambled = bytes
            var seed: UInt32 = 12345
            let keep = name == "jxl" ? 16 : (HEIFItemProperties.children(of: bytes, in: 0..<bytes.count).first { $0.type == "mdat" }?.payload.lowerBound ?? 64)
            for i in keep..<scrambled.count {
                seed = seed &* 1_103_515_245 &+ 12345
                scrambled[i] = UInt8(truncatingIfNeeded: seed >> 16)
            }
            let e = error(scrambled)
            guard case .corrupt = e else { Issue.record("\(name) scrambled after \(keep) bytes: \(String(describing: e))"); continue }
        }
    }

    @Test func aClaimOverThePixelLimitIsRefusedBeforeDecoding() {
        guard let files = files() else { return }
        let limits = DecodeLimits(maxMegapixels: 0.01)  // 256x192 is 0.049 MP
        for (name, bytes) in files {
            #expect(error(bytes, limits: limits) == .tooLarge(megapixels: 0.049152, limit: 0.01), "\(name)")
        }
    }

    @Test func aHEICWhoseHeaderClaimsAGigapixelIsRefused() {
        guard let heic = files()?.first?.bytes else { return }
        // Rewrite the primary image's ispe (spatial extents) to 40000 x 25000.
        guard let ispe = (0..<heic.count - 8).first(where: { Array(heic[$0..<$0 + 4]) == Array("ispe".utf8) }) else {
            Issue.record("no ispe box"); return
        }
        var liar = heic
        for (offset, value) in [(ispe + 8, 40_000), (ispe + 12, 25_000)] {
            for k in 0..<4 { liar[offset + k] = UInt8(value >> (24 - 8 * k) & 0xFF) }
        }
        #expect(error(liar) == .tooLarge(megapixels: 1000, limit: 400))
    }

    @Test func aJPEGXLWhoseHeaderClaimsAGigapixelIsRefused() throws {
        // A lossless codestream painted at 40000 x 25000 would take minutes to encode; a header
        // claiming it is built by cjxl on a one-row image and then checked against a lower limit.
        dir.write("row.png", PNGFixture.rgb(width: 4000, height: 1) { _, _ in (1, 2, 3) })
        guard let jxl = Encoders.jxl(dir, "row.png") else { return }
        #expect(error(jxl, limits: DecodeLimits(maxMegapixels: 0.001)) == .tooLarge(megapixels: 0.004, limit: 0.001))
        #expect(ImageDecoder.probe(data: Array(jxl.prefix(64))) == PixelSize(width: 4000, height: 1))
    }
}
