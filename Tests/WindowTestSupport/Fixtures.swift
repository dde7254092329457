import Foundation
import PhotoCore
import PhotoPipeline

/// Test photos made of flat colour blocks, so where each lands on screen is easy to check.
public enum Fixtures {
    public typealias RGB = (UInt8, UInt8, UInt8)

    public static func folder(_ name: String = #function) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdlphoto-render-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A PNG split into two halves: left/right when wider than tall, else top/bottom.
    public static func twoTone(_ url: URL, width: Int, height: Int, first: RGB, second: RGB) throws {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let isFirst = width >= height ? x < width / 2 : y < height / 2
                let c = isFirst ? first : second
                let i = (y * width + x) * 4
                pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2
            }
        }
        try PNGCodec.write(DecodedImage(width: width, height: height, pixels: pixels), toFile: url.path)
    }
}
