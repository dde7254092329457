import CCurl
import Foundation

extension Transfer {
    /// Turns curl's result and what arrived into the consumers' result.
    func result(for code: CURLcode, configuration: NetworkConfiguration) -> Result<Response, NetworkError> {
        let host = request.url.host ?? request.url.absoluteString
        let message = easy.message(for: code)
        switch code {
        case CURLE_OK:
            let status = easy.responseCode
            guard (200..<300).contains(status) || status == 304 else { return .failure(.httpStatus(status)) }
            let url = easy.effectiveURL.flatMap(URL.init(string:)) ?? request.url
            return .success(Response(url: url, statusCode: status, headers: headers, body: body,
                                     httpVersion: easy.httpVersion))
        case CURLE_HTTP_RETURNED_ERROR:
            return .failure(.httpStatus(easy.responseCode))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .failure(.dnsFailure(host: host))
        case CURLE_COULDNT_CONNECT:
            return .failure(.connectionRefused(host: host))
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return .failure(.connectionReset(host: host))
        case CURLE_OPERATION_TIMEDOUT:
            // curl uses one code for both; its message names the low-speed abort.
            if message.localizedCaseInsensitiveContains("too slow") {
                return .failure(.tooSlow(bytesPerSecond: configuration.lowSpeedLimitBytesPerSecond,
                                         seconds: configuration.lowSpeedWindow))
            }
            return .failure(.timedOut(seconds: configuration.connectTimeout))
        case CURLE_PARTIAL_FILE:
            return .failure(.truncatedBody(received: Int64(body.count), expected: easy.contentLength))
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .failure(.disallowedRedirect(to: easy.redirectURL ?? easy.effectiveURL ?? "?"))
        case CURLE_TOO_MANY_REDIRECTS:
            return .failure(.tooManyRedirects(limit: configuration.maxRedirects))
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(.tooLarge(limit: configuration.maxResponseBytes))
        case CURLE_WRITE_ERROR where refusedRedirect != nil:
            return .failure(.redirectOffHost(to: refusedRedirect!))
        case CURLE_WRITE_ERROR where exceededSizeLimit:
            return .failure(.tooLarge(limit: configuration.maxResponseBytes))
        case CURLE_PEER_FAILED_VERIFICATION:
            return .failure(.untrustedCertificate(message))
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CIPHER:
            return .failure(.tls(message))
        case CURLE_URL_MALFORMAT:
            return .failure(.invalidURL(request.url.absoluteString))
        default:
            return .failure(.transport(code: Int(code.rawValue), message: message))
        }
    }
}
