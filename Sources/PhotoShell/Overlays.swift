import PhotoCore

/// What the shell draws over the scene: caption, help, the frame-time HUD, the progress fan and
/// retry glyph, and the screen that waits for a manifest.
enum Overlays {
    /// Keys and what they do, drawn as two columns (a proportional font cannot align spaces).
    static let helpRows: [(keys: String, action: String)] = [
        ("Left / Right, PageUp / PageDown, Home / End", "previous / next photo"),
        ("+  -  0, mouse wheel", "zoom in / out / fit"),
        ("Enter, click", "open the selected photo"),
        ("Escape, Backspace, click", "close the photo"),
        ("Arrow keys in the grid", "move the selection"),
        ("Space", "slideshow"),
        ("F, F11", "fullscreen"),
        ("?", "this help"),
        ("Q", "quit"),
    ]
    static let touchHelp = "Touch: tap to open or close, swipe to page, pinch or double-tap to zoom, drag down to close"

    static func help(in viewport: Size) -> [DrawCommand] {
        let lineHeight = 24.0, pad = 20.0, keysWidth = 340.0
        let rows = Double(helpRows.count + 1)
        let panel = Rect(center: Point(x: viewport.width / 2, y: viewport.height / 2),
                         size: Size(width: min(viewport.width - 20, 760), height: rows * lineHeight + 2 * pad + 36))
        let grey = Color(r: 0.85, g: 0.85, b: 0.85)
        var commands: [DrawCommand] = [.solid(panel, Color(r: 0.08, g: 0.08, b: 0.09, a: 0.88))]
        commands.append(.text(TextDraw(text: "sdlphoto", position: Point(x: panel.minX + pad, y: panel.minY + pad), anchor: .topLeft, size: 18, color: .white)))
        for (i, row) in helpRows.enumerated() {
            let y = panel.minY + pad + 36 + Double(i) * lineHeight
            commands.append(.text(TextDraw(text: row.keys, position: Point(x: panel.minX + pad, y: y), anchor: .topLeft,
                                           size: 14, color: .white, maxWidth: keysWidth - 10)))
            commands.append(.text(TextDraw(text: row.action, position: Point(x: panel.minX + pad + keysWidth, y: y), anchor: .topLeft,
                                           size: 14, color: grey, maxWidth: panel.width - keysWidth - 2 * pad)))
        }
        commands.append(.text(TextDraw(text: touchHelp, position: Point(x: panel.minX + pad, y: panel.minY + pad + 36 + Double(helpRows.count) * lineHeight + 8),
                                       anchor: .topLeft, size: 13, color: grey, maxWidth: panel.width - 2 * pad)))
        return commands
    }

    /// A caption at the bottom over a soft dark gradient, above the page indicator; with the
    /// gradient, lifted above `covered` points of bars at the foot.
    static func caption(_ text: String, in viewport: Size, offset: Point = .zero, over covered: Double = 0) -> [DrawCommand] {
        let lift = captionLift(over: covered)
        return captionShade(in: viewport, lift: lift) + [captionText(text, in: viewport, offset: Point(x: offset.x, y: offset.y - lift))]
    }

    /// The gradient under a caption, ending `lift` points above the foot, and from there down its darkest.
    static func captionShade(in viewport: Size, lift: Double = 0) -> [DrawCommand] {
        let bands = 24, height = 110.0
        var commands: [DrawCommand] = []
        for i in 0..<bands {
            let t = Double(i + 1) / Double(bands)
            // Edge to edge, no overlap: an overlapping sliver would blend twice and show as a line.
            let band = Rect(x: 0, y: viewport.height - lift - height + Double(i) * height / Double(bands), width: viewport.width, height: height / Double(bands))
            commands.append(.solid(band, Color(r: 0, g: 0, b: 0, a: 0.55 * t * t)))
        }
        if lift > 0 { commands.append(.solid(Rect(x: 0, y: viewport.height - lift, width: viewport.width, height: lift), Color(r: 0, g: 0, b: 0, a: 0.55))) }
        return commands
    }

