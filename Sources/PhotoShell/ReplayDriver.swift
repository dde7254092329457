import PhotoCore
import PhotoLog
import PhotoPlatform

/// Feeds a replay script into SDL's real event queue as its times come due, and hands out the
/// screenshots and the quit it asks for. Main thread only.
///
/// The script has a clock of its own: the app's, less the time its `wait` lines held it, so the
/// lines after a wait keep their distance from the moment its event came.
struct ReplayDriver {
    /// How long a `wait` may hold the script, on the wall clock, before the run fails: far more
    /// than any download or decode a script waits on takes, even on a machine under load (a
    /// hundred and fifty thumbnails made in software with both cores busy took over a minute).
    static let waitLimitMs = 300_000.0

    let script: ReplayScript
    private var next = 0
    /// How far the script's clock is behind the app's.
    private var heldMs = 0.0
    /// When the wait the script stands at began, on the app's clock and the wall clock.
    private var waiting: (app: Double, wall: Double)?
    private(set) var screenshotsDue: [String] = []
    private(set) var quitRequested = false
    /// A `wait` line whose event did not come within `waitLimitMs`: the run ends, failed.
    private(set) var timedOut: ReplayEvent?

    init(script: ReplayScript) { self.script = script }

    /// When the script next needs the loop awake: its next event, the end of the wait it stands
    /// at, or its end.
    var wakeTime: Double {
        if let waiting { return waiting.app + Self.waitLimitMs }
        return (next < script.events.count ? script.events[next].time : script.endTime) + heldMs
    }

    var hasScreenshotsDue: Bool { !screenshotsDue.isEmpty }

    /// Whether the run ends now: at the script's `quit` or a wait timed out, or past its end once
    /// every event is fed (a pass that began before the end fed only what was due then; the rest
    /// comes first).
    func isOver(at time: Double) -> Bool {
        quitRequested || timedOut != nil || (next == script.events.count && time - heldMs > script.endTime)
    }

    /// The input lines due by `time` (ms from the first frame) on the script's clock, which
    /// stands still at a `wait` until `logged` says its event is in the events log; the
    /// screenshots and the quit due it keeps. `wallMs`: the wall clock, for the wait's limit.
    mutating func inputDue(upTo time: Double, wallMs: Double, logged: ([String]) -> Bool) -> [ReplayEvent] {
        var due: [ReplayEvent] = []
        while timedOut == nil, next < script.events.count, script.events[next].time + heldMs <= time {
            let event = script.events[next]
            if case .wait(let awaited) = event.kind {
                guard logged(awaited) else {
                    let since = waiting ?? (time, wallMs)
                    waiting = since
                    if wallMs - since.wall >= Self.waitLimitMs { timedOut = event }
                    break
                }
                // Held, the script goes on from the wait's time now; an event logged before the
                // wait was reached holds nothing.
                if waiting != nil { heldMs = time - event.time }
                waiting = nil
            }
            next += 1
            switch event.kind {
            case .screenshot(let path): screenshotsDue.append(path)
            case .quit: quitRequested = true
            case .wait: break
            default: due.append(event)
            }
        }
        return due
    }

    /// Injects every input line due by `time` (see `inputDue`).
    mutating func feed(upTo time: Double, wallMs: Double, logged: ([String]) -> Bool, into injector: EventInjector) {
        let failedBefore = timedOut != nil
        for event in inputDue(upTo: time, wallMs: wallMs, logged: logged) {
            switch event.kind {
            case .touch(let id, let phase, let p):
                let ph: PlatformEvent.Phase = switch phase { case .began: .down; case .moved: .move; case .ended, .cancelled: .up }
                injector.finger(id: Int64(id), phase: ph, x: p.x, y: p.y)
            case .mouseDown(let p): injector.mouseButton(down: true, x: p.x, y: p.y)
            case .mouseUp(let p): injector.mouseButton(down: false, x: p.x, y: p.y)
            case .mouseMove(let p): injector.mouseMove(x: p.x, y: p.y)
            case .click(let p):
                injector.mouseButton(down: true, x: p.x, y: p.y)
                injector.mouseButton(down: false, x: p.x, y: p.y)
            case .doubleClick(let p):
                for clicks in 1...2 {
                    injector.mouseButton(down: true, x: p.x, y: p.y, clicks: clicks)
                    injector.mouseButton(down: false, x: p.x, y: p.y, clicks: clicks)
                }
            case .wheel(let dx, let dy, let p): injector.wheel(dx: dx, dy: dy, x: p.x, y: p.y)
            case .key(let name):
                if !injector.key(name) { Log.error("replay line \(event.line): SDL knows no key named \(name)") }
            case .screenshot, .wait, .quit: break
            }
        }
        if !failedBefore, let line = timedOut, case .wait(let awaited) = line.kind {
            Log.error("replay line \(line.line): no \(awaited.joined(separator: " ")) in the events within \(Int(Self.waitLimitMs / 1000)) s")
        }
    }

    mutating func takeScreenshots() -> [String] {
        defer { screenshotsDue.removeAll() }
        return screenshotsDue
    }
}
