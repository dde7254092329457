/// Turns raw touches into gestures, one gesture owning each touch sequence (from the first finger
/// down until the last finger up). A state machine driven by timestamped touches and by
/// `advance(to:)`, which fires the timers (the pending single tap, the long press).
public struct GestureRecognizer: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        case idle
        /// One finger down, not yet moved past the slop: a tap, a long press, or a pan to come.
        case possible(id: Int, start: Point, time: Double)
        case panning(id: Int, start: Point)
        case pinching(a: Int, b: Int, distance: Double)
        /// The owner is done (long press fired, pinch ended); wait for every finger to lift.
        case finished
    }

    private(set) var phase: Phase = .idle
    private var fingers: [Int: Point] = [:]
    private var tracker = VelocityTracker()
    /// A completed first tap waiting out the double-tap window.
    private var pendingTap: (point: Point, time: Double)?
    /// Set while the current sequence started inside the double-tap window.
    private var secondTapCandidate: Point?
    /// With double taps disabled: the last tap, fired at once; a second one close by in time and
    /// place is still reported as a double tap (a double-click on a grid cell opens it once).
    private var lastImmediateTap: (point: Point, time: Double)?

    /// When false (the grid, a flight) a tap fires the moment the finger lifts: nothing else
    /// would claim a second tap, so there is nothing to wait for.
    public var doubleTapEnabled = true

    public init() {}

    public var isTracking: Bool { !fingers.isEmpty }

    /// The earliest time a timer fires: the pending single tap, or a long press.
    public var nextDeadline: Double? {
        var deadlines: [Double] = []
        if let pendingTap, secondTapCandidate == nil { deadlines.append(pendingTap.time + GestureConstants.doubleTapWindow) }
        if case .possible(_, _, let time) = phase { deadlines.append(time + GestureConstants.longPressDuration) }
        return deadlines.min()
    }

    public mutating func handle(_ touch: Touch) -> [Gesture] {
        var out = advance(to: touch.time)
        switch touch.phase {
        case .began: out += began(touch)
        case .moved: out += moved(touch)
        case .ended: out += ended(touch, cancelled: false)
        case .cancelled: out += ended(touch, cancelled: true)
        }
        return out
    }

    /// Fires the timers due by `time`.
    public mutating func advance(to time: Double) -> [Gesture] {
        var out: [Gesture] = []
        if case .possible(_, let start, let downTime) = phase, time >= downTime + GestureConstants.longPressDuration {
            phase = .finished
            // A tap followed by a press-and-hold is neither a double tap nor a late single tap.
            if secondTapCandidate != nil { pendingTap = nil }
            secondTapCandidate = nil
            out.append(.longPress(start, time: downTime + GestureConstants.longPressDuration))
        }
        if let tap = pendingTap, secondTapCandidate == nil, time >= tap.time + GestureConstants.doubleTapWindow {
            pendingTap = nil
            out.append(.tap(tap.point, time: tap.time + GestureConstants.doubleTapWindow))
        }
        return out
    }

    private mutating func began(_ touch: Touch) -> [Gesture] {
        fingers[touch.id] = touch.point
        switch phase {
        case .idle:
            phase = .possible(id: touch.id, start: touch.point, time: touch.time)
            tracker.reset()
            tracker.add(touch.point, time: touch.time)
            if let tap = pendingTap, touch.time - tap.time <= GestureConstants.doubleTapWindow,
               tap.point.distance(to: touch.point) <= GestureConstants.doubleTapDistance {
                secondTapCandidate = tap.point
            } else if let tap = pendingTap {
                // A new sequence far away or late: the first tap stands on its own, now.
                pendingTap = nil
                return [.tap(tap.point, time: touch.time), .touchDown(touch.point, time: touch.time)]
            }
            return [.touchDown(touch.point, time: touch.time)]
        case .possible(let id, _, _):
            return startPinch(id, touch.id, time: touch.time)
        case .panning(let id, _):
            let end = Gesture.panEnded(translation: .zero, velocity: .zero, point: fingers[id] ?? touch.point, time: touch.time)
            return [end] + startPinch(id, touch.id, time: touch.time)
        case .pinching, .finished:
            return []
        }
    }

    private mutating func startPinch(_ a: Int, _ b: Int, time: Double) -> [Gesture] {
        guard let pa = fingers[a], let pb = fingers[b] else { return [] }
        phase = .pinching(a: a, b: b, distance: max(pa.distance(to: pb), 1))
        secondTapCandidate = nil
        pendingTap = nil
        return [.pinchBegan(focal: Point.lerp(pa, pb, 0.5), time: time)]
    }

    private mutating func moved(_ touch: Touch) -> [Gesture] {
        guard fingers[touch.id] != nil else { return [] }
        fingers[touch.id] = touch.point
        switch phase {
        case .possible(let id, let start, _) where id == touch.id:
            tracker.add(touch.point, time: touch.time)
            guard touch.point.distance(to: start) > GestureConstants.tapSlop else { return [] }
            phase = .panning(id: id, start: start)
            secondTapCandidate = nil
            pendingTap = nil
            return [.panBegan(start: start, point: touch.point, time: touch.time)]
        case .panning(let id, let start) where id == touch.id:
            tracker.add(touch.point, time: touch.time)
            return [.panChanged(translation: touch.point - start, point: touch.point, time: touch.time)]
        case .pinching(let a, let b, let distance) where touch.id == a || touch.id == b:
            guard let pa = fingers[a], let pb = fingers[b] else { return [] }
            return [.pinchChanged(scale: pa.distance(to: pb) / distance, focal: Point.lerp(pa, pb, 0.5), time: touch.time)]
        default:
            return []
        }
    }

    private mutating func ended(_ touch: Touch, cancelled: Bool) -> [Gesture] {
        guard fingers[touch.id] != nil else { return [] }
        let before = fingers
        fingers[touch.id] = nil
        var out: [Gesture] = []
        switch phase {
        case .possible(let id, let start, let downTime) where id == touch.id:
            phase = .finished
            let isTap = !cancelled && touch.time - downTime <= GestureConstants.tapMaximumDuration
                && touch.point.distance(to: start) <= GestureConstants.tapSlop
            let moved = touch.point.distance(to: start) > GestureConstants.tapSlop
            if moved, !cancelled {
                // Lifted past the slop with no move reported in between: still a pan.
                secondTapCandidate = nil
                pendingTap = nil
                tracker.add(touch.point, time: touch.time)
                out.append(.panBegan(start: start, point: touch.point, time: touch.time))
                out.append(.panEnded(translation: touch.point - start, velocity: tracker.velocity(at: touch.time),
                                     point: touch.point, time: touch.time))
            } else if isTap {
                if secondTapCandidate != nil {
                    pendingTap = nil
                    out.append(.doubleTap(start, time: touch.time))
                } else if !doubleTapEnabled {
                    if let last = lastImmediateTap, touch.time - last.time <= GestureConstants.doubleTapWindow,
                       last.point.distance(to: start) <= GestureConstants.doubleTapDistance {
                        lastImmediateTap = nil
                        out.append(.doubleTap(start, time: touch.time))
                    } else {
                        lastImmediateTap = (start, touch.time)
                        out.append(.tap(start, time: touch.time))
                    }
                } else {
                    pendingTap = (start, touch.time)
                }
            } else {
                pendingTap = nil
            }
            secondTapCandidate = nil
        case .panning(let id, let start) where id == touch.id:
            phase = .finished
            tracker.add(touch.point, time: touch.time)
            let v = cancelled ? .zero : tracker.velocity(at: touch.time)
            out.append(.panEnded(translation: touch.point - start, velocity: v, point: touch.point, time: touch.time))
        case .pinching(let a, let b, let distance) where touch.id == a || touch.id == b:
            phase = .finished
            let pa = before[a] ?? touch.point, pb = before[b] ?? touch.point
            out.append(.pinchEnded(scale: pa.distance(to: pb) / distance, focal: Point.lerp(pa, pb, 0.5), time: touch.time))
        default:
            break
        }
        if fingers.isEmpty { phase = .idle }
        return out
    }

    public static func == (a: GestureRecognizer, b: GestureRecognizer) -> Bool {
        a.phase == b.phase && a.fingers == b.fingers && a.tracker == b.tracker
            && a.pendingTap?.point == b.pendingTap?.point && a.pendingTap?.time == b.pendingTap?.time
            && a.secondTapCandidate == b.secondTapCandidate && a.doubleTapEnabled == b.doubleTapEnabled
    }
}