    /// How far a caption's line rises to sit 12 points above `covered` points of bars at the foot
    /// of the screen (it sits 48 points above the foot).
    static func captionLift(over covered: Double) -> Double { max(0, covered + 12 - 48) }

    /// A caption's line, `alpha` for a slideshow's cross-fade.
    static func captionText(_ text: String, in viewport: Size, offset: Point = .zero, alpha: Double = 1) -> DrawCommand {
        .text(TextDraw(text: text, position: Point(x: viewport.width / 2 + offset.x, y: viewport.height - 48 + offset.y),
                       anchor: .bottomCenter, size: 16, color: Color.white.withAlpha(alpha), maxWidth: viewport.width - 40))
    }

    /// `--clock`: the time in the top right corner, white over a soft shadow that keeps it
    /// readable on a bright photo.
    static func clock(_ text: String, in viewport: Size, offset: Point = .zero) -> [DrawCommand] {
        let at = Point(x: viewport.width - 24 + offset.x, y: 18 + offset.y)
        return [.text(TextDraw(text: text, position: Point(x: at.x + 1.5, y: at.y + 1.5), anchor: .topRight, size: 28, color: Color.black.withAlpha(0.6))),
                .text(TextDraw(text: text, position: at, anchor: .topRight, size: 28, color: .white))]
    }

    /// The progress fan (docs/behaviour.md §6): a ring with a pie growing clockwise from 12 o'clock, or a
    /// spinning arc when the length is unknown; white at 80 %, 50 pt across.
    static func fan(received: Int64, total: Int64?, at centre: Point, timeMs: Double) -> [DrawCommand] {
        let colour = Color.white.withAlpha(0.8)
        if let total, total > 0 {
            let progress = min(1, Double(received) / Double(total))
            return [.shape(ShapeDraw(kind: .pie(progress: progress, ringWidth: 2), center: centre, radius: fanRadius, color: colour))]
        }
        let start = (timeMs / 1000).truncatingRemainder(dividingBy: 1)
        return [.shape(ShapeDraw(kind: .arc(start: start, length: 0.25, width: 3), center: centre, radius: fanRadius, color: colour))]
    }

    /// The retry glyph a failed download leaves; a tap inside `retryRadius` retries.
    static func retry(at centre: Point) -> [DrawCommand] {
        [.shape(ShapeDraw(kind: .disc, center: centre, radius: fanRadius + 6, color: Color.black.withAlpha(0.45))),
         .shape(ShapeDraw(kind: .retry(width: 3), center: centre, radius: fanRadius - 6, color: Color.white.withAlpha(0.9)))]
    }

    /// With nothing to show yet, what the window waits for (a manifest on a server that is not
    /// up yet): a turning arc and one line, large enough to read across a room.
    static func waiting(for hosts: [String], in viewport: Size, timeMs: Double) -> [DrawCommand] {
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        let radius = max(24, min(viewport.width, viewport.height) / 12)
        let start = (timeMs / 1200).truncatingRemainder(dividingBy: 1)
        let line = "Waiting for \(hosts.joined(separator: ", ")) …"
        let size = max(18, min(viewport.width, viewport.height) / 18)
        return [
            .shape(ShapeDraw(kind: .arc(start: start, length: 0.25, width: radius / 8), center: centre, radius: radius, color: Color.white.withAlpha(0.8))),
            .text(TextDraw(text: line, position: Point(x: centre.x, y: centre.y + radius + 2.2 * size), anchor: .bottomCenter,
                           size: size, color: Color(r: 0.85, g: 0.85, b: 0.85), maxWidth: viewport.width - 40)),
        ]
    }

    /// The waiting screen's arc turns at this many frames a second: calm, and nearly free.
    static let waitingFrameMs = 50.0

    static let fanRadius = 25.0
    static let retryRadius = 40.0

    static func hud(_ line: String) -> [DrawCommand] {
        [.solid(Rect(x: 8, y: 8, width: 430, height: 24), Color(r: 0, g: 0, b: 0, a: 0.6)),
         .text(TextDraw(text: line, position: Point(x: 14, y: 12), anchor: .topLeft, size: 12, color: Color(r: 0.6, g: 1, b: 0.6)))]
    }
}
