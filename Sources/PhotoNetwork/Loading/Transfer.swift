import CCurl
import Foundation

/// One HTTP exchange on one easy handle, shared by every consumer that asked for the same
/// ``DataRequest``. Lives on the network thread only.
final class Transfer {
    /// A caller waiting for this transfer.
    struct Consumer {
        var priority: TransferPriority
        let progress: @Sendable (Int64, Int64?) -> Void
        let bodyPiece: (@Sendable (Data) -> Void)?
        let completion: @Sendable (Result<Response, NetworkError>) -> Void
    }

    let request: DataRequest
    let easy: CurlEasy
    /// Order of arrival: among equal priorities, the older starts first.
    let sequence: Int
    private let configuration: NetworkConfiguration
    private(set) var consumers: [Int: Consumer] = [:]
    private(set) var body = Data()
    private(set) var headers: [String: String] = [:]
    private(set) var exceededSizeLimit = false
    private var lastProgress: (received: Int64, total: Int64?) = (-1, nil)
    /// When it started on the wire or last received bytes (ProcessInfo.systemUptime seconds).
    private(set) var lastActivity: TimeInterval?
    /// A `staysOnHost` request's redirect to another host, which was not followed.
    private(set) var refusedRedirect: String?
    /// The status of the response whose headers are arriving.
    private var status = 0
    /// The key its server is given (`NetworkConfiguration.serverKeys`): with one, the transfer
    /// stays on its origin as a `staysOnHost` request does.
    private let serverKey: ServerKey?

    /// Marks the moment it goes on the wire.
    func started() { lastActivity = ProcessInfo.processInfo.systemUptime }

    /// `authentication`: the CURLAUTH methods to offer a host's server: Basic and Digest until its
    /// server has said which it wants (then Basic goes with the first request, not after a 401).
    init(request: DataRequest, sequence: Int, configuration: NetworkConfiguration, authentication: Int = Transfer.anyAuthentication) throws {
        self.request = request
        self.sequence = sequence
        self.configuration = configuration
        serverKey = configuration.serverKeys.first { $0.matches(request.url) }
        easy = try CurlEasy()
        try configure(authentication: authentication)
        easy.onBody = { [unowned self] chunk in receive(chunk) }
        easy.onHeaderLine = { [unowned self] line in receiveHeader(line) }
        easy.onProgress = { [unowned self] received, total in report(received: received, total: total > 0 ? total : nil) }
    }

    /// The highest priority among its consumers.
    var priority: TransferPriority { consumers.values.map(\.priority).max() ?? .prefetch }

    /// A consumer that joins a transfer on the wire gets the body so far first.
    func add(_ consumer: Consumer, id: Int) {
        consumers[id] = consumer
        if !body.isEmpty { consumer.bodyPiece?(body) }
    }

    func removeConsumer(_ id: Int) -> Consumer? { consumers.removeValue(forKey: id) }

    func setPriority(_ priority: TransferPriority, of id: Int) { consumers[id]?.priority = priority }

    /// Calls every consumer's completion once; the transfer is spent afterwards.
    func finish(_ result: Result<Response, NetworkError>) {
        if case .success(let response) = result {
            report(received: Int64(response.body.count), total: Int64(response.body.count))
        }
        let waiting = consumers.values
        consumers = [:]
        for consumer in waiting { consumer.completion(result) }
    }

    /// CURLAUTH_BASIC | CURLAUTH_DIGEST (C macros Swift does not import).
    static let anyAuthentication = 1 | 2

    private func configure(authentication: Int) throws {
        try easy.set(CURLOPT_URL, request.url.absoluteString)
        if request.method != "GET" { try easy.set(CURLOPT_CUSTOMREQUEST, request.method) }
        if let body = request.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, Int64(body.count))
            try easy.set(CURLOPT_COPYPOSTFIELDS, String(decoding: body, as: UTF8.self))
        }
        if let firstBytes = request.firstBytes { try easy.set(CURLOPT_RANGE, "0-\(firstBytes - 1)") }
        try easy.set(CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue))
        if let netrcFile = configuration.netrcFile { try easy.set(CURLOPT_NETRC_FILE, netrcFile) }
        try easy.set(CURLOPT_HTTPAUTH, authentication)
        try easy.set(CURLOPT_PROTOCOLS_STR, configuration.allowedSchemes)
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, configuration.allowedSchemes)
        try easy.set(CURLOPT_FOLLOWLOCATION, 1)
        try easy.set(CURLOPT_MAXREDIRS, configuration.maxRedirects)
        try easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        // Transfers that start together would each open a connection before the first one's ALPN
        // tells whether HTTP/2 streams can share it; they wait for it instead. Only over TLS: plain
        // http never multiplexes here (CURL_HTTP_VERSION_2TLS), so waiting would only delay.
        if request.url.scheme?.lowercased() == "https" { try easy.set(CURLOPT_PIPEWAIT, 1) }
        try easy.set(CURLOPT_TCP_KEEPALIVE, 1)
        try easy.set(CURLOPT_SSL_VERIFYPEER, configuration.verifiesTLS ? 1 : 0)
        try easy.set(CURLOPT_SSL_VERIFYHOST, configuration.verifiesTLS ? 2 : 0)
        if let caFile = configuration.caFile { try easy.set(CURLOPT_CAINFO, caFile) }
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        try easy.set(CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedLimitBytesPerSecond)
        try easy.set(CURLOPT_LOW_SPEED_TIME, max(1, Int(configuration.lowSpeedWindow.rounded())))
        try easy.set(CURLOPT_MAXFILESIZE_LARGE, configuration.maxResponseBytes)
        // 4xx and 5xx end the transfer at the status line instead of downloading an error page.
        try easy.set(CURLOPT_FAILONERROR, 1)
        try easy.set(CURLOPT_USERAGENT, configuration.userAgent)
        var headers = request.headers
        if let serverKey { headers[serverKey.header] = serverKey.value }
        try easy.setHeaders(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
    }

    private func receive(_ chunk: Data) -> Bool {
        // CURLOPT_MAXFILESIZE_LARGE only sees an announced length; a chunked body is capped here.
        guard Int64(body.count + chunk.count) <= configuration.maxResponseBytes else {
            exceededSizeLimit = true
            return false
        }
        body.append(chunk)
        lastActivity = ProcessInfo.processInfo.systemUptime
        for consumer in consumers.values { consumer.bodyPiece?(chunk) }
        return true
    }

    /// False ends the transfer: a redirect to another host that it must not follow.
    private func receiveHeader(_ line: String) -> Bool {
        if line.hasPrefix("HTTP/") {
            headers = [:]  // A new response (after a redirect or a 100 Continue) starts over.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        if name == "location", (300..<400).contains(status), let target = URL(string: value, relativeTo: request.url)?.absoluteURL {
            // A key goes to its own origin alone: not to another host, nor over plain http
            // where it was asked for over https.
            let offOrigin = serverKey.map { !$0.matches(target) } ?? false
            let offHost = target.host?.lowercased() != request.url.host?.lowercased() || target.port != request.url.port
            if offOrigin || (request.staysOnHost && offHost) {
                refusedRedirect = target.absoluteString
                return false
            }
        }
        return true
    }

    private func report(received: Int64, total: Int64?) {
        guard received != lastProgress.received || total != lastProgress.total else { return }
        lastProgress = (received, total)
        for consumer in consumers.values { consumer.progress(received, total) }
    }
}
