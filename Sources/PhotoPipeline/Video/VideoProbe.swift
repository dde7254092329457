import CVideo
import Foundation
import PhotoCore

/// What a video file's container says before a frame is decoded (libavformat, opened on first
/// use): its length, its picture's size as shown (rotation applied) and when it was recorded.
public struct VideoProbe: Equatable, Sendable {
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    /// The picture as shown: a portrait phone clip, stored 1920x1080 with rotation 90, is 1080x1920.
    public var size: PixelSize
    /// Degrees clockwise the stored picture is turned to be shown (0, 90, 180, 270).
    public var rotation: Int
    /// The container's `creation_time`, UTC.
    public var created: Date?
    /// Apple's `com.apple.quicktime.creationdate`, the phone's wall clock with its offset
    /// ("2021-06-05T16:30:00+0200"), where an iPhone wrote one.
    public var recordedWithZone: String?

    /// nil when the file is not a video libavformat can open, or has no video stream.
    public static func read(path: String) -> VideoProbe? {
        VideoLibraries.quiet()
        var context: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&context, path, nil, nil) == 0, context != nil else { return nil }
        defer { avformat_close_input(&context) }
        guard let format = context else { return nil }
        // MP4 and Matroska give everything in their header; a stream without (an MPEG-TS, say) is
        // read a little to find out.
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)], let codec = stream.pointee.codecpar else { return nil }
        if codec.pointee.width <= 0 || format.pointee.duration <= 0 { _ = avformat_find_stream_info(format, nil) }
        let stored = PixelSize(width: Int(codec.pointee.width), height: Int(codec.pointee.height))
        guard stored.width > 0, stored.height > 0 else { return nil }
        let rotation = Self.rotation(of: stream)
        let duration = format.pointee.duration > 0 ? Double(format.pointee.duration) / Double(AV_TIME_BASE) : nil
        var created: Date?
        if let entry = av_dict_get(format.pointee.metadata, "creation_time", nil, 0), let value = entry.pointee.value {
            created = Self.date(String(cString: value))
        }
        var zoned: String?
        if let entry = av_dict_get(format.pointee.metadata, "com.apple.quicktime.creationdate", nil, 0), let value = entry.pointee.value {
            zoned = String(cString: value)
        }
        let size = rotation % 180 == 0 ? stored : PixelSize(width: stored.height, height: stored.width)
        return VideoProbe(duration: duration, size: size, rotation: rotation, created: created, recordedWithZone: zoned)
    }

    /// The display matrix's turn, as degrees clockwise; 0 without one.
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        guard let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
        let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard degrees.isFinite else { return 0 }
        // av_display_rotation_get is counter-clockwise.
        let clockwise = (-Int(degrees.rounded())) % 360
        return ((clockwise + 360) % 360 + 45) / 90 * 90 % 360
    }

    /// "2024-07-14T18:05:31.000000Z", as muxers write it.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// The libraries' own messages stay out of the terminal: a file that fails says one line of ours.
enum VideoLibraries {
    static func quiet() { quieted }
    private static let quieted: Void = { av_log_set_level(AV_LOG_QUIET) }()
}
