/// Runs a replay script against a `PhotoScene` on virtual time, headless: frame n is at
/// n × `frameStep` ms; before each frame the script's events due by then are handled at their own
/// script times, then the scene advances to the frame's time. This is what `--replay` does with
/// the real window, so the display lists here are the frames it draws. Headless there is no
/// events log: a `wait` line holds nothing.
public struct Simulation: Equatable, Sendable {
    /// The `--frame-ms` default (docs/automation.md §3).
    public static let defaultFrameStep = 16.667

    public struct Screenshot: Equatable, Sendable {
        /// The frame's time: the first frame at or after the script line's time.
        public var time: Double
        public var path: String
        public var displayList: DisplayList
    }

    public let script: ReplayScript
    public let frameStep: Double
    /// When true, every image the scene asks for of an item with a known size "loads" at once, as
    /// from a fast local disk; when false nothing loads and the renderer's placeholders stand.
    public let loadsImages: Bool
    public private(set) var scene: PhotoScene
    /// Time of the last frame run.
    public private(set) var time: Double
    public private(set) var frameCount = 0
    public private(set) var screenshots: [Screenshot] = []
    /// Every effect the scene returned, in order, with its time.
    public private(set) var effects: [(time: Double, effect: Effect)] = []
    public private(set) var hasQuit = false
    private var nextEvent = 0

    public init(script: ReplayScript, scene: PhotoScene, frameStep: Double = Simulation.defaultFrameStep, loadsImages: Bool = false) {
        self.script = script
        self.scene = scene
        self.frameStep = frameStep
        self.loadsImages = loadsImages
        time = 0
        record(self.scene.advance(to: 0), at: 0)
    }

    /// Runs one frame past the last: the events due by its time, then the clock. Screenshots
    /// capture the frame as drawn, after every event of that frame.
    public mutating func step() {
        let t = Double(frameCount + 1) * frameStep
        frameCount += 1
        var shots: [String] = []
        while nextEvent < script.events.count, script.events[nextEvent].time <= t, !hasQuit {
            let e = script.events[nextEvent]
            nextEvent += 1
            for input in e.inputEvents { record(scene.handle(input), at: e.time) }
            switch e.kind {
            case .screenshot(let path): shots.append(path)
            case .quit: hasQuit = true
            default: break
            }
        }
        record(scene.advance(to: t), at: t)
        time = t
        let list = scene.displayList(images: .unknown)
        screenshots += shots.map { Screenshot(time: t, path: $0, displayList: list) }
    }

    /// Runs frames until `time` has been reached (or the script quit).
    public mutating func run(until time: Double) {
        while self.time < time - 1e-9, !hasQuit { step() }
    }

    /// Runs the whole script: to its `quit`, or its last event + 2 s.
    public mutating func runToEnd() { run(until: script.endTime) }

    /// The display list at `time`: frames are run up to it, then the scene advances to exactly
    /// `time` (between frames too). Time only moves forward.
    public mutating func displayList(at time: Double) -> DisplayList {
        while self.time + frameStep <= time + 1e-9, !hasQuit { step() }
        if time > self.time { record(scene.advance(to: time), at: time) }
        return scene.displayList(images: .unknown)
    }

    private mutating func record(_ new: [Effect], at t: Double) {
        for e in new {
            effects.append((t, e))
            if loadsImages, case .requestImage(let i, let q) = e, scene.items.indices.contains(i),
               let size = scene.items[i].pixelSize {
                record(scene.handle(.itemLoaded(index: i, quality: q, pixelSize: size, time: max(t, scene.now))), at: t)
            }
        }
    }

    public static func == (a: Simulation, b: Simulation) -> Bool {
        a.script == b.script && a.scene == b.scene && a.time == b.time && a.frameCount == b.frameCount
            && a.screenshots == b.screenshots && a.hasQuit == b.hasQuit && a.nextEvent == b.nextEvent
            && a.effects.map(\.effect) == b.effects.map(\.effect)
    }
}
