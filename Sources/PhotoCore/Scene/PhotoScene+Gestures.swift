/// Gestures applied to the scene: who owns a pan is decided once, when it begins (docs/behaviour.md §4):
/// horizontal → pager (or the zoomed image, which hands its overflow to the pager), downward at
/// the image's top edge → dismiss lift, otherwise → zoomed pan.
extension PhotoScene {
    mutating func apply(_ gesture: Gesture) {
        switch gesture {
        case .touchDown(_, let time):
            // A finger on glass stops coasting content, unless it is springing back from past
            // an end (stopped there, a tap would leave it out of bounds).
            if mode == .grid, (0...grid.maxOffset).contains(grid.offset(at: time)) { grid.stop(at: time) }
        case .tap(let p, let time):
            tap(at: p, time: time)
        case .doubleTap(let p, let time):
            if mode == .browsing, !pager.isSettling { zoom.toggleZoom(at: p, time: time) }
        case .longPress(let p, let time):
            if mode == .grid { grid.selection = grid.index(at: p, time: time) }
            if mode == .browsing { (heldPage, heldFrom) = (pager.index, p) }
        case .panBegan(let start, let point, let time):
            heldPage = nil
            beginPan(from: start, to: point, time: time)
        case .panChanged(let translation, _, let time):
            movePan(translation, time: time)
        case .panEnded(let translation, let velocity, _, let time):
            movePan(translation, time: time)
            endPan(velocity: velocity, time: time)
        case .pinchBegan(let focal, let time):
            // Mid-settle the page is about to change under the fingers: let it land first.
            heldPage = nil
            guard mode == .browsing, !pager.isSettling, !pager.isDragging else { break }
            panOwner = .pinch
            zoom.beginPinch(focal: focal, time: time)
        case .pinchChanged(let scale, let focal, _):
            if panOwner == .pinch { zoom.changePinch(scale: scale, focal: focal) }
        case .pinchEnded(_, let focal, let time):
            if panOwner == .pinch { zoom.endPinch(focal: focal, time: time); panOwner = .none }
        }
    }

    private mutating func tap(at p: Point, time: Double) {
        switch mode {
        case .grid:
            if let i = grid.index(at: p, time: time) { grid.selection = i; present(i, time: time) }
        case .browsing:
            let action = tapOpensControls ? .controls : lastContactWasMouse ? pageTap.byMouse : pageTap.byTouch
            if action == .controls { gestureEffects.append(.pageTapped) } else { dismiss(time: time) }
        case .presenting, .dismissing:
            reverseTransition(time: time)
        case .lifting:
            break
        }
    }

    private mutating func beginPan(from start: Point, to point: Point, time: Double) {
        panOwner = .none
        let d = point - start
        switch mode {
        case .grid:
            panOwner = .grid
            grid.beginDrag(at: time)
        case .browsing:
            let horizontal = abs(d.x) > abs(d.y)
            if horizontal {
                pager.beginDrag(at: time)
                if zoom.isZoomedIn(at: time) || zoom.frame(at: time).width > viewport.width + 0.5 {
                    panOwner = .zoom
                    zoom.beginPan(time: time)
                } else {
                    panOwner = .pager
                }
            } else if swipeUpShowsFacts, d.y < 0, !pager.isSettling, !zoom.isZoomedIn(at: time), zoom.frame(at: time).height <= viewport.height + 0.5 {
                // A long photo at width fit scrolls instead.
                gestureEffects.append(.swipedUp)
            } else if d.y > 0, zoom.isAtTopEdge(at: time), !pager.isSettling {
                panOwner = .lift
                mode = .lifting
                let frame = zoom.frame(at: time).offsetBy(dx: pager.pageOrigin(pager.index, at: time), dy: 0)
                // Anchored where the finger went down, and measured from there (`translationY` in docs/behaviour.md §4),
                // so the finger holds the very point it touched.
                lift = DismissLift(baseFrame: frame, start: start, windowHeight: viewport.height)
            } else {
                panOwner = .zoom
                pager.beginDrag(at: time)
                zoom.beginPan(time: time)
            }
        default:
            break
        }
        // The finger is already past the slop: content catches up with it at once.
        movePan(d, time: time)
    }

    private mutating func movePan(_ translation: Point, time: Double) {
        switch panOwner {
        case .grid: grid.drag(translationY: translation.y, at: time)
        case .pager: pager.drag(translation: translation.x)
        case .zoom: pager.drag(translation: zoom.pan(translation: translation))
        case .lift: lift?.move(translation: translation)
        case .none, .pinch: break
        }
    }

    private mutating func endPan(velocity: Point, time: Double) {
        let owner = panOwner
        panOwner = .none
        switch owner {
        case .grid:
            grid.endDrag(velocityY: velocity.y, at: time)
        case .pager:
            pager.release(velocity: velocity.x, at: time)
        case .zoom:
            let handedOff = abs(pager.offset(at: time)) > 0.5
            pager.release(velocity: handedOff ? velocity.x : 0, at: time)
            zoom.endPan(velocity: velocity, handedOff: handedOff, time: time)
        case .lift:
            guard var l = lift else { return }
            if l.shouldDismiss(velocityY: velocity.y) {
                dismiss(time: time)
            } else {
                l.beginSpringBack(at: time)
                lift = l
            }
        case .none, .pinch:
            break
        }
    }
}
