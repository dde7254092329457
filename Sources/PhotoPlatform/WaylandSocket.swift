import Glibc

/// The socket a Wayland compositor listens on, as libwayland finds it: `WAYLAND_DISPLAY` itself
/// when it is a path, else that name in `XDG_RUNTIME_DIR`.
struct WaylandSocket: Equatable {
    let path: String

    init(path: String) { self.path = path }

    init?(display: String?, runtimeDir: String?) {
        guard let display, !display.isEmpty else { return nil }
        if display.hasPrefix("/") {
            path = display
        } else {
            guard let runtimeDir, !runtimeDir.isEmpty else { return nil }
            path = runtimeDir + "/" + display
        }
    }

    static func fromEnvironment() -> WaylandSocket? {
        WaylandSocket(display: getenv("WAYLAND_DISPLAY").map { String(cString: $0) }, runtimeDir: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) })
    }

    /// A compositor accepts a connection on it. A socket file left by one that died refuses.
    func answers() -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }
}
