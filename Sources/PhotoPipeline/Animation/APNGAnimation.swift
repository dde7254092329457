import PhotoCore

/// An animated PNG decoded one frame at a time: each frame rebuilt as a PNG (`APNGStructure`),
/// decoded by libpng, and put on the canvas by its blend (replace or over) after the previous
/// frame's disposal, as the APNG specification says.
final class APNGAnimation: AnimationFrames {
    let timeline: AnimationTimeline
    let canvasSize: PixelSize
    private let bytes: [UInt8]
    private let structure: APNGStructure
    private let colour: ColourDescription
    private var canvas: [UInt8]
    private var saved: [UInt8]?
    private var nextIndex = 0

    init(_ data: [UInt8], structure: APNGStructure, limits: DecodeLimits) throws {
        try limits.check(structure.canvas)
        let size = structure.canvas
        guard size.width > 0, size.height > 0 else { throw DecodeError.corrupt(reason: "its canvas is 0 pixels wide or high") }
        for f in structure.frames where f.width <= 0 || f.height <= 0 || f.x < 0 || f.y < 0 || f.x + f.width > size.width || f.y + f.height > size.height {
            throw DecodeError.corrupt(reason: "a frame of \(f.width)x\(f.height) at \(f.x),\(f.y) outside its \(size.width)x\(size.height) canvas")
        }
        timeline = structure.timeline
        canvasSize = size
        bytes = data
        self.structure = structure
        colour = .embedded(EmbeddedProfiles.png(data))
        canvas = [UInt8](repeating: 0, count: size.width * size.height * 4)
    }

    func nextFrame() throws -> DecodedImage {
        if nextIndex >= structure.frames.count {
            for i in canvas.indices { canvas[i] = 0 }
            nextIndex = 0
        }
        if nextIndex > 0 { dispose(structure.frames[nextIndex - 1], first: nextIndex == 1) }
        let frame = structure.frames[nextIndex]
        saved = frame.dispose == 2 && nextIndex > 0 ? canvas : nil
        let pixels = try PNGCodec.decode(structure.png(of: nextIndex, in: bytes), maxPixels: frame.width * frame.height)
        guard pixels.width == frame.width, pixels.height == frame.height else { throw DecodeError.corrupt(reason: "frame \(nextIndex + 1) is not the size its fcTL says") }
        draw(pixels, at: frame)
        nextIndex += 1
        return SRGBConversion.convert(DecodedImage(width: canvasSize.width, height: canvasSize.height, pixels: canvas), from: colour)
    }

    private func dispose(_ frame: APNGStructure.Frame, first: Bool) {
        // The first frame's "previous" has nothing to go back to: it clears, as the specification says.
        if frame.dispose == 1 || (frame.dispose == 2 && first) {
            for y in frame.y..<(frame.y + frame.height) {
                let start = (y * canvasSize.width + frame.x) * 4
                for i in start..<(start + frame.width * 4) { canvas[i] = 0 }
            }
        } else if frame.dispose == 2, let saved {
            canvas = saved
        }
    }

    private func draw(_ image: DecodedImage, at frame: APNGStructure.Frame) {
        let w = canvasSize.width
        image.pixels.withUnsafeBufferPointer { src in
            canvas.withUnsafeMutableBufferPointer { dst in
                for y in 0..<frame.height {
                    for x in 0..<frame.width {
                        let s = (y * frame.width + x) * 4, d = ((frame.y + y) * w + frame.x + x) * 4
                        let sa = Int(src[s + 3])
                        if frame.blend == 0 || sa == 255 || dst[d + 3] == 0 {
                            if frame.blend == 1 && sa == 0 { continue }
                            for c in 0..<4 { dst[d + c] = src[s + c] }
                            continue
                        }
                        guard sa > 0 else { continue }
                        // Straight alpha over straight alpha.
                        let da = Int(dst[d + 3]) * (255 - sa) / 255, oa = sa + da
                        for c in 0..<3 { dst[d + c] = UInt8((Int(src[s + c]) * sa + Int(dst[d + c]) * da) / oa) }
                        dst[d + 3] = UInt8(oa)
                    }
                }
            }
        }
    }
}
