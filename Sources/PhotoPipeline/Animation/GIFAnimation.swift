import CGif
import PhotoCore

/// An animated GIF decoded one frame at a time by giflib onto a canvas of the file's screen size,
/// each frame put over what the previous one left (its disposal: keep, clear to transparent, or
/// back to what was there before), as browsers show it. Holds the file's bytes, the canvas and,
/// for a frame that restores, one copy of it.
final class GIFAnimation: AnimationFrames {
    let timeline: AnimationTimeline
    let canvasSize: PixelSize
    private let bytes: [UInt8]
    private var reader: GIFReader?
    private var canvas: [UInt8]
    private var saved: [UInt8]?
    /// What the frame drawn last asks to be done before the next is drawn.
    private var pendingDisposal: (mode: Int32, rect: (x: Int, y: Int, w: Int, h: Int))?
    private var nextIndex = 0

    init(_ data: [UInt8], structure: GIFStructure, limits: DecodeLimits) throws {
        try limits.check(structure.canvas)
        guard structure.canvas.width > 0, structure.canvas.height > 0 else { throw DecodeError.corrupt(reason: "its screen is 0 pixels wide or high") }
        timeline = structure.timeline
        canvasSize = structure.canvas
        bytes = data
        canvas = [UInt8](repeating: 0, count: structure.canvas.width * structure.canvas.height * 4)
    }

    func nextFrame() throws -> DecodedImage {
        if nextIndex >= timeline.frameCount || reader == nil { try rewind() }
        guard let reader else { throw DecodeError.corrupt(reason: "giflib cannot open it") }
        try draw(reader.nextImage(within: canvasSize))
        nextIndex += 1
        return DecodedImage(width: canvasSize.width, height: canvasSize.height, pixels: canvas)
    }

    private func rewind() throws {
        reader = try GIFReader(bytes)
        for i in canvas.indices { canvas[i] = 0 }
        saved = nil
        pendingDisposal = nil
        nextIndex = 0
    }

    private func draw(_ frame: GIFReader.Image) throws {
        let w = canvasSize.width
        if let (mode, r) = pendingDisposal {
            if mode == DISPOSE_BACKGROUND {
                clear(r)
            } else if mode == DISPOSE_PREVIOUS, let saved {
                canvas = saved
            }
        }
        saved = frame.disposal == DISPOSE_PREVIOUS ? canvas : nil
        let x0 = max(0, frame.x), y0 = max(0, frame.y)
        let x1 = min(w, frame.x + frame.width), y1 = min(canvasSize.height, frame.y + frame.height)
        frame.colours.withUnsafeBufferPointer { palette in
            frame.indices.withUnsafeBufferPointer { src in
                canvas.withUnsafeMutableBufferPointer { dst in
                    // A frame may lie wholly off the screen: it draws nothing.
                    guard x0 < x1, y0 < y1 else { return }
                    for y in y0..<y1 {
                        let row = (y - frame.y) * frame.width - frame.x
                        for x in x0..<x1 {
                            let index = Int(src[row + x])
                            guard index != frame.transparent, index * 3 + 2 < palette.count else { continue }
                            let d = (y * w + x) * 4
                            dst[d] = palette[index * 3]
                            dst[d + 1] = palette[index * 3 + 1]
                            dst[d + 2] = palette[index * 3 + 2]
                            dst[d + 3] = 255
                        }
                    }
                }
            }
        }
        pendingDisposal = (frame.disposal, (frame.x, frame.y, frame.width, frame.height))
    }

    private func clear(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        let x0 = max(0, r.x), y0 = max(0, r.y)
        let x1 = min(canvasSize.width, r.x + r.w), y1 = min(canvasSize.height, r.y + r.h)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let start = (y * canvasSize.width + x0) * 4
            for i in start..<(start + (x1 - x0) * 4) { canvas[i] = 0 }
        }
    }
}

/// giflib's record-by-record reading over bytes in memory.
private final class GIFReader {
    struct Image {
        /// The part of the frame on the screen: a frame may claim 65535x65535 on a 1x1 screen.
        let x: Int, y: Int, width: Int, height: Int
        /// One palette index per pixel of that part, rows top to bottom (interlacing undone).
        let indices: [UInt8]
        /// RGB triples of the frame's palette (its own, else the file's).
        let colours: [UInt8]
        let transparent: Int
        let disposal: Int32
    }

