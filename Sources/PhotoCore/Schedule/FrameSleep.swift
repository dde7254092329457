/// Whether the frame sleeps (docs/behaviour.md §16): the schedule's sleeping part of the day,
/// `sleep` and `wake` commands, and a touch that wakes it until `--idle` passes without input.
/// The shell tells it the local time of day, app time and input; it answers the changes, once
/// each, for the shell to carry out (black screen, `--on-sleep`, `sleep` event ...).
public struct FrameSleep: Equatable, Sendable {
    public enum Change: Equatable, Sendable { case sleep, wake }

    public private(set) var schedule: SleepSchedule?
    /// How long a frame woken in the sleeping part of the day stays awake without input (ms).
    public let idleMs: Double
    public private(set) var isAsleep = false
    /// The schedule's answer when last asked: a change of it overrides any command or touch.
    private var scheduledSleep: Bool?
    /// Woken by hand in the sleeping part of the day: it sleeps again after `idleMs` without input.
    private var wokenByHand = false
    private var lastInputMs = 0.0
    /// The schedule it slept by was taken away: it wakes at the next step.
    private var pendingWake = false
    /// Presses that woke it, swallowed to their end so the scene never sees half a gesture.
    private var wakingPresses: Set<Int> = []

    public init(schedule: SleepSchedule?, idleMs: Double) {
        self.schedule = schedule
        self.idleMs = idleMs
    }

    /// Another schedule (the config file changed): the next step follows it, sleeping or waking
    /// the frame at once where it says otherwise than the frame is.
    public mutating func replaceSchedule(_ new: SleepSchedule?) {
        guard new != schedule else { return }
        // No schedule any more: a frame that slept by it (not by a command) wakes.
        pendingWake = new == nil && isAsleep && scheduledSleep == true
        schedule = new
        scheduledSleep = nil
        wokenByHand = false
    }

    /// Time moves on: `second` of the local day, `now` in app ms.
    public mutating func advance(localSecond second: Double, now: Double) -> Change? {
        if pendingWake {
            pendingWake = false
            return set(asleep: false)
        }
        if let schedule {
            let due = schedule.isSleepTime(second)
            if due != scheduledSleep {
                scheduledSleep = due
                wokenByHand = false
                return set(asleep: due)
            }
        }
        if wokenByHand, !isAsleep, now - lastInputMs >= idleMs {
            wokenByHand = false
            return set(asleep: true)
        }
        return nil
    }

    /// What the shell does with an input event while `take` is asked.
    public enum Verdict: Equatable, Sendable { case passOn, swallow, wake }

    /// Input: any input counts against the idle time; a press while asleep wakes the frame and
    /// is swallowed to its end, as is everything else while asleep.
    public mutating func take(_ input: InputEvent, at now: Double) -> Verdict {
        let id: Int? = switch input {
        case .touch(let t): t.id
        case .mouseDown, .mouseUp, .mouseMove: Touch.mouseID
        default: nil
        }
        switch input {
        case .resize, .itemLoaded, .itemUnloaded: return .passOn
        default: lastInputMs = now
        }
        if let id, wakingPresses.contains(id) {
            if case .touch(let t) = input, t.phase == .ended || t.phase == .cancelled { wakingPresses.remove(id) }
            if case .mouseUp = input { wakingPresses.remove(id) }
            return .swallow
        }
        guard isAsleep else { return .passOn }
        switch input {
        case .touch(let t) where t.phase == .began: wakingPresses.insert(t.id)
        case .mouseDown: wakingPresses.insert(Touch.mouseID)
        case .key: break
        default: return .swallow
        }
        wakeByHand(at: now)
        return .wake
    }

    /// A `sleep` or `wake` command: it holds until the schedule's next change; a wake in the
    /// sleeping part of the day lasts, like a touch's, until `idleMs` without input.
    public mutating func command(_ change: Change, at now: Double) -> Change? {
        switch change {
        case .sleep:
            wokenByHand = false
            return set(asleep: true)
        case .wake:
            lastInputMs = now
            guard isAsleep else { return nil }
            wakeByHand(at: now)
            return .wake
        }
    }

    /// How long (ms) an idle loop may wait before `advance` has something to say; nil: never.
    public func wakeMs(localSecond second: Double, now: Double) -> Double? {
        let scheduled = schedule.map { $0.secondsUntilChange(from: second) * 1000 }
        let idle = wokenByHand && !isAsleep ? lastInputMs + idleMs - now : nil
        return [scheduled, idle].compactMap { $0 }.min()
    }

    private mutating func wakeByHand(at now: Double) {
        isAsleep = false
        lastInputMs = now
        wokenByHand = scheduledSleep == true
    }

    private mutating func set(asleep: Bool) -> Change? {
        guard asleep != isAsleep else { return nil }
        isAsleep = asleep
        return asleep ? .sleep : .wake
    }
}
