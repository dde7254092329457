import CCurlShim
import Foundation
import PhotoLog

/// The one thread that drives the one curl multi handle: it owns every ``Transfer``, starts the
/// highest-priority waiting ones while fewer than `maxActiveTransfers` run, and calls consumers
/// back. Other threads talk to it only through ``post(_:)``, which queues a command and wakes
/// the thread with `curl_multi_wakeup`.
final class NetworkThread: @unchecked Sendable {
    // Sendable by confinement: `inbox` and `nextID` are guarded by `lock`; every other stored
    // property is touched only on the network thread (after `init`).
    enum Command {
        case add(id: Int, request: DataRequest, consumer: Transfer.Consumer)
        case cancel(id: Int)
        /// A cancel for a transfer still waiting for a slot; a running one is left to finish.
        case cancelUnlessSent(id: Int)
        case setPriority(id: Int, TransferPriority)
        case stop
    }

    /// How long the thread sleeps with nothing to do; commands and sockets wake it sooner.
    private static let idlePollMilliseconds: Int32 = 1000

    private let configuration: NetworkConfiguration
    private let multi: CurlMulti
    private let lock = NSLock()
    private var inbox: [Command] = []
    private var nextID = 0

    private var transfers: [DataRequest: Transfer] = [:]
    private var requestOfConsumer: [Int: DataRequest] = [:]
    private var waiting: [Transfer] = []
    private var active: [ObjectIdentifier: Transfer] = [:]
    private var arrivals = 0
    /// The authentication each server (host and port) asked for in a 401, so that its next
    /// requests offer only that one: Basic then goes with the request instead of after a refusal.
    private var authenticationOfServer: [String: Int] = [:]

    init(configuration: NetworkConfiguration) throws {
        self.configuration = configuration
        multi = try CurlMulti(maxConnectionsPerHost: configuration.maxConnectionsPerHost)
        let thread = Thread { [self] in
            // Yields to drawing as the cache's thread does; lowered before it is named.
            BackgroundQueue.lowerPriority()
            // Foundation on Linux does not pass Thread.name to the system, and a new thread
            // inherits its creator's name; name it here so debuggers and `top -H` show it.
            // Only fails for a name over 15 bytes, which this is not; the name is cosmetic anyway.
            _ = sdlphoto_name_current_thread(DataLoader.networkThreadName)
            run()
        }
        thread.name = DataLoader.networkThreadName
        thread.start()
    }

    /// A fresh consumer id. Any thread.
    func makeConsumerID() -> Int {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        return nextID
    }

    /// Queues a command for the network thread and wakes it. Any thread.
    func post(_ command: Command) {
        lock.lock()
        inbox.append(command)
        lock.unlock()
        multi.wakeup()
    }

    // MARK: - On the network thread

    private func run() {
        while true {
            lock.lock()
            let commands = inbox
            inbox = []
            lock.unlock()
            for (index, command) in commands.enumerated() {
                if case .stop = command { return shutDown(unhandled: commands[(index + 1)...]) }
                handle(command)
            }
            startWaitingTransfers()
            do {
                try multi.perform()
            } catch {
                // The multi handle is unusable; end everything rather than spin.
                failAll(.transport(code: -1, message: "\(error)"))
            }
            while let (easy, code) = multi.nextFinished() {
                guard let transfer = active.removeValue(forKey: ObjectIdentifier(easy)) else { continue }
                multi.remove(easy)
                transfers[transfer.request] = nil
                for id in transfer.consumers.keys { requestOfConsumer[id] = nil }
                let offered = transfer.easy.offeredAuthentication & Transfer.anyAuthentication
                if offered != 0 { authenticationOfServer[Self.server(of: transfer.request.url)] = offered }
                transfer.finish(transfer.result(for: code, configuration: configuration))
            }
            startWaitingTransfers()
            do { try multi.poll(timeoutMilliseconds: Self.idlePollMilliseconds) } catch {
                Problems.once("curl-poll", "waiting on the network failed (\(error)); transfers go on")
            }
        }
    }

    private static func server(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }

