import CPNG
import Foundation
import PhotoCore
import Testing
@testable import PhotoPipeline

/// Every file of PngSuite (Willem van Schaik's conformance suite, in the workspace's shared corpora
/// beside the repository) decoded within 1/255 (mean) of libpng's own simplified API, gamma
/// correction included, and every deliberately broken file (`x*`) a broken tile with a reason:
/// libpng's, or "not an image" for the three whose first four bytes are not PNG's.
@Suite struct PngSuiteConformanceTests {
    static let folder: String? = {
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpora/pngsuite").standardized.path
        let candidates: [String] = [ProcessInfo.processInfo.environment["SDLPHOTO_PNGSUITE"], beside].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/basn0g01.png") }
    }()

    static var files: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func theCorpusIsThere() {
        // Off CI a checkout alone may lack the corpus; CI always has it, and must not pass without it.
        if ProcessInfo.processInfo.environment["CI"] == "true" || Self.folder != nil {
            #expect(Self.files.count > 150, "PngSuite not found beside the repository (or in SDLPHOTO_PNGSUITE)")
        } else {
            print("PngSuite is not beside this checkout (../shared/corpora/pngsuite, or SDLPHOTO_PNGSUITE): its files were not checked")
        }
    }

    @Test(arguments: files.filter { !$0.hasPrefix("x") })
    func aValidFileLooksAsLibpngShowsIt(_ name: String) throws {
        let path = Self.folder! + "/" + name
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let shown = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        let reference = try Self.libpngReference(bytes)
        #expect(shown.width == reference.width && shown.height == reference.height)
        let difference = Self.meanDifference(shown, reference)
        #expect(difference <= 1, "\(name): mean difference \(difference)/255 from libpng's decode")
    }

    @Test(arguments: files.filter { $0.hasPrefix("x") })
    func aBrokenFileIsABrokenTileWithAReason(_ name: String) {
        do {
            _ = try ImageDecoder.decode(path: Self.folder! + "/" + name, maxPixelSize: nil)
            Issue.record("\(name) decoded, but PngSuite made it broken")
        } catch let error as DecodeError {
            switch error {
            case .corrupt(let reason): #expect(!reason.isEmpty)
            case .notAnImage: break  // a damaged signature: not a PNG at all
            default: Issue.record("\(name): \(error)")
            }
        } catch { Issue.record("\(name): \(error)") }
    }

    /// A PNG sent as text (its signature's line endings converted) is libpng's to judge, so its
    /// reason is libpng's words in the file's one line, not a libpng line SDL_image lets through.
    @Test(arguments: ["xcrn0g04.png", "xlfn0g04.png"])
    func aPNGSentAsTextSaysSo(_ name: String) throws {
        let folder = try #require(Self.folder, "PngSuite is at ../shared/corpora/pngsuite")
        #expect {
            _ = try ImageDecoder.decode(path: folder + "/" + name, maxPixelSize: nil)
        } throws: { error in
            guard case DecodeError.corrupt(let reason) = error else { return false }
            return reason.localizedCaseInsensitiveContains("ASCII conversion")
        }
    }

    /// libpng's simplified API decodes to linear light by the file's `gAMA`, or for a file without
    /// one (or with sRGB's 1/2.2) by a 2.2 power, which is undone here to give its samples back;
    /// other light is encoded with sRGB's curve, as for an sRGB display. (Its own 8-bit output
    /// differs from its decode of the same picture uninterlaced by 6/255 for interlaced 16-bit files.)
    static func libpngReference(_ bytes: [UInt8]) throws -> DecodedImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard bytes.withUnsafeBytes({ png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }) != 0 else {
            throw DecodeError.corrupt(reason: "libpng refused it")
        }
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR)
        let width = Int(png.width), height = Int(png.height)
        var linear = [UInt16](repeating: 0, count: width * height * 4)
        guard linear.withUnsafeMutableBytes({ png_image_finish_read(&png, nil, $0.baseAddress, 0, nil) }) != 0 else {
            throw DecodeError.corrupt(reason: "libpng could not decode it")
        }
        let gamma = fileGamma(bytes)
        let asSRGB = gamma == nil || abs(gamma! - 1 / 2.2) < 0.0045
        var pixels = [UInt8](repeating: 0, count: linear.count)
        for i in stride(from: 0, to: linear.count, by: 4) {
            let alpha = Double(linear[i + 3]) / 65535  // colours come premultiplied
            for c in 0..<3 where alpha > 0 {
                let light = min(1, Double(linear[i + c]) / 65535 / alpha)
                let encoded = asSRGB ? pow(light, 1 / 2.2)
                    : light <= 0.0031308 ? 12.92 * light : 1.055 * pow(light, 1 / 2.4) - 0.055
                pixels[i + c] = UInt8((encoded * 255).rounded())
            }
            pixels[i + 3] = UInt8((alpha * 255).rounded())
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// The `gAMA` chunk's value, read the plain way: its type, then four bytes big-endian.
    static func fileGamma(_ bytes: [UInt8]) -> Double? {
        let type = Array("gAMA".utf8)
        guard let at = (8..<max(8, bytes.count - 8)).first(where: { Array(bytes[$0..<$0 + 4]) == type }) else { return nil }
        return Double(bytes[at + 4..<at + 8].reduce(0) { $0 << 8 | Int($1) }) / 100_000
    }

    /// Mean absolute difference per channel, both composited over the same mid grey.
    static func meanDifference(_ a: DecodedImage, _ b: DecodedImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { total += abs(over(a.pixels, i, c) - over(b.pixels, i, c)) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    private static func over(_ p: [UInt8], _ i: Int, _ c: Int) -> Int {
        (Int(p[i + c]) * Int(p[i + 3]) + 128 * (255 - Int(p[i + 3])) + 127) / 255
    }
}
