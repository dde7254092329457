@testable import PhotoCore

let window = Size(width: 1280, height: 800)
let frameStep = 16.667

func items(_ sizes: [Size?]) -> [Item] {
    sizes.enumerated().map { Item(pixelSize: $0.element, name: "photo\($0.offset).jpg") }
}
func landscapeItems(_ n: Int) -> [Item] { items(Array(repeating: Size(width: 4000, height: 3000), count: n)) }

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance)
        && near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance)
}

/// Drives a scene with synthetic, timestamped input, advancing the clock frame by frame.
struct Driver {
    var scene: PhotoScene
    /// What the ledger would answer the scene as it draws.
    var images = FakeImages()
    var time = 0.0
    var effects: [Effect] = []

    init(_ scene: PhotoScene) { self.scene = scene }

    /// `scene` with cell `index` tapped open and its page at rest, the effects so far forgotten.
    static func browsing(_ scene: PhotoScene, on index: Int = 2) -> Driver {
        var d = Driver(scene)
        d.tap(d.scene.grid.frame(of: index, at: 0).center)
        d.settle(600)
        d.effects = []
        return d
    }

    mutating func send(_ e: InputEvent) { time = max(time, e.time); effects += scene.handle(e) }

    mutating func advance(to t: Double) {
        while time + frameStep < t { time += frameStep; effects += scene.advance(to: time) }
        time = max(time, t)
        effects += scene.advance(to: time)
    }
    mutating func wait(_ ms: Double) { advance(to: time + ms) }

    mutating func touch(_ id: Int, _ phase: TouchPhase, _ p: Point) {
        send(.touch(Touch(id: id, phase: phase, point: p, time: time)))
    }

    /// A one-finger drag from `from` by `by`, at `speed` pt/ms, a sample every `sampleEvery` ms,
    /// lifted at the last sample.
    mutating func drag(from: Point, by: Point, speed: Double, sampleEvery: Double = 8, id: Int = 1) {
        touch(id, .began, from)
        let duration = by.length / speed
        let steps = max(1, Int((duration / sampleEvery).rounded(.up)))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            time += duration / Double(steps)
            touch(id, k == steps ? .ended : .moved, from + by * f)
        }
    }

    /// A drag that moves, then holds, without lifting.
    mutating func press(_ p: Point, id: Int = 1) { touch(id, .began, p) }
    mutating func move(to p: Point, after ms: Double, id: Int = 1) { time += ms; touch(id, .moved, p) }
    mutating func lift(at p: Point, after ms: Double, id: Int = 1) { time += ms; touch(id, .ended, p) }

    mutating func tap(_ p: Point) { touch(1, .began, p); time += 50; touch(1, .ended, p) }

    mutating func settle(_ ms: Double = 2000) { wait(ms) }

    var list: DisplayList { scene.displayList(images: images) }
}

extension DisplayList {
    var solids: [(Rect, Color)] { commands.compactMap { if case .solid(let r, let c) = $0 { (r, c) } else { nil } } }
    var shapes: [ShapeDraw] { commands.compactMap { if case .shape(let s) = $0 { s } else { nil } } }
    var texts: [TextDraw] { commands.compactMap { if case .text(let t) = $0 { t } else { nil } } }
    /// The full-window black mask's alpha, if drawn.
    func maskAlpha(_ viewport: Size) -> Double? {
        solids.first { $0.0 == Rect(origin: .zero, size: viewport) && $0.1.r == 0 && $0.1.g == 0 && $0.1.b == 0 }?.1.a
    }
}
