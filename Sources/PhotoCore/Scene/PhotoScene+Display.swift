/// The display list for the scene's current time: grid, mask, pages or the flying photo, overlays.
extension PhotoScene {
    /// Back to front: grid cells (the lifted one left empty), scroll indicator, black mask, the
    /// browser's pages or the flying photo, `underIndicator` (the shell's caption band), the
    /// page indicator (left out where `showsIndicator` is false: the shell's bars say the place).
    /// `images` says which photos show as broken tiles.
    public func displayList(images: some ImageStates, underIndicator: [DrawCommand] = [], showsIndicator: Bool = true) -> DisplayList {
        var list = DisplayList(background: .black)
        let mask = maskAlpha(at: now)
        // With no grid behind, a dismiss still ends on the grid: it fades in as the photo goes.
        let gridShows = hasGrid || mode == .dismissing
        if gridShows, mode == .grid || mask < 1 { drawGrid(images, into: &list) }
        if gridShows, mask > 0 { list.append(.solid(Rect(origin: .zero, size: viewport), Color.black.withAlpha(mask))) }
        switch mode {
        case .grid:
            break
        case .presenting, .dismissing:
            if let t = transition {
                let p = t.placement(at: now)
                list.append(.image(ImageDraw(item: pager.index, quality: .full, frame: p.clip, crop: p.crop, alpha: p.alpha)))
            }
        case .browsing:
            let pages = [pager.index - 1, pager.index, pager.index + 1].filter(items.indices.contains)
            for i in pages { drawPage(i, images, into: &list) }
            list.commands += underIndicator
            if showsIndicator { list.commands += PageIndicator.commands(index: pager.index, count: items.count, viewport: viewport) }
        case .lifting:
            if let l = lift { drawPhoto(pager.index, frame: l.frame(at: now), images, into: &list) }
        }
        return list
    }

    /// The on-screen frame of page `i` (the current page at its zoom, neighbours at rest).
    /// The current page's frame where its zoom animation will end (its frame now when none runs):
    /// what to fetch for, while the frames in between are only drawn.
    public var currentPageFrameAtEnd: Rect {
        zoom.frameAtEnd(now).offsetBy(dx: pager.pageOrigin(pager.index, at: now), dy: 0)
    }

    public func pageFrame(_ i: Int) -> Rect {
        let x = pager.pageOrigin(i, at: now)
        let f = i == pager.index ? zoom.frame(at: now) : ZoomLevel.initialFrame(pixelSize: pixelSize(of: i), viewport: viewport)
        return f.offsetBy(dx: x, dy: 0)
    }

    private func drawPage(_ i: Int, _ images: some ImageStates, into list: inout DisplayList) {
        let frame = pageFrame(i)
        guard frame.intersects(Rect(origin: .zero, size: viewport)) else { return }
        drawPhoto(i, frame: frame, images, into: &list)
    }

    private func drawPhoto(_ i: Int, frame: Rect, _ images: some ImageStates, into list: inout DisplayList) {
        if images.isBroken(i) {
            list.append(.brokenImage(frame: frame, name: items[i].name, alpha: 1))
            return
        }
        if let arrived = fullArrivals[i], now - arrived < Self.fullImageCrossFadeDuration {
            list.append(.image(ImageDraw(item: i, quality: .thumbnail, frame: frame)))
            let alpha = clamp((now - arrived) / Self.fullImageCrossFadeDuration, 0, 1)
            list.append(.image(ImageDraw(item: i, quality: .full, frame: frame, alpha: alpha)))
        } else {
            list.append(.image(ImageDraw(item: i, quality: .full, frame: frame)))
        }
    }

    private func drawGrid(_ images: some ImageStates, into list: inout DisplayList) {
        let hidden = hiddenCellIndex
        for i in grid.visibleRange(at: now) where i != hidden {
            let frame = grid.frame(of: i, at: now)
            if images.isBroken(i) {
                list.append(.brokenImage(frame: frame, name: items[i].name, alpha: 1))
                continue
            }
            // Until it is decoded the renderer shows its own placeholder for a known image; an
            // unknown size has no crop yet, so the scene draws the placeholder itself.
            guard let size = items[i].pixelSize, !size.isEmpty else {
                list.append(.solid(frame, .placeholder))
                continue
            }
            let alpha = thumbnailArrivals[i].map { clamp((now - $0) / Self.thumbnailFadeDuration, 0, 1) } ?? 1
            if alpha < 1 { list.append(.solid(frame, .placeholder)) }
            let crop = Rect.aspectFillCrop(content: size, frame: frame.size)
            list.append(.image(ImageDraw(item: i, quality: .thumbnail, frame: frame, crop: crop, alpha: alpha)))
        }
        if mode == .grid, let s = grid.selection, grid.visibleRange(at: now).contains(s) {
            list.commands += selectionRing(grid.frame(of: s, at: now))
        }
        if mode == .grid, grid.showsIndicator(at: now),
           let bar = ScrollIndicator.frame(offset: grid.offset(at: now), contentHeight: grid.layout.contentHeight, viewport: viewport) {
            list.append(.solid(bar, ScrollIndicator.color))
        }
    }

    /// The keyboard selection: a white ring just inside the cell.
    private func selectionRing(_ f: Rect) -> [DrawCommand] {
        let w = 3.0, c = Color.white.withAlpha(0.9)
        return [.solid(Rect(x: f.minX, y: f.minY, width: f.width, height: w), c),
                .solid(Rect(x: f.minX, y: f.maxY - w, width: f.width, height: w), c),
                .solid(Rect(x: f.minX, y: f.minY + w, width: w, height: f.height - 2 * w), c),
                .solid(Rect(x: f.maxX - w, y: f.minY + w, width: w, height: f.height - 2 * w), c)]
    }
}
