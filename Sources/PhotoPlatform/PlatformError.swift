import CSDL2

/// Why the platform could not give us a window or a GL context; the message is for a person.
public struct PlatformError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    /// SDL's last error, as a Swift string.
    static var sdlError: String {
        guard let e = SDL_GetError() else { return "unknown SDL error" }
        let s = String(cString: e)
        return s.isEmpty ? "unknown SDL error" : s
    }
}
