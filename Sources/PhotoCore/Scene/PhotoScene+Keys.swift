import Foundation

/// Keyboard and wheel (docs/behaviour.md §5). Key names are SDL's, matched without case.
extension PhotoScene {
    mutating func key(_ name: String, time: Double) -> [Effect] {
        switch name.lowercased() {
        case "space": return [.toggleSlideshow]
        case "f", "f11": return [.toggleFullscreen]
        case "?": return [.toggleHelp]
        case "q": return kiosk ? [] : [.quit]
        default: break
        }
        applyModeKey(name.lowercased(), time: time)
        return []
    }

    /// Keys that act on the current mode. During a flight they wait for it to land (input is not
    /// lost), except Escape/Backspace, which turn a present back.
    mutating func applyModeKey(_ name: String, time: Double) {
        switch mode {
        case .grid: gridKey(name, time: time)
        case .browsing: browserKey(name, time: time)
        case .presenting where name == "escape" || name == "backspace": reverseTransition(time: time)
        case .presenting, .dismissing: deferredKeys.append(name)
        case .lifting: break
        }
    }

    private mutating func browserKey(_ name: String, time: Double) {
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        switch name {
        case "right", "pagedown": goToPage(pager.targetIndex + 1, time: time)
        case "left", "pageup": goToPage(pager.targetIndex - 1, time: time)
        case "home": goToPage(0, time: time)
        case "end": goToPage(items.count - 1, time: time)
        case "+", "=", "keypad +", "kp_plus":
            zoom.zoom(by: ZoomModel.keyZoomFactor, about: centre, time: time, animated: true)
        case "-", "keypad -", "kp_minus":
            zoom.zoom(by: 1 / ZoomModel.keyZoomFactor, about: centre, time: time, animated: true)
        case "0", "keypad 0": zoom.reset(time: time, animated: true)
        case "escape", "backspace": dismiss(time: time)
        default: break
        }
    }

    /// A key changes the page at once, as in feh, imv or eog: the next photo is there the frame
    /// after the press, and a held key flips through photos as fast as they repeat. The new
    /// page starts at its rest zoom. Only a swipe settles (it follows a finger).
    mutating func goToPage(_ page: Int, time: Double) {
        let before = pager.index
        pager.go(to: page, at: time, animated: false)
        if pager.index != before { zoom = zoomModel(pager.index) }
    }

    private mutating func gridKey(_ name: String, time: Double) {
        guard !items.isEmpty else { return }
        let columns = grid.layout.columns
        let rowsPerPage = max(1, Int(grid.viewport.height / max(grid.layout.rowStride, 1)))
        let current = grid.selection ?? grid.visibleRange(at: time).lowerBound
        var next: Int?
        switch name {
        case "right": next = grid.selection == nil ? current : current + 1
        case "left": next = grid.selection == nil ? current : current - 1
        case "down": next = grid.selection == nil ? current : current + columns
        case "up": next = grid.selection == nil ? current : current - columns
        case "pagedown": next = current + rowsPerPage * columns
        case "pageup": next = current - rowsPerPage * columns
        case "home": next = 0
        case "end": next = items.count - 1
        case "return", "keypad enter", "kp_enter":
            grid.scrollToMakeVisible(current, at: time)
            grid.selection = current
            present(current, time: time)
            return
        case "+", "=", "keypad +": grid.zoomCells(dy: 1, at: time)
        case "-", "keypad -": grid.zoomCells(dy: -1, at: time)
        default: break
        }
        if let n = next {
            let i = clamp(n, 0, items.count - 1)
            grid.selection = i
            grid.scrollToMakeVisible(i, at: time)
        }
    }

    /// Wheel: zoom about the cursor in the browser, scroll (or, with ctrl, resize cells) in the grid.
    mutating func wheel(dy: Double, at p: Point, ctrl: Bool, time: Double) {
        switch mode {
        case .grid:
            if ctrl { grid.zoomCells(dy: dy, at: time) } else { grid.wheel(dy: dy, at: time) }
        case .browsing:
            guard !pager.isSettling, dy != 0 else { return }
            zoom.zoom(by: pow(ZoomModel.wheelZoomFactor, dy), about: p, time: time, animated: false)
        default:
            break
        }
    }
}
