import Foundation
import Glibc

/// Frame times of continuous drawing (an idle wait between two frames is not a frame time),
/// summarised for the `--stats` HUD and the JSON line on exit (docs/automation.md §4).
struct FrameStats {
    private(set) var intervals: [Double] = []
    private var lastFrameMs: Double?
    /// Frames longer than this many refresh intervals count as dropped.
    static let droppedFactor = 1.5
    let refreshMs: Double

    init(refreshHz: Double) { refreshMs = 1000 / (refreshHz > 0 ? refreshHz : 60) }

    /// Time the loop spent waiting on purpose (a virtual-time replay waiting for its decodes)
    /// since the last frame: not part of any frame's time.
    private var pausedMs = 0.0

    mutating func paused(forMs ms: Double) { pausedMs += ms }

    /// What the counted frames' own drawing took, from the display list to the finished
    /// picture: set against `bench/sampling-cost`'s cost of the same draw, it tells a frame that
    /// waits on something else from one that is dear to draw.
    private(set) var drawTimes: [Double] = []

    /// `continuous` is false for the first frame after the loop slept; `drawMs` is the frame's own drawing.
    /// Every frame drawn, still ones included: what a screen that should be idle costs.
    private(set) var draws = 0

    mutating func frameDrawn(atMs t: Double, continuous: Bool, drawMs: Double) {
        draws += 1
        if continuous, let last = lastFrameMs {
            let interval = t - last - pausedMs
            intervals.append(interval)
            drawTimes.append(drawMs)
            if interval > refreshMs * Self.droppedFactor { dropped += 1 }
        }
        lastFrameMs = t
        pausedMs = 0
    }

    /// Nearest-rank percentiles `ps` of `times`, from one sort.
    static func percentiles(_ ps: [Double], of times: [Double]) -> [Double] {
        guard !times.isEmpty else { return ps.map { _ in 0 } }
        let sorted = times.sorted()
        return ps.map { p in sorted[max(0, min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))] }
    }

    /// Images put on the GPU so far.
    var uploads = 0

    /// Frames over `droppedFactor` refresh intervals so far.
    private(set) var dropped = 0

    /// The HUD's text changes four times a second, not every frame: each new string is a new
    /// texture to rasterise and upload.
    private var hudCache: (line: String, at: Double) = ("", -.infinity)

    mutating func hudLine(atMs now: Double) -> String {
        if now - hudCache.at >= 250 { hudCache = (hudText, now) }
        return hudCache.line
    }

    private var hudText: String {
        // The last ten seconds or so: a kiosk may show its HUD for days.
        let p = Self.percentiles([50, 95, 99], of: Array(intervals.suffix(600)))
        return String(format: "%d frames  p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  dropped %d", intervals.count, p[0], p[1], p[2], dropped)
    }

    /// This program's peak resident memory: VmHWM, its own address space's. Not getrusage's
    /// `ru_maxrss`, which Linux carries across exec: a program started by a process that had
    /// grown to 500 MiB reported 500 MiB however little it used itself.
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    func json(textureBytes: Int) -> String {
        let peakMiB = Double(Self.peakResidentKiB()) / 1024
        let p = Self.percentiles([50, 95, 99], of: intervals)
        let d = Self.percentiles([50, 99], of: drawTimes)
        return String(format: #"{"frames":%d,"p50_ms":%.3f,"p95_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,"dropped":%d,"draw_p50_ms":%.3f,"draw_p99_ms":%.3f,"peak_rss_mib":%.1f,"texture_mib":%.1f,"draws":%d,"uploads":%d}"#,
                      intervals.count + (lastFrameMs == nil ? 0 : 1), p[0], p[1], p[2],
                      intervals.max() ?? 0, dropped, d[0], d[1], peakMiB, Double(textureBytes) / 1_048_576, draws, uploads)
    }
}
