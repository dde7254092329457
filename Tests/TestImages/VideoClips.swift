import Foundation

/// Video clips made by Debian's ffmpeg for the tests (scripts/deps installs it): a second each of
/// solid colours, so a frame at a known time has a known colour whatever the codec's losses.
public enum VideoClips {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The colours of `colours(_:)`'s seconds, in order, as ffmpeg names them and as RGB.
    public static let sequence: [(name: String, rgb: (Int, Int, Int))] = [("red", (255, 0, 0)), ("lime", (0, 255, 0)), ("blue", (0, 0, 255))]

    /// A clip at `path`: one second of each colour of `sequence` at 30 frames a second,
    /// `width`x`height`, through `codec` (ffmpeg's encoder name) in the container `path`'s
    /// extension names. `rotation` goes into the container as ffmpeg's `rotate` tag (which
    /// ffmpeg 5.1 writes as a display matrix turning the picture that many degrees counter-clockwise); `extra` are more output options (a pixel format, colour tags).
    public static func colours(_ path: String, codec: String = "libx264", width: Int = 320, height: Int = 240, rotation: Int? = nil,
                               seconds: Int = 3, extra: [String] = []) throws {
        var arguments = ["-hide_banner", "-loglevel", "error", "-y"]
        for i in 0..<seconds {
            arguments += ["-f", "lavfi", "-i", "color=c=\(sequence[i % sequence.count].name):s=\(width)x\(height):r=30:d=1"]
        }
        // The top quarter white: which way up a frame is shown can be seen.
        let inputs = (0..<seconds).map { "[\($0):v]" }.joined()
        arguments += ["-filter_complex", "\(inputs)concat=n=\(seconds):v=1:a=0,drawbox=x=0:y=0:w=iw:h=ih/4:color=white:t=fill,format=yuv420p[v]", "-map", "[v]"]
        arguments += ["-c:v", codec, "-g", "10"] + codecOptions(codec) + extra
        guard let rotation else { return try run(arguments + [path]) }
        // ffmpeg 5.1 writes the rotation's display matrix only when it copies the stream.
        let unturned = path + ".unturned." + (path as NSString).pathExtension
        try run(arguments + [unturned])
        defer { try? FileManager.default.removeItem(atPath: unturned) }
        try run(["-hide_banner", "-loglevel", "error", "-y", "-i", unturned, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotation)", path])
    }

    /// Speed settings, so each clip takes well under a second to make.
    private static func codecOptions(_ codec: String) -> [String] {
        switch codec {
        case "libx264", "libx265": ["-preset", "ultrafast"]
        case "libvpx-vp9": ["-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"]
        case "libaom-av1": ["-cpu-used", "8", "-usage", "realtime", "-b:v", "200k"]
        default: []
        }
    }

    /// Runs ffmpeg with `arguments`; throws with what it said when it fails.
    public static func run(_ arguments: [String]) throws {
        let tool = "/usr/bin/ffmpeg"
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw Failure(description: "ffmpeg is missing: scripts/deps installs it") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let said = log.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
        }
    }
}

extension VideoClips {
    /// A Motion Photo as a Pixel camera writes one: `jpeg` with an XMP block naming the clip's
    /// length (`GCamera:MicroVideoOffset`, or the Camera XMP `Container:Directory` with
    /// `containerDirectory`), then the MP4 `clip` appended after the picture.
    public static func motionPhoto(jpeg: [UInt8], clip: [UInt8], containerDirectory: Bool = false) -> [UInt8] {
        let xmp = containerDirectory ? """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/">\
            <Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(clip.count)"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """ : """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" \
            GCamera:MicroVideoOffset="\(clip.count)" GCamera:MicroVideoPresentationTimestampUs="0"/></rdf:RDF></x:xmpmeta>
            """
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(xmp.utf8)
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2)) + clip
    }
}
