import CCurl
import CCurlShim
import Foundation

/// The process-wide libcurl initialisation, done once before the first handle.
enum CurlGlobal {
    static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
}

/// One libcurl multi handle. Everything but ``wakeup()`` must be called on the thread that
/// drives it (the network thread); ``wakeup()`` may be called from any thread.
final class CurlMulti {
    private let handle: UnsafeMutableRawPointer
    /// The easy handles added and not yet removed, by address, so that a finished transfer's
    /// raw handle maps back to its wrapper without the caller seeing the pointer.
    private var added: [UnsafeMutableRawPointer: CurlEasy] = [:]

    init(maxConnectionsPerHost: Int) throws {
        guard CurlGlobal.initialised else { throw CurlSetupError(call: "curl_global_init", message: "failed") }
        guard let handle = curl_multi_init() else {
            throw CurlSetupError(call: "curl_multi_init", message: "out of memory")
        }
        self.handle = handle
        try check(sdlphoto_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost), "MAX_HOST_CONNECTIONS")
        // HTTP/2 streams share one connection per host where the server offers it.
        try check(sdlphoto_multi_setopt_long(handle, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX)), "PIPELINING")
    }

    deinit {
        for easy in added.values { curl_multi_remove_handle(handle, easy.handle) }
        curl_multi_cleanup(handle)
    }

    func add(_ easy: CurlEasy) throws {
        try check(curl_multi_add_handle(handle, easy.handle), "curl_multi_add_handle")
        added[easy.handle] = easy
    }

    /// Takes a transfer out at once, running or not: its connection is closed or returned to the pool.
    func remove(_ easy: CurlEasy) {
        guard added.removeValue(forKey: easy.handle) != nil else { return }
        // Only fails for a handle that is not in this multi, which `added` rules out.
        _ = curl_multi_remove_handle(handle, easy.handle)
    }

    /// Moves every transfer forward as far as it can without blocking.
    func perform() throws {
        var running: Int32 = 0
        try check(curl_multi_perform(handle, &running), "curl_multi_perform")
    }

    /// The next finished transfer and its result, nil when none is waiting. The transfer stays
    /// added until ``remove(_:)``.
    func nextFinished() -> (CurlEasy, CURLcode)? {
        var easyHandle: UnsafeMutableRawPointer?
        var result = CURLE_OK
        while sdlphoto_multi_next_done(handle, &easyHandle, &result) != 0 {
            if let easyHandle, let easy = added[easyHandle] { return (easy, result) }
        }
        return nil
    }

    /// Sleeps until a socket is ready, ``wakeup()`` is called, or the timeout passes.
    func poll(timeoutMilliseconds: Int32) throws {
        var ready: Int32 = 0
        try check(curl_multi_poll(handle, nil, 0, timeoutMilliseconds, &ready), "curl_multi_poll")
    }

    /// Ends a ``poll(timeoutMilliseconds:)`` early. Thread safe.
    func wakeup() {
        // Fails only for a bad handle; a missed wake-up costs at most one poll timeout.
        _ = curl_multi_wakeup(handle)
    }

    private func check(_ code: CURLMcode, _ call: String) throws {
        guard code == CURLM_OK else {
            throw CurlSetupError(call: call, message: String(cString: curl_multi_strerror(code)))
        }
    }
}
