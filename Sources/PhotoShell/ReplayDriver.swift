import PhotoCore
import PhotoLog
import PhotoPlatform

/// Feeds a replay script into SDL's real event queue as its times come due, and hands out the
/// screenshots and the quit it asks for. Main thread only.
struct ReplayDriver {
    let script: ReplayScript
    private var next = 0
    private(set) var screenshotsDue: [String] = []
    private(set) var quitRequested = false

    init(script: ReplayScript) { self.script = script }


    /// When the script next needs the loop awake: its next event, or its end.
    var wakeTime: Double { next < script.events.count ? script.events[next].time : script.endTime }

    var hasScreenshotsDue: Bool { !screenshotsDue.isEmpty }

    /// Whether the run ends now: at the script's `quit`, or past its end once every event is fed
    /// (a pass that began before the end fed only what was due then; the rest comes first).
    func isOver(at time: Double) -> Bool {
        quitRequested || (next == script.events.count && time > script.endTime)
    }

    /// Injects every event whose time is at or before `time` (ms from the first frame).
    mutating func feed(upTo time: Double, into injector: EventInjector) {
        while next < script.events.count, script.events[next].time <= time {
            let event = script.events[next]
            next += 1
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
            case .screenshot(let path): screenshotsDue.append(path)
            case .quit: quitRequested = true
            }
        }
    }

    mutating func takeScreenshots() -> [String] {
        defer { screenshotsDue.removeAll() }
        return screenshotsDue
    }
}
