import Foundation
import Glibc
import PhotoCore

/// The `--events` milestones of docs/automation.md §5: one line each, flushed at once, stamped with
/// CLOCK_MONOTONIC seconds so outside tools can line them up. A replay's `wait` lines read them
/// back, so the log is kept (without a file if none was asked for) while a replay waits.
final class EventLog {
    private let handle: FileHandle?
    /// Every line written so far and each of its beginnings (the name, the name and its first
    /// argument...), without the time: what a `wait` may name.
    private var logged: Set<String> = []
    private var shown: Set<String> = []
    private var thumbsDone = false
    private var fans: Set<Int> = []
    /// The bytes of each photo's picture so far last said to be shown.
    private var scans: [Int: Int] = [:]
    private var lastDetail: (index: Int, region: Rect)?
    private var fanInFrame: Int?

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let h = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = h
    }

    /// Kept in memory only.
    init() { handle = nil }

    /// `atMs`: when it happened (CLOCK_MONOTONIC milliseconds), where that was not now.
    private func write(_ text: String, atMs: Double? = nil) {
        let fields = text.split(separator: " ")
        for end in fields.indices { logged.insert(fields[...end].joined(separator: " ")) }
        let line = String(format: "%.6f ", (atMs ?? MonotonicClock.nowMs()) / 1000) + text + "\n"
        handle?.write(Data(line.utf8))
    }

    /// A line with this name and these first arguments has been written.
    func hasLogged(_ event: [String]) -> Bool { logged.contains(event.joined(separator: " ")) }

    func firstFrame() { write("first_frame") }

    /// The photo a run opens on was put into the window before its first GL frame.
    func earlyPicture(_ index: Int, atMs: Double) { write("early_picture \(index)", atMs: atMs) }

    /// The grid's first screen, cells `first ..< end`, went into the window before GL drew.
    func earlyGrid(_ cells: Range<Int>, atMs: Double) { write("early_grid \(cells.lowerBound) \(cells.upperBound)", atMs: atMs) }

    /// Once per photo: its high-quality image is on screen.
    func imageShown(_ index: Int, source: String) {
        guard shown.insert(source).inserted else { return }
        write("image_shown \(index) \(source)")
    }

    /// Once per picture: a progressive JPEG's picture so far, drawn from its first `bytes`, is on
    /// screen before its last byte.
    func scanShown(_ index: Int, bytes: Int) {
        guard scans.updateValue(bytes, forKey: index) != bytes else { return }
        write("scan_shown \(index) \(bytes)")
    }

    /// A zoomed page's detail is drawn over it (docs/behaviour.md §7), once per region.
    func detailShown(_ index: Int, region: Rect) {
        // Asked every frame: nothing is formatted for a detail already said.
        guard lastDetail.map({ $0.index != index || $0.region != region }) ?? true else { return }
        lastDetail = (index, region)
        write("detail_shown " + String(format: "%d %.3f %.3f %.3f %.3f", index, region.minX, region.minY, region.width, region.height))
    }

    /// A deep zoom page's view has every tile of its level on screen (once per view).
    func tilesSharp(_ index: Int) { write("tiles_sharp \(index)") }

    /// Once: every grid thumbnail of the source is decoded (or failed for good).
    var saidThumbsDone: Bool { thumbsDone }

    func thumbsDone(count: Int) {
        guard !thumbsDone else { return }
        thumbsDone = true
        write("thumbs_done \(count)")
    }

    func slide(_ index: Int, partner: Int? = nil) { write(partner.map { "slide \(index) \($0)" } ?? "slide \(index)") }

    /// A clip started or went on playing, or paused (docs/behaviour.md §19).
    func videoPlaying(_ index: Int) { write("video_playing \(index)") }
    /// The config file changed and its settings are in force (or it did not read, and those in force stay).
    func settings(applied: Bool) { write(applied ? "config_applied" : "config_refused") }
    /// The overlay file was read and its lines on screen changed.
    func overlayText(lines: Int) { write("overlay_text \(lines)") }
    func videoPaused(_ index: Int) { write("video_paused \(index)") }

    /// The grid cells on screen changed: indices `first..<end`.
    func gridCells(_ cells: Range<Int>) { write("grid_cells \(cells.lowerBound) \(cells.upperBound)") }

    /// A photo's image failed to load, and why: `network` (tried again by itself), `gone` or
    /// `undecodable` (not).
    func loadFailed(_ index: Int, reason: String) { write("load_failed \(index) \(reason)") }

    /// A failed download is tried again by itself.
    func loadRetry(_ index: Int) { write("load_retry \(index)") }

    /// The source was read again and its photos changed (live content): there are now `count`.
    func content(count: Int) { write("content \(count)") }

    /// The frame went to sleep (the schedule, a command) or woke (the schedule, a touch, a command).
    func sleep() { write("sleep") }
    /// A message came on screen, or went (docs/behaviour.md §15).
    func message(shown: Bool) { write(shown ? "message_shown" : "message_gone") }
    func wake() { write("wake") }

    /// A press (touch down, left button down) or a key as the app takes it from the event queue:
    /// the moment a latency measurement starts from.
    func input(_ event: InputEvent) {
        switch event {
        case .touch(let t) where t.phase == .began: write(String(format: "input press %.0f %.0f", t.point.x, t.point.y))
        case .mouseDown(let p, _): write(String(format: "input press %.0f %.0f", p.x, p.y))
        case .key(let name, _): write("input key \(name)")
        default: break
        }
    }

    /// The frame being drawn holds a page's progress fan; written once presented.
    func fanDrawn(_ index: Int) { fanInFrame = index }

    /// After the swap: once per item, the first frame that showed its progress fan.
    func framePresented() {
        defer { fanInFrame = nil }
        guard let index = fanInFrame, fans.insert(index).inserted else { return }
        write("fan_shown \(index)")
    }
}
