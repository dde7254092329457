import CSDL2
import PhotoCore

/// Reads SDL's event queue and hands out `PlatformEvent`s; also the way other threads wake the
/// loop and the way scripted input enters the same queue. Main thread only, except `wake()`.
public final class EventSource: @unchecked Sendable {
    // Sendable: only `wake()` is called off the main thread, and it reads the immutable `wakeType`.
    private let wakeType: UInt32
    private let windowSize: () -> Size
    /// Where the pointer was last reported. X11 can report the pointer again, where it already was,
    /// each time another window opens over it or closes: that is not a person's input, and on a
    /// photo frame it would keep a touch-woken screen awake forever.
    private var pointer: (x: Int32, y: Int32)?
    /// The last batch ended with the window event `ENTER`, so a move first in this one crossed the edge.
    private var lastWasEnter = false

    public init(windowSize: @escaping () -> Size) {
        wakeType = SDL_RegisterEvents(1)
        self.windowSize = windowSize
    }

    /// Wakes a loop blocked in `wait`. Safe from any thread.
    public func wake() {
        var e = SDL_Event()
        e.type = wakeType
        SDL_PushEvent(&e)
    }

    /// Waits at most `timeoutMs` (0: just poll; -1: until an event) for the first event, then takes every event queued.
    public func next(timeoutMs: Int) -> [PlatformEvent] {
        var e = SDL_Event()
        var events: [PlatformEvent] = []
        let got = timeoutMs == 0 ? SDL_PollEvent(&e) : SDL_WaitEventTimeout(&e, Int32(clamping: timeoutMs))
        guard got == 1 else { return [] }
        var raw: [SDL_Event] = []
        repeat { raw.append(e) } while SDL_PollEvent(&e) == 1
        for (i, event) in raw.enumerated() {
            if isCrossing(at: i, in: raw) { continue }
            if let t = translate(event) { events.append(t) }
        }
        lastWasEnter = raw.last.map { isWindowEvent($0, SDL_WINDOWEVENT_ENTER) } ?? false
        return events
    }

    /// SDL reports the pointer's place as it crosses the window's edge: a move right after the
    /// window event `ENTER`, or right before `LEAVE`. Under X11 that happens whenever another
    /// window opens over ours or closes; it is not a person's input, and the place it reports is
    /// the real pointer's, which a replay's moves never were.
    private func isCrossing(at i: Int, in raw: [SDL_Event]) -> Bool {
        guard raw[i].type == SDL_MOUSEMOTION.rawValue else { return false }
        let afterEnter = i == 0 ? lastWasEnter : isWindowEvent(raw[i - 1], SDL_WINDOWEVENT_ENTER)
        return afterEnter || (i + 1 < raw.count && isWindowEvent(raw[i + 1], SDL_WINDOWEVENT_LEAVE))
    }

    private func isWindowEvent(_ e: SDL_Event, _ kind: SDL_WindowEventID) -> Bool {
        e.type == SDL_WINDOWEVENT.rawValue && UInt32(e.window.event) == kind.rawValue
    }

    private func translate(_ e: SDL_Event) -> PlatformEvent? {
        let size = windowSize()
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case wakeType:
            return .wake
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case UInt32(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue), UInt32(SDL_WINDOWEVENT_RESIZED.rawValue): return .resized
            case UInt32(SDL_WINDOWEVENT_EXPOSED.rawValue), UInt32(SDL_WINDOWEVENT_SHOWN.rawValue): return .exposed
            default: return nil
            }
        case SDL_KEYDOWN.rawValue:
            return .key(name: KeyName.of(e.key.keysym))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            let phase: PlatformEvent.Phase = e.type == SDL_FINGERDOWN.rawValue ? .down : e.type == SDL_FINGERUP.rawValue ? .up : .move
            return .finger(id: f.fingerId, phase: phase, x: Double(f.x) * size.width, y: Double(f.y) * size.height)
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            guard b.which != touchMouseID else { return nil }  // already seen as a finger
            pointer = (b.x, b.y)
            return .mouseButton(down: e.type == SDL_MOUSEBUTTONDOWN.rawValue, button: Int(b.button),
                                x: Double(b.x), y: Double(b.y))
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.which != touchMouseID, pointer.map({ $0 != (m.x, m.y) }) ?? true else { return nil }
            pointer = (m.x, m.y)
            return .mouseMove(x: Double(m.x), y: Double(m.y))
        case SDL_MOUSEWHEEL.rawValue:
            let w = e.wheel
            guard w.which != touchMouseID else { return nil }
            // Where the pointer was when the wheel turned (SDL 2.26 fills it in; a replay sets it).
            let ctrl = (SDL_GetModState().rawValue & KMOD_CTRL.rawValue) != 0
            return .wheel(dx: Double(w.preciseX), dy: Double(w.preciseY), x: Double(w.mouseX), y: Double(w.mouseY), ctrl: ctrl)
        default:
            return nil
        }
    }
}

/// SDL key names, with the shifted characters our shortcuts use ("?" and "+") resolved.
enum KeyName {
    static func of(_ keysym: SDL_Keysym) -> String {
        let shift = (UInt32(keysym.mod) & KMOD_SHIFT.rawValue) != 0
        switch Int(keysym.sym) {
        case Int(SDLK_SLASH.rawValue) where shift: return "?"
        case Int(SDLK_EQUALS.rawValue) where shift: return "+"
        case Int(SDLK_KP_PLUS.rawValue): return "+"
        case Int(SDLK_KP_MINUS.rawValue): return "-"
        case Int(SDLK_KP_ENTER.rawValue): return "Return"
        default: return String(cString: SDL_GetKeyName(keysym.sym))
        }
    }
}

/// SDL_TOUCH_MOUSEID, `(Uint32)-1`: the `which` of mouse events SDL makes up from touches.
private let touchMouseID = UInt32.max
