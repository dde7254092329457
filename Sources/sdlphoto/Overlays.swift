import PhotoCore

/// What the shell draws over the scene: caption, help and the frame-time HUD.
enum Overlays {
    static let helpLines = [
        "Left / Right, PageUp / PageDown, Home / End    previous / next photo",
        "+  -  0,  mouse wheel                          zoom in / out / fit",
        "Enter, click                                    open the selected photo",
        "Escape, Backspace, click                        close the photo",
        "Arrow keys in the grid                          move the selection",
        "Space                                           slideshow",
        "F, F11                                          fullscreen",
        "?                                               this help",
        "Q                                               quit",
        "Touch: tap to open or close, swipe to page, pinch or double-tap to zoom, drag down to close",
    ]

    static func help(in viewport: Size) -> [DrawCommand] {
        let lineHeight = 24.0, pad = 20.0
        let panel = Rect(center: Point(x: viewport.width / 2, y: viewport.height / 2),
                         size: Size(width: min(viewport.width - 20, 760), height: Double(helpLines.count) * lineHeight + 2 * pad + 30))
        var commands: [DrawCommand] = [.solid(panel, Color(r: 0.08, g: 0.08, b: 0.09, a: 0.88))]
        commands.append(.text(TextDraw(text: "sdlphoto", position: Point(x: panel.minX + pad, y: panel.minY + pad), anchor: .topLeft, size: 18, color: .white)))
        for (i, line) in helpLines.enumerated() {
            commands.append(.text(TextDraw(text: line, position: Point(x: panel.minX + pad, y: panel.minY + pad + 30 + Double(i) * lineHeight),
                                           anchor: .topLeft, size: 14, color: Color(r: 0.85, g: 0.85, b: 0.85), maxWidth: panel.width - 2 * pad)))
        }
        return commands
    }

    /// A caption at the bottom over a soft dark gradient, above the page indicator.
    static func caption(_ text: String, in viewport: Size) -> [DrawCommand] {
        let bands = 24, height = 110.0
        var commands: [DrawCommand] = []
        for i in 0..<bands {
            let t = Double(i + 1) / Double(bands)
            // Edge to edge, no overlap: an overlapping sliver would blend twice and show as a line.
            let band = Rect(x: 0, y: viewport.height - height + Double(i) * height / Double(bands), width: viewport.width, height: height / Double(bands))
            commands.append(.solid(band, Color(r: 0, g: 0, b: 0, a: 0.55 * t * t)))
        }
        commands.append(.text(TextDraw(text: text, position: Point(x: viewport.width / 2, y: viewport.height - 48),
                                       anchor: .bottomCenter, size: 16, color: .white, maxWidth: viewport.width - 40)))
        return commands
    }

    static func hud(_ line: String) -> [DrawCommand] {
        [.solid(Rect(x: 8, y: 8, width: 430, height: 24), Color(r: 0, g: 0, b: 0, a: 0.6)),
         .text(TextDraw(text: line, position: Point(x: 14, y: 12), anchor: .topLeft, size: 12, color: Color(r: 0.6, g: 1, b: 0.6)))]
    }
}
