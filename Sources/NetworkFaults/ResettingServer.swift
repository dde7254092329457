import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fault for tests: a TCP peer on 127.0.0.1 that answers every request with a 200 status line,
/// headers announcing `announcedLength` bytes and the first `sentLength` of them, waits `hold`
/// (so the client has read them) and then resets the connection: `SO_LINGER` {on, 0} makes
/// `close` send RST instead of FIN. FlyingFox only closes connections cleanly, which a client
/// sees as a short body, not as a reset; hence this raw socket.
public final class ResettingServer: @unchecked Sendable {
    // Sendable: `listener` and the configuration are immutable; `served` is guarded by `lock`.
    public let port: UInt16
    private let listener: Int32
    private let announcedLength: Int
    private let sentLength: Int
    private let hold: TimeInterval
    private let lock = NSLock()
    private var served = 0

    public init(announcedLength: Int, sentLength: Int, hold: TimeInterval = 0.3) throws {
        precondition(sentLength < announcedLength, "the reset must come mid-body")
        self.announcedLength = announcedLength
        self.sentLength = sentLength
        self.hold = hold
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ResettingServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw ResettingServerError.socket(code)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Where a request lands, e.g. `http://127.0.0.1:40123/photo.jpg`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(path)")! }

    /// Connections answered and reset so far.
    public var resets: Int { lock.withLock { served } }

    /// Stops accepting; connections being answered finish their reset.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in answer(connection) }
        }
    }

    private func answer(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) && request.count < 65_536 {
            let n = recv(connection, &buffer, buffer.count, 0)
            guard n > 0 else { close(connection); return }
            request += buffer[0..<n]
        }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: \(announcedLength)\r\n\r\n"
        let bytes = Array(head.utf8) + [UInt8](repeating: 0xAB, count: sentLength)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            offset += n
        }
        Thread.sleep(forTimeInterval: hold)
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        // Counted before the reset, so a client that has seen it also sees the count.
        lock.withLock { served += 1 }
        close(connection)
    }
}

public enum ResettingServerError: Error {
    case socket(Int32)
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
