import CCurl
import CCurlShim
import Foundation

/// A failed libcurl setup call (curl_easy_setopt, curl_multi_add_handle...), with curl's message.
struct CurlSetupError: Error {
    let call: String
    let message: String
}

/// One libcurl easy handle and everything whose address it holds (header list, error buffer,
/// callback context). The only place in PhotoNetwork that sees an easy handle's pointer.
///
/// Not thread safe: create, configure and read it on the network thread only. The callbacks run
/// inside `curl_multi_perform`, so also on the network thread.
final class CurlEasy {
    /// Raw handle, for ``CurlMulti`` only.
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// A chunk of body; return false to abort the transfer (it then ends with CURLE_WRITE_ERROR).
    var onBody: ((Data) -> Bool)?
    /// One header line without its CR LF, status lines ("HTTP/1.1 200 OK") included; return
    /// false to abort the transfer (it then ends with CURLE_WRITE_ERROR).
    var onHeaderLine: ((String) -> Bool)?
    /// Bytes received so far and the announced total (0 when unknown).
    var onProgress: ((Int64, Int64) -> Void)?

    init() throws {
        guard let handle = curl_easy_init() else {
            throw CurlSetupError(call: "curl_easy_init", message: "out of memory")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(sdlphoto_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(sdlphoto_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlBodyTrampoline), "WRITEFUNCTION")
        try check(sdlphoto_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context), "WRITEDATA")
        try check(sdlphoto_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderTrampoline), "HEADERFUNCTION")
        try check(sdlphoto_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context), "HEADERDATA")
        try check(sdlphoto_easy_setopt_progress_callback(handle, curlProgressTrampoline), "XFERINFOFUNCTION")
        try check(sdlphoto_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context), "XFERINFODATA")
        try set(CURLOPT_NOPROGRESS, 0)
        // Signals are no way to time out a resolver on a thread of a multi-threaded program.
        try set(CURLOPT_NOSIGNAL, 1)
    }

    deinit {
        // The owner removes the handle from its multi handle before letting go of it.
        curl_easy_cleanup(handle)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(sdlphoto_easy_setopt_long(handle, option, value), "\(option)")
    }

    func set(_ option: CURLoption, _ value: Int64) throws {
        try check(sdlphoto_easy_setopt_off_t(handle, option, curl_off_t(value)), "\(option)")
    }

    /// curl copies the string (since 7.17), so a temporary is fine.
    func set(_ option: CURLoption, _ value: String) throws {
        try check(sdlphoto_easy_setopt_string(handle, option, value), "\(option)")
    }

    /// Request headers, "Name: value" each; kept alive here as long as the handle.
    func setHeaders(_ lines: [String]) throws {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let extended = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw CurlSetupError(call: "curl_slist_append", message: "out of memory")
            }
            list = extended
        }
        if let headerList { curl_slist_free_all(headerList) }
        headerList = list
        try check(sdlphoto_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(list)), "HTTPHEADER")
    }

    /// CURLINFO_RESPONSE_CODE of the last response (0 when none arrived).
    var responseCode: Int {
        var code = 0
        return sdlphoto_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0
    }

    /// CURLINFO_HTTP_VERSION: the protocol of the last response (nil when none arrived).
    var httpVersion: HTTPVersion? {
        var version = 0
        guard sdlphoto_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version) == CURLE_OK else { return nil }
        switch version {
        case CURL_HTTP_VERSION_1_0: return .http1_0
        case CURL_HTTP_VERSION_1_1: return .http1_1
        case CURL_HTTP_VERSION_2_0: return .http2
        case CURL_HTTP_VERSION_3: return .http3
        default: return nil
        }
    }

    /// CURLINFO_HTTPAUTH_AVAIL: the CURLAUTH methods the last 401 offered (0 when none came).
    var offeredAuthentication: Int {
        var methods = 0
        return sdlphoto_easy_getinfo_long(handle, CURLINFO_HTTPAUTH_AVAIL, &methods) == CURLE_OK ? methods : 0
    }

    /// CURLINFO_EFFECTIVE_URL: the last URL used, after redirects.
    var effectiveURL: String? { string(CURLINFO_EFFECTIVE_URL) }

    /// CURLINFO_REDIRECT_URL: where the last response's Location pointed.
    var redirectURL: String? { string(CURLINFO_REDIRECT_URL) }

    /// The Content-Length of the last response, nil when it had none.
    var contentLength: Int64? {
        var length: curl_off_t = -1
        guard sdlphoto_easy_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK,
              length >= 0 else { return nil }
        return Int64(length)
    }

    /// curl's detailed message for the last failure (the error buffer), else its generic one.
    func message(for code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private func string(_ info: CURLINFO) -> String? {
        var text: UnsafePointer<CChar>?
        guard sdlphoto_easy_getinfo_string(handle, info, &text) == CURLE_OK, let text else { return nil }
        return String(cString: text)
    }

    private func check(_ code: CURLcode, _ call: String) throws {
        guard code == CURLE_OK else {
            throw CurlSetupError(call: "curl_easy_setopt(\(call))", message: String(cString: curl_easy_strerror(code)))
        }
    }
}

// C callbacks: the context is the CurlEasy, unretained (it outlives its handle's transfers).

private let curlBodyTrampoline: sdlphoto_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let easy = Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    let keep = easy.onBody?(Data(bytes: data, count: length)) ?? true
    return keep ? length : 0
}

private let curlHeaderTrampoline: sdlphoto_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let easy = Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if let data, length > 0 {
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if easy.onHeaderLine?(line) == false { return 0 }
    }
    return length
}

private let curlProgressTrampoline: sdlphoto_curl_progress_callback = { context, total, now, _, _ in
    guard let context else { return 0 }
    let easy = Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
    easy.onProgress?(Int64(now), Int64(total))
    return 0
}
