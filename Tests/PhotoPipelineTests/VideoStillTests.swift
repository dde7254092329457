import Foundation
import PhotoCore
import PhotoPipeline
import TestImages
import Testing

/// A clip's first frame as its photo (docs/behaviour.md §19): each codec and container, a portrait
/// clip stood upright, and files that are not playable videos as one clear error.
@Suite struct VideoStillTests {
    let dir = TempDirectory()

    /// The colour at a point of `image` by name, near enough (lossy codecs, limited range).
    private func colours(_ image: DecodedImage) -> (Int, Int) -> String {
        { x, y in
            let p = image.rgba(x: min(x, image.width - 1), y: min(y, image.height - 1))
            let named: [(String, (Int, Int, Int))] = VideoClips.sequence.map { ($0.name, $0.rgb) } + [("white", (255, 255, 255))]
            let near = named.first { abs(Int(p.r) - $0.1.0) < 40 && abs(Int(p.g) - $0.1.1) < 40 && abs(Int(p.b) - $0.1.2) < 40 }
            return near?.0 ?? "rgb(\(p.r), \(p.g), \(p.b))"
        }
    }

    @Test(arguments: [("libx264", "mp4"), ("libx265", "mov"), ("libvpx-vp9", "webm"), ("libaom-av1", "mkv"), ("libx264", "mkv")])
    func firstFrameOfEachCodecAndContainer(codec: String, container: String) throws {
        let path = dir.path + "/clip-\(codec).\(container)"
        try VideoClips.colours(path, codec: codec)
        #expect(ImageDecoder.isVideo(path: path))
        let (image, size) = try ImageDecoder.decodeWithSize(path: path, maxPixelSize: nil)
        #expect(size == PixelSize(width: 320, height: 240))
        #expect(image.width == 320 && image.height == 240)
        // The first second is red under a white top quarter.
        let colour = colours(image)
        #expect(colour(160, 180) == "red")
        #expect(colour(160, 20) == "white")
        let probe = try #require(VideoProbe.read(path: path))
        #expect(abs((probe.duration ?? 0) - 3) < 0.2)
    }

    @Test func shrunkToTheSizeAsked() throws {
        let path = dir.path + "/big.mp4"
        try VideoClips.colours(path, width: 640, height: 360, seconds: 1)
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 160)
        #expect(image.width == 160 && image.height == 90)
    }

    @Test func portraitClipStandsUpright() throws {
        // Stored landscape with its white band on top. ffmpeg 5.1's `rotate=90` writes a display
        // matrix that turns it 90° counter-clockwise (270° clockwise), as ffmpeg and mpv show it:
        // the band on the left.
        let path = dir.path + "/portrait.mp4"
        try VideoClips.colours(path, width: 320, height: 240, rotation: 90, seconds: 1)
        let probe = try #require(VideoProbe.read(path: path))
        #expect(probe.rotation == 270)
        #expect(probe.size == PixelSize(width: 240, height: 320))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 240 && image.height == 320)
        let colour = colours(image)
        #expect(colour(20, 160) == "white")
        #expect(colour(230, 160) == "red")
    }

    @Test func recordingDateFromTheContainer() throws {
        let path = dir.path + "/dated.mov"
        try VideoClips.colours(path, seconds: 1, extra: ["-metadata", "creation_time=2021-06-05T14:30:00.000000Z"])
        let probe = try #require(VideoProbe.read(path: path))
        #expect(probe.created == Date(timeIntervalSince1970: 1_622_903_400))
    }

    @Test func anIPhoneClipIsDatedByItsWallClockAndOffset() throws {
        let path = dir.path + "/IMG_0001.MOV"
        try VideoClips.colours(path, seconds: 1, extra: [
            "-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.creationdate=2021-06-05T16:30:00+0200",
            "-metadata", "creation_time=2021-06-05T14:30:00.000000Z",
        ])
        let facts = try CaptureFacts.read(path: path)
        #expect(facts.taken == "2021-06-05 16:30:00")
        #expect(facts.offsetMinutes == 120)
        // {date} in a caption says the same time as the index sorts by.
        #expect(ImageFacts.read(path: path)?.taken == ImageFacts.TakenAt(year: 2021, month: 6, day: 5, hour: 16, minute: 30, second: 0))
    }

    @Test(arguments: [false, true])
    func aMotionPhotosClipIsFoundByItsXMP(containerDirectory: Bool) throws {
        let clipPath = dir.path + "/motion.mp4"
        try VideoClips.colours(clipPath, seconds: 1)
        let clip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clipPath)))
        let jpeg = JPEGFixture.solid(width: 64, height: 48, (90, 90, 90))
        let whole = VideoClips.motionPhoto(jpeg: jpeg, clip: clip, containerDirectory: containerDirectory)
        let path = dir.write("PXL_0001.MP.jpg", whole)
        let clipBytes = (whole.count - clip.count)..<whole.count
        #expect(MotionPhoto.videoRange(path: path) == clipBytes)
        #expect(ImageFacts.read(path: path)?.motionVideo == clipBytes)
        // The still is the JPEG's picture; what follows it is not read as pixels.
        let still = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(still.width == 64 && still.rgba(x: 32, y: 24).r == 90)
    }

    @Test func aJPEGWhoseXMPPointsAtNoClipHasNoMotion() throws {
        let jpeg = JPEGFixture.solid(width: 64, height: 48, (90, 90, 90))
        #expect(MotionPhoto.videoRange(path: dir.write("plain.jpg", jpeg)) == nil)
        // The XMP claims 5000 bytes of clip at the end, but they are not an MP4.
        let lying = VideoClips.motionPhoto(jpeg: jpeg, clip: [UInt8](repeating: 7, count: 5000))
        #expect(MotionPhoto.videoRange(path: dir.write("lying.jpg", lying)) == nil)
    }

    @Test func truncatedClipIsABrokenVideo() throws {
        let whole = dir.path + "/whole.mp4"
        try VideoClips.colours(whole)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        // ffmpeg writes the index (moov) last: the first half has frames and no index.
        let cut = dir.write("cut.mp4", Array(bytes.prefix(bytes.count / 2)))
        #expect(ImageDecoder.isVideo(path: cut))
        #expect(throws: DecodeError.self) { try ImageDecoder.decode(path: cut, maxPixelSize: 200) }
        do { _ = try ImageDecoder.decode(path: cut, maxPixelSize: 200) } catch let error as DecodeError {
            guard case .brokenVideo = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("the video cannot be played: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func textNamedMP4IsNotAnImage() throws {
        let path = dir.write("notes.mp4", Array("these are not the frames you are looking for\n".utf8))
        #expect(!ImageDecoder.isVideo(path: path))
        #expect(throws: DecodeError.notAnImage) { try ImageDecoder.decode(path: path, maxPixelSize: 200) }
    }

    @Test func hdrClipDecodes() throws {
        // 10-bit HEVC tagged BT.2020 HLG, as a recent phone records.
        let path = dir.path + "/hlg.mov"
        try VideoClips.colours(path, codec: "libx265", seconds: 1, extra: [
            "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
        ])
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 320)
        // Red stays red (a washed-out or green-tinted still would fail this).
        let p = image.rgba(x: 160, y: 180)
        #expect(p.r > 150 && p.g < 90 && p.b < 90)
    }
}
