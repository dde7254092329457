extension Rect {
    /// This rectangle less `hole`: up to four pieces (bands above and below, sides between).
    public func subtracting(_ hole: Rect) -> [Rect] {
        guard intersects(hole) else { return [self] }
        let top = max(minY, hole.minY), bottom = min(maxY, hole.maxY)
        let pieces = [
            Rect(x: minX, y: minY, width: width, height: top - minY),
            Rect(x: minX, y: bottom, width: width, height: maxY - bottom),
            Rect(x: minX, y: top, width: max(minX, hole.minX) - minX, height: bottom - top),
            Rect(x: min(maxX, hole.maxX), y: top, width: maxX - min(maxX, hole.maxX), height: bottom - top),
        ]
        return pieces.filter { !$0.size.isEmpty }
    }

    /// The smallest rectangle of whole pixels (at `scale` pixels per point) holding this one.
    func snappedOut(_ scale: Size) -> Rect {
        snapped(scale, low: .down, high: .up)
    }

    /// The largest rectangle of whole pixels inside this one.
    func snappedIn(_ scale: Size) -> Rect {
        snapped(scale, low: .up, high: .down)
    }

    private func snapped(_ s: Size, low: FloatingPointRoundingRule, high: FloatingPointRoundingRule) -> Rect {
        let x0 = (minX * s.width).rounded(low), y0 = (minY * s.height).rounded(low)
        let x1 = max(x0, (maxX * s.width).rounded(high)), y1 = max(y0, (maxY * s.height).rounded(high))
        return Rect(x: x0 / s.width, y: y0 / s.height, width: (x1 - x0) / s.width, height: (y1 - y0) / s.height)
    }
}

extension Array where Element == DimmedCommand {
    /// The commands less what later opaque draws paint over: a software rasteriser pays for every
    /// pixel it fills, hidden or not, and mid-transition the photo hides much of the grid under
    /// it. Only large occluders count (an eighth of the viewport or more: photos, not grid
    /// cells). An image or colour partly under one is drawn once per visible piece, each piece
    /// a clip of whole pixels (at `scale` pixels per point across and down) so the same quad fills the same
    /// pixels as before, just fewer of them; other commands are dropped only when wholly hidden.
    /// `isOpaque` says whether an image draw covers its whole frame.
    public func culled(viewport: Size, scale: Size, isOpaque: (ImageDraw) -> Bool) -> [DimmedCommand] {
        let minimumArea = viewport.width * viewport.height / 8
        var holes: [Rect] = []
        var out: [DimmedCommand] = []
        for c in reversed() {
            // What it may cover; whether a clip can cut it; what it hides for sure.
            var bounds: Rect?, cuttable = false, occluder: Rect?
            switch c.command {
            case .image(let d): (bounds, cuttable, occluder) = (d.frame, true, isOpaque(d) ? d.frame : nil)
            case .solid(let r, let color): (bounds, cuttable, occluder) = (r, true, color.a >= 1 ? r : nil)
            case .brokenImage(let f, _, _): bounds = f
            case .shape(let s): bounds = Rect(center: s.center, size: Size(width: 2 * s.radius + 2, height: 2 * s.radius + 2))
            case .text: bounds = nil
            }
            if let bounds {
                let whole = bounds.snappedOut(scale)
                let pieces = holes.reduce([whole]) { pieces, hole in pieces.flatMap { $0.subtracting(hole) } }
                if cuttable, pieces != [whole] {
                    out += pieces.map { DimmedCommand(c.command, dim: c.dim, clip: $0) }
                } else if !pieces.isEmpty {
                    out.append(c)
                }
            } else {
                out.append(c)
            }
            if let o = occluder, o.width * o.height >= minimumArea {
                let hole = o.snappedIn(scale)
                if !hole.size.isEmpty { holes.append(hole) }
            }
        }
        return out.reversed()
    }
}