    private var file: UnsafeMutablePointer<GifFileType>?
    private let data: UnsafeMutableBufferPointer<UInt8>
    fileprivate var offset = 0

    init(_ bytes: [UInt8]) throws {
        data = .allocate(capacity: max(1, bytes.count))
        _ = data.initialize(from: bytes)
        var error: Int32 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        file = DGifOpen(context, { gif, buffer, count in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            let reader = Unmanaged<GIFReader>.fromOpaque(user).takeUnretainedValue()
            let n = max(0, min(Int(count), reader.data.count - reader.offset))
            if n > 0 { buffer.update(from: reader.data.baseAddress! + reader.offset, count: n) }
            reader.offset += n
            return Int32(n)
        }, &error)
        guard file != nil else {
            data.deallocate()
            throw DecodeError.corrupt(reason: "giflib cannot read it (\(Self.message(error)))")
        }
    }

    deinit {
        var error: Int32 = 0
        if let file { DGifCloseFile(file, &error) }
        data.deallocate()
    }

    /// The next image of the file with the control block before it, the part on a screen of `screen`.
    func nextImage(within screen: PixelSize) throws -> Image {
        guard let gif = file else { throw DecodeError.corrupt(reason: "giflib cannot read it") }
        var disposal = Int32(DISPOSAL_UNSPECIFIED), transparent = -1
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { throw failure(gif) }
            switch type {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { throw failure(gif) }
                if code == GRAPHICS_EXT_FUNC_CODE, let ext, ext[0] >= 4 {
                    var gcb = GraphicsControlBlock()
                    if DGifExtensionToGCB(4, ext + 1, &gcb) == GIF_OK {
                        disposal = gcb.DisposalMode
                        transparent = Int(gcb.TransparentColor)
                    }
                }
                while ext != nil {
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { throw failure(gif) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif) }
                let desc = gif.pointee.Image
                let w = Int(desc.Width), h = Int(desc.Height), left = Int(desc.Left), top = Int(desc.Top)
                guard w > 0, h > 0 else { throw DecodeError.corrupt(reason: "a frame of \(w)x\(h)") }
                // Each row is read into one row buffer; only what lies on the screen is kept.
                let x0 = min(left, screen.width), x1 = min(left + w, screen.width)
                let y0 = min(top, screen.height), y1 = min(top + h, screen.height)
                let visibleWidth = x1 - x0
                var indices = [UInt8](repeating: 0, count: visibleWidth * (y1 - y0))
                var row = [UInt8](repeating: 0, count: w)
                for y in Self.rowOrder(height: h, interlaced: desc.Interlace) {
                    guard row.withUnsafeMutableBufferPointer({ DGifGetLine(gif, $0.baseAddress!, Int32(w)) }) == GIF_OK else { throw failure(gif) }
                    let screenY = top + y
                    guard screenY < y1, visibleWidth > 0 else { continue }
                    let start = (screenY - y0) * visibleWidth
                    indices.replaceSubrange(start..<start + visibleWidth, with: row[0..<visibleWidth])
                }
                let map = desc.ColorMap ?? gif.pointee.SColorMap
                var colours: [UInt8] = []
                if let map, let entries = map.pointee.Colors {
                    for i in 0..<Int(map.pointee.ColorCount) { colours += [entries[i].Red, entries[i].Green, entries[i].Blue] }
                }
                // giflib keeps a record of every image read (and a copy of its palette) until the
                // file is closed: let it go, so memory does not grow with the frames.
                GifFreeSavedImages(gif)
                gif.pointee.ImageCount = 0
                return Image(x: x0, y: y0, width: visibleWidth, height: y1 - y0, indices: indices, colours: colours,
                             transparent: transparent, disposal: disposal)
            case TERMINATE_RECORD_TYPE:
                throw DecodeError.corrupt(reason: "it ends before its last frame")
            default:
                throw DecodeError.corrupt(reason: "an unknown block")
            }
        }
    }

    private func failure(_ gif: UnsafeMutablePointer<GifFileType>) -> DecodeError {
        .corrupt(reason: Self.message(gif.pointee.Error))
    }

    /// giflib's words for an error code; it has none (NULL) for a failure that set no code.
    static func message(_ code: Int32) -> String {
        let text: UnsafePointer<CChar>? = GifErrorString(code)
        return text.map { String(cString: $0) } ?? "giflib gave up (error \(code))"
    }

    /// Interlaced GIFs store every 8th row from 0, then from 4, every 4th from 2, every 2nd from 1.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }
}
