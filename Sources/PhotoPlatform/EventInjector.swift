import CSDL2
import PhotoCore

/// Puts scripted input into SDL's real event queue, so a replay goes through the same path as a
/// person's input. Main thread only.
public struct EventInjector {
    /// The device id our scripted fingers claim to come from.
    static let touchDevice: SDL_TouchID = 4242
    private let windowSize: () -> Size

    public init(windowSize: @escaping () -> Size) { self.windowSize = windowSize }

    public func finger(id: Int64, phase: PlatformEvent.Phase, x: Double, y: Double) {
        let size = windowSize()
        var e = SDL_Event()
        e.type = switch phase {
        case .down: SDL_FINGERDOWN.rawValue
        case .move: SDL_FINGERMOTION.rawValue
        case .up: SDL_FINGERUP.rawValue
        }
        e.tfinger.timestamp = SDL_GetTicks()
        e.tfinger.touchId = EventInjector.touchDevice
        e.tfinger.fingerId = id
        e.tfinger.x = Float(x / max(size.width, 1))
        e.tfinger.y = Float(y / max(size.height, 1))
        e.tfinger.pressure = phase == .up ? 0 : 1
        SDL_PushEvent(&e)
    }

    public func mouseButton(down: Bool, x: Double, y: Double, clicks: Int = 1) {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.timestamp = SDL_GetTicks()
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = UInt8(clamping: clicks)
        e.button.x = Int32(x.rounded())
        e.button.y = Int32(y.rounded())
        SDL_PushEvent(&e)
    }

    public func mouseMove(x: Double, y: Double) {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = SDL_GetTicks()
        e.motion.x = Int32(x.rounded())
        e.motion.y = Int32(y.rounded())
        SDL_PushEvent(&e)
    }

    /// The pointer moves there first, as a person's would; the wheel event carries the place too
    /// (SDL 2.26's `mouseX`/`mouseY`), since an event pushed moves no real pointer.
    public func wheel(dx: Double, dy: Double, x: Double, y: Double) {
        mouseMove(x: x, y: y)
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.timestamp = SDL_GetTicks()
        e.wheel.mouseX = Int32(x.rounded())
        e.wheel.mouseY = Int32(y.rounded())
        e.wheel.x = Int32(dx.rounded())
        e.wheel.y = Int32(dy.rounded())
        e.wheel.preciseX = Float(dx)
        e.wheel.preciseY = Float(dy)
        SDL_PushEvent(&e)
    }

    /// Returns false when SDL knows no key of that name.
    @discardableResult
    public func key(_ name: String) -> Bool {
        var keycode = SDL_GetKeyFromName(name)
        var mod = KMOD_NONE.rawValue
        if name == "?" { keycode = SDL_Keycode(SDLK_SLASH.rawValue); mod = KMOD_LSHIFT.rawValue }
        if name == "+" { keycode = SDL_Keycode(SDLK_EQUALS.rawValue); mod = KMOD_LSHIFT.rawValue }
        guard keycode != SDL_Keycode(SDLK_UNKNOWN.rawValue) else { return false }
        for type in [SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue] {
            var e = SDL_Event()
            e.type = type
            e.key.timestamp = SDL_GetTicks()
            e.key.state = UInt8(type == SDL_KEYDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
            e.key.keysym.sym = keycode
            e.key.keysym.scancode = SDL_GetScancodeFromKey(keycode)
            e.key.keysym.mod = UInt16(mod)
            SDL_PushEvent(&e)
        }
        return true
    }
}
