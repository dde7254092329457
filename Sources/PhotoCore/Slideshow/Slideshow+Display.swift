/// The slideshow's frames: the photos, where and how opaque, at one instant.
extension Slideshow {
    /// `pixelSize` gives each photo's size (nil while unknown: it is then not drawn).
    public func displayList(viewport: Size, pixelSize: (Int) -> Size?, now: Double, fill: Fill = .black) -> DisplayList {
        var list = DisplayList(background: .black)
        let bounds = Rect(origin: .zero, size: viewport)
        /// A photo's layers in `box`, bars first: they do not overlap, so a cross-fade's sum of two slides stays exact.
        func photo(_ index: Int, in box: Rect, alpha: Double, dx: Double, blend: ImageDraw.Blend, kenBurns: Bool) -> [DrawCommand] {
            guard let size = pixelSize(index), !size.isEmpty, alpha > 0 else { return [] }
            let frame = kenBurns
                ? kenBurnsFrame(index, content: size, viewport: viewport, now: now)
                : Rect.aspectFit(size, in: box)
            var layers: [DrawCommand] = []
            // The bars beside or above and below the photo, never under it.
            if let backdrop = fill.backdrop, !kenBurns {
                let filled = Rect.aspectFill(size, in: box)
                for bar in Self.bars(around: frame, in: box) {
                    let crop = Rect(x: (bar.minX - filled.minX) / filled.width, y: (bar.minY - filled.minY) / filled.height,
                                    width: bar.width / filled.width, height: bar.height / filled.height)
                    layers.append(.image(ImageDraw(item: index, quality: .full, frame: bar.offsetBy(dx: dx, dy: 0), crop: crop,
                                                   alpha: alpha, blend: blend, backdrop: backdrop)))
                }
            }
            layers.append(.image(ImageDraw(item: index, quality: .full, frame: frame.offsetBy(dx: dx, dy: 0), alpha: alpha, blend: blend)))
            return layers
        }
        /// A slide's layers: its photo, or a pair's two in their halves (still under Ken Burns).
        func layers(_ index: Int, partner: Int?, alpha: Double, dx: Double = 0, blend: ImageDraw.Blend = .over) -> [DrawCommand] {
            guard let partner else { return photo(index, in: bounds, alpha: alpha, dx: dx, blend: blend, kenBurns: transition == .kenburns) }
            let (first, second) = (PairShape(screen: viewport) ?? .portraits).halves(of: bounds)
            return photo(index, in: first, alpha: alpha, dx: dx, blend: blend, kenBurns: false)
                + photo(partner, in: second, alpha: alpha, dx: dx, blend: blend, kenBurns: false)
        }
        // The first slide shows once it is known whether it is a pair.
        guard !firstIsPending else { return list }
        guard let out = outgoingState(at: now) else {
            list.commands += layers(current, partner: partner, alpha: 1)
            return list
        }
        switch transition {
        case .crossfade, .kenburns:
            let going = layers(out.index, partner: out.partner, alpha: 1 - out.progress), coming = layers(current, partner: partner, alpha: out.progress, blend: .add)
            // Two slides of one shape: each bar next to its twin, so that the two are drawn as
            // one (the renderer mixes a pair in one pass). Any other order of layers would
            // blend one slide's layer over the other's.
            if going.count == coming.count, zip(going, coming).allSatisfy({ Self.sameFrame($0, $1) }) {
                for (a, b) in zip(going, coming) { list.commands += [a, b] }
            } else {
                list.commands += going + coming
            }
        case .slide:
            let p = Easing.easeInOut.value(out.progress)
            let shift = (viewport.width + Self.slideSpacing) * p
            list.commands += layers(out.index, partner: out.partner, alpha: 1, dx: -shift)
            list.commands += layers(current, partner: partner, alpha: 1, dx: viewport.width + Self.slideSpacing - shift)
        case .none:
            list.commands += layers(current, partner: partner, alpha: 1)
        }
        return list
    }

    private static func sameFrame(_ a: DrawCommand, _ b: DrawCommand) -> Bool {
        guard case .image(let x) = a, case .image(let y) = b else { return false }
        return x.frame == y.frame && x.crop == y.crop
    }

    /// What surrounds a photo whose shape differs from the screen (`--fill`).
    public enum Fill: String, Equatable, Sendable, CaseIterable {
        case black, blur, mat
        var backdrop: ImageDraw.Backdrop? {
            switch self {
            case .black: nil
            case .blur: .blur
            case .mat: .mat
            }
        }
    }

    /// The parts of `bounds` left and right of `photo`, or above and below it (at least a
    /// point wide: a hair of rounding is no bar).
    static func bars(around photo: Rect, in bounds: Rect) -> [Rect] {
        var bars: [Rect] = []
        if photo.minX - bounds.minX >= 1 { bars.append(Rect(x: bounds.minX, y: bounds.minY, width: photo.minX - bounds.minX, height: bounds.height)) }
        if bounds.maxX - photo.maxX >= 1 { bars.append(Rect(x: photo.maxX, y: bounds.minY, width: bounds.maxX - photo.maxX, height: bounds.height)) }
        if photo.minY - bounds.minY >= 1 { bars.append(Rect(x: photo.minX, y: bounds.minY, width: photo.width, height: photo.minY - bounds.minY)) }
        if bounds.maxY - photo.maxY >= 1 { bars.append(Rect(x: photo.minX, y: photo.maxY, width: photo.width, height: bounds.maxY - photo.maxY)) }
        return bars
    }

    /// A transition runs: two photos are on screen.
    public func isInTransition(at now: Double) -> Bool { outgoingState(at: now) != nil }

    /// The photo going out (and its partner) and how far the transition is (0...1), while one runs.
    public func outgoingState(at now: Double) -> (index: Int, progress: Double, partner: Int?)? {
        guard let o = outgoing, now - o.start < durationOfTransition else { return nil }
        return (o.index, clamp((now - o.start) / durationOfTransition, 0, 1), o.partner)
    }

    /// Ken Burns: the photo fills the window (aspect fill) and slowly zooms from 1 to
    /// `kenBurnsZoom` (or back) while panning across the slack that the zoom makes. The frame
    /// always covers the window, so no edge is ever uncovered.
    public func kenBurnsFrame(_ index: Int, content: Size, viewport: Size, now: Double) -> Rect {
        let base = Rect.aspectFill(content, in: Rect(origin: .zero, size: viewport))
        // Each photo runs over its own time on screen, the fades at both ends included.
        let start = index == current ? shownSince : (outgoing?.since ?? shownSince - interval)
        let t = clamp((now - start) / (interval + Self.fadeDuration), 0, 1)
        let zoomIn = index % 2 == 0
        let scale = zoomIn ? lerp(1, Self.kenBurnsZoom, t) : lerp(Self.kenBurnsZoom, 1, t)
        let size = base.size * scale
        let slack = Size(width: size.width - viewport.width, height: size.height - viewport.height)
        // A direction per photo, from one corner of the slack towards the opposite one.
        let (fromX, fromY) = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)][index % 4]
        let fx = lerp(fromX, 1 - fromX, t), fy = lerp(fromY, 1 - fromY, t)
        return Rect(x: -slack.width * fx, y: -slack.height * fy, width: size.width, height: size.height)
    }
}