    private func handle(_ command: Command) {
        switch command {
        case .add(let id, let request, let consumer):
            add(consumer, id: id, for: request)
        case .cancelUnlessSent(let id):
            guard let request = requestOfConsumer[id], let transfer = transfers[request],
                  waiting.contains(where: { $0 === transfer }) else { return }
            handle(.cancel(id: id))
        case .cancel(let id):
            guard let request = requestOfConsumer.removeValue(forKey: id),
                  let transfer = transfers[request],
                  let consumer = transfer.removeConsumer(id) else { return }
            consumer.completion(.failure(.cancelled))
            if transfer.consumers.isEmpty { discard(transfer) }
        case .setPriority(let id, let priority):
            guard let request = requestOfConsumer[id] else { return }
            transfers[request]?.setPriority(priority, of: id)
        case .stop:
            break
        }
    }

    private func add(_ consumer: Transfer.Consumer, id: Int, for asked: DataRequest) {
        var request = asked
        request.joinOnly = false
        if let shared = transfers[request] {
            shared.add(consumer, id: id)
            requestOfConsumer[id] = request
            return
        }
        guard !asked.joinOnly else { return consumer.completion(.failure(.notRunning)) }
        let url = request.url
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            return consumer.completion(.failure(.unsupportedScheme(url.scheme ?? "")))
        }
        guard url.host?.isEmpty == false else { return consumer.completion(.failure(.invalidURL(url.absoluteString))) }
        do {
            arrivals += 1
            let transfer = try Transfer(request: request, sequence: arrivals, configuration: configuration,
                                        authentication: authenticationOfServer[Self.server(of: url)] ?? Transfer.anyAuthentication)
            transfer.add(consumer, id: id)
            transfers[request] = transfer
            requestOfConsumer[id] = request
            waiting.append(transfer)
        } catch {
            consumer.completion(.failure(.transport(code: -1, message: "\(error)")))
        }
    }

    /// Starts waiting transfers, highest priority first, then oldest first, while slots are free.
    /// While the page on screen downloads, less urgent transfers from its host wait for it: the
    /// link is the host's, and sharing it three ways made the photo the user waits for arrive
    /// three times later. A stalled page holds nobody (the loop comes by at least every second).
    /// The page's own placeholder is never held: the page shows it while the full image comes.
    private func startWaitingTransfers() {
        let now = ProcessInfo.processInfo.systemUptime
        while active.count < configuration.maxActiveTransfers, !waiting.isEmpty {
            let busyHosts = Set(active.values.filter {
                $0.priority == .currentPage && now - ($0.lastActivity ?? now) < configuration.currentPageStallSeconds
            }.map { $0.request.url.host?.lowercased() })
            let startable = waiting.indices.filter { waiting[$0].priority >= .currentPage || !busyHosts.contains(waiting[$0].request.url.host?.lowercased()) }
            guard let next = startable.max(by: { a, b in
                let (x, y) = (waiting[a], waiting[b])
                return x.priority != y.priority ? x.priority < y.priority : x.sequence > y.sequence
            }) else { return }
            let transfer = waiting.remove(at: next)
            do {
                try multi.add(transfer.easy)
                transfer.started()
                active[ObjectIdentifier(transfer.easy)] = transfer
            } catch {
                transfers[transfer.request] = nil
                for id in transfer.consumers.keys { requestOfConsumer[id] = nil }
                transfer.finish(.failure(.transport(code: -1, message: "\(error)")))
            }
        }
    }

    /// Drops a transfer nobody wants any more; a running one leaves the multi handle at once.
    private func discard(_ transfer: Transfer) {
        transfers[transfer.request] = nil
        if active.removeValue(forKey: ObjectIdentifier(transfer.easy)) != nil {
            multi.remove(transfer.easy)
        } else {
            waiting.removeAll { $0 === transfer }
        }
    }

    private func failAll(_ error: NetworkError) {
        let all = Array(transfers.values)
        for transfer in all {
            discard(transfer)
            transfer.finish(.failure(error))
        }
        requestOfConsumer = [:]
    }

    /// Cancels every consumer, including those whose `add` came with or after the stop.
    private func shutDown(unhandled: ArraySlice<Command>) {
        failAll(.cancelled)
        lock.lock()
        let late = Array(unhandled) + inbox
        inbox = []
        lock.unlock()
        for case .add(_, _, let consumer) in late { consumer.completion(.failure(.cancelled)) }
    }
}
