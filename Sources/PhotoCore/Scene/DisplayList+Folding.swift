/// A draw command as the renderer gets it: with the factor its colour is multiplied by (1 for
/// none) and, where only part of it shows, the rectangle it is clipped to (in points, on whole
/// pixels).
public struct DimmedCommand: Equatable, Sendable {
    public var command: DrawCommand
    public var dim: Double
    public var clip: Rect?
    public init(_ command: DrawCommand, dim: Double = 1, clip: Rect? = nil) {
        self.command = command; self.dim = dim; self.clip = clip
    }
}

extension DisplayList {
    /// The same picture in fewer full-screen passes, for a rasteriser that pays for every pixel:
    /// - everything before the last opaque colour covering the viewport is hidden, and that colour
    ///   becomes the background (a clear instead of a filled quad);
    /// - a black translucent colour covering the viewport (the scene's mask) over an opaque
    ///   background is not drawn: what lies under it is drawn with its colour multiplied by
    ///   1 - alpha, background included. Blending is linear in colour, so every pixel comes out
    ///   the same, and the alpha channel stays 1.
    public func folded(viewport: Size) -> (background: Color, commands: [DimmedCommand]) {
        let whole = Rect(origin: .zero, size: viewport)
        func covering(_ c: DrawCommand) -> Color? {
            if case .solid(let r, let color) = c, r.contains(whole) { color } else { nil }
        }
        var background = self.background
        var start = commands.startIndex
        if let cover = commands.lastIndex(where: { covering($0).map { $0.a >= 1 } ?? false }) {
            background = covering(commands[cover])!
            start = cover + 1
        }
        guard background.a >= 1 else { return (background, commands[start...].map { DimmedCommand($0) }) }
        var dim = 1.0
        var out: [DimmedCommand] = []
        for command in commands[start...].reversed() {
            if let mask = covering(command), mask.r == 0, mask.g == 0, mask.b == 0 {
                dim *= 1 - mask.a
                continue
            }
            out.append(DimmedCommand(command, dim: dim))
        }
        let bg = Color(r: background.r * dim, g: background.g * dim, b: background.b * dim)
        return (bg, out.reversed())
    }
}

extension Color {
    /// Colour multiplied by `factor`, alpha kept: how a folded mask darkens what it covered.
    public func dimmed(_ factor: Double) -> Color {
        factor == 1 ? self : Color(r: r * factor, g: g * factor, b: b * factor, a: a)
    }
}
