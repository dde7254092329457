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

    /// Marks the moment it goes on the wire.
    func started() { lastActivity = ProcessInfo.processInfo.systemUptime }

    init(request: DataRequest, sequence: Int, configuration: NetworkConfiguration) throws {
        self.request = request
        self.sequence = sequence
        self.configuration = configuration
        easy = try CurlEasy()
        try configure()
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

    private func configure() throws {
        try easy.set(CURLOPT_URL, request.url.absoluteString)
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
        try easy.setHeaders(request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
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

    private func receiveHeader(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]  // A new response (after a redirect or a 100 Continue) starts over.
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }

    private func report(received: Int64, total: Int64?) {
        guard received != lastProgress.received || total != lastProgress.total else { return }
        lastProgress = (received, total)
        for consumer in consumers.values { consumer.progress(received, total) }
    }
}
