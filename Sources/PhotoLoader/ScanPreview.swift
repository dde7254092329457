import Foundation
import PhotoCore
import PhotoPipeline
import Synchronization

/// A progressive JPEG's page while its bytes arrive (docs/behaviour.md §8, Progressive JPEGs): the
/// network thread hands it each piece of the body; a decode worker reads them and, after each
/// scan that completes, draws the whole photo as it stands (with as much of the next scan as
/// came), for the page to show over its placeholder. One worker job at a time, at most one
/// picture per `minInterval`, one per `partialInterval` for more of a scan under way, and none
/// once the last byte is in: the final decode takes over from there.
final class ScanPreview: Sendable {
    private enum Phase { case idle, running, stopped }
    /// What the network thread hands over.
    private struct State {
        var pending: [Data] = []
        var phase = Phase.idle
    }
    /// The job's own: the bytes so far and their stream, when it last drew, and the scans and
    /// bytes that picture showed. Only the one job running at a time (`phase == .running`) takes
    /// its lock, so holding it while it decodes keeps nobody waiting.
    private struct Job {
        var bytes: [UInt8] = []
        var stream: ProgressiveJPEGStream?
        var lastPicture: Double = -.infinity
        var shownScans = 0
        var shownBytes = 0
    }

    private let state = Mutex(State())
    private let job: Mutex<Job>
    private let schedule: Schedule

    /// A picture of the photo so far, the photo's size as displayed, and the bytes it was drawn
    /// from (of the same file, a picture from more bytes is never coarser).
    typealias Picture = (image: DecodedImage, displayedSize: PixelSize?, bytes: Int)
    /// Runs a job on a decode worker after a delay in seconds (0: as soon as one is free).
    typealias Schedule = @Sendable (_ after: Double, _ job: @escaping @Sendable () -> Picture?) -> Void

    /// Each picture is a page-sized upload (about 10 ms of copying on llvmpipe) and a render of
    /// every coefficient: a few a second show the photo sharpening without taking the frames.
    static let minInterval = 0.2
    /// A long scan (the luma's AC bands can be a quarter of the file) sharpens the photo from the
    /// top down as it arrives; redrawing for that less often keeps a slow link's decode work low,
    /// and a link that stalls mid-scan still shows everything that came.
    static let partialInterval = 1.0

    /// `sizing`: what the final decode is asked for; `schedule` runs each job, which returns at
    /// most one picture.
    init(sizing: @escaping @Sendable (_ displayed: PixelSize) -> (maxPixelSize: Int?, sharpAt: Int?), schedule: @escaping Schedule) {
        job = Mutex(Job(stream: ProgressiveJPEGStream(sizing: sizing)))
        self.schedule = schedule
    }

    /// A piece of the body, on the network thread.
    func received(_ piece: Data) {
        let start = state.withLock { state -> Bool in
            guard state.phase != .stopped else { return false }
            state.pending.append(piece)
            guard state.phase == .idle else { return false }
            state.phase = .running
            return true
        }
        if start { schedule(0) { self.run() } }
    }

    /// No more pictures: the photo is whole (or gone).
    func stop() {
        state.withLock {
            $0.phase = .stopped
            $0.pending = []
        }
    }

    /// Reads what came and draws the photo if a scan completed, then goes on in another job
    /// (each job hands over its picture as it returns) or goes idle.
    private func run() -> Picture? {
        job.withLock { job in
            while let pieces = takePending() {
                for piece in pieces { job.bytes.append(contentsOf: piece) }
                if !pieces.isEmpty {
                    guard job.bytes.count < 2 || (job.bytes[0] == 0xFF && job.bytes[1] == 0xD8), let stream = job.stream else { return stopHere(&job) }
                    switch stream.advance(job.bytes) {
                    case .end, .wholeFileOnly, .failed: return stopHere(&job)
                    case .needsBytes, .scan: break
                    }
                }
                if let stream = job.stream, stream.completedScans > 0, stream.completedScans > job.shownScans || job.bytes.count > job.shownBytes {
                    let interval = stream.completedScans > job.shownScans ? Self.minInterval : Self.partialInterval
                    let wait = job.lastPicture + interval - ProcessInfo.processInfo.systemUptime
                    // Owed and due in `wait`, the picture waits for a job then (pieces that arrive
                    // meanwhile wait for it too), so a scan that ends just before a stall still shows.
                    // Waiting out a partial picture's second, it looks again every `minInterval`: a
                    // scan that completes meanwhile shows without waiting for the rest of it.
                    guard wait <= 0 else {
                        schedule(min(wait, Self.minInterval)) { self.run() }
                        return nil
                    }
                    (job.shownScans, job.shownBytes) = (stream.completedScans, job.bytes.count)
                    job.lastPicture = ProcessInfo.processInfo.systemUptime
                    let shownBytes = job.shownBytes
                    let picture = stream.picture(job.bytes).map { ($0, stream.displayedSize, shownBytes) }
                    // Stopped while it drew (the page left, the photo came whole): nobody wants it.
                    guard state.withLock({ $0.phase == .running }) else { return nil }
                    // The next job waits for this one's lock, held until it returns.
                    schedule(0) { self.run() }
                    return picture
                }
                if becameIdle() { return nil }
            }
            return nil
        }
    }

    /// The pieces that came since the last look (perhaps none); nil once stopped.
    private func takePending() -> [Data]? {
        state.withLock { state in
            guard state.phase == .running else { return nil }
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Nothing left to read: the next piece starts a job again.
    private func becameIdle() -> Bool {
        state.withLock { state in
            guard state.phase == .running, state.pending.isEmpty else { return false }
            state.phase = .idle
            return true
        }
    }

    private func stopHere(_ job: inout Job) -> Picture? {
        stop()
        job.stream = nil
        job.bytes = []
        return nil
    }
}
