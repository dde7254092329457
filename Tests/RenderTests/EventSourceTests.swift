import CSDL2
import PhotoCore
import PhotoPlatform
import Testing

/// What the event source counts as input, fed through SDL's real queue (no window needed).
/// docs/behaviour.md §16: a pointer that only crossed the window's edge, because another window
/// opened over ours or closed (X11 reports its place then), does not wake a sleeping frame.
@Suite(.serialized) struct EventSourceTests {
    init() throws {
        try #require(SDL_InitSubSystem(UInt32(SDL_INIT_EVENTS)) == 0, "SDL events: \(String(cString: SDL_GetError()))")
        SDL_FlushEvents(0, UInt32.max)
    }

    func push(window event: SDL_WindowEventID) {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(event.rawValue)
        SDL_PushEvent(&e)
    }

    func pushMove(_ x: Int32, _ y: Int32) {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.x = x
        e.motion.y = y
        SDL_PushEvent(&e)
    }

    @Test func aMoveThatOnlyCrossedTheEdgeIsNoInputAndTheNextRealMoveIs() {
        let source = EventSource(windowSize: { Size(width: 1280, height: 800) })
        pushMove(700, 420)
        #expect(source.next(timeoutMs: 0) == [.mouseMove(x: 700, y: 420)])
        // Another window opened over ours and closed: SDL reports the real pointer's place.
        pushMove(640, 400)
        push(window: SDL_WINDOWEVENT_LEAVE)
        push(window: SDL_WINDOWEVENT_ENTER)
        pushMove(640, 400)
        #expect(source.next(timeoutMs: 0) == [])
        // The replay's pointer never moved, so a move to where it was is still no input.
        pushMove(700, 420)
        #expect(source.next(timeoutMs: 0) == [])
        pushMove(710, 420)
        #expect(source.next(timeoutMs: 0) == [.mouseMove(x: 710, y: 420)])
    }

    @Test func anEnterAtTheEndOfOneBatchMakesTheFirstMoveOfTheNextACrossing() {
        let source = EventSource(windowSize: { Size(width: 1280, height: 800) })
        push(window: SDL_WINDOWEVENT_ENTER)
        #expect(source.next(timeoutMs: 0) == [])
        pushMove(300, 200)
        pushMove(310, 200)
        #expect(source.next(timeoutMs: 0) == [.mouseMove(x: 310, y: 200)])
    }
}
