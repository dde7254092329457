import Foundation
import PhotoCore
import PhotoIndex
import PhotoLog
import PhotoNetwork
import PhotoStorage
import Synchronization

/// A folder on a WebDAV server (docs/sources.md): `dav://` and `davs://` (`webdav://`,
/// `webdavs://`), the names file managers give them, are http and https. Listed with `PROPFIND`,
/// a folder at a time, through the program's network (its cache, priorities, credentials from
/// the netrc file); listed again every `--refresh` seconds, so photos come and go as in a
/// watched folder, and a photo with a new ETag is fetched again.
struct WebDAVSource: PhotoSource {
    /// The argument as given, for messages.
    let argument: String
    /// The folder, over http or https, ending in `/`.
    let folder: URL
    let recursive: Bool
    let order: FolderOrder
    let refreshSeconds: Double
    let network: DataLoading?
    /// The netrc file the network reads credentials from.
    let netrcPath: String
    /// The selection by date and rating, and the library index, as for a local folder.
    var control: SelectionControl?
    /// The photos of a walk whose headers are still being read: the listings that follow while
    /// they are sort them again, without asking the server for its folders each time.
    private let growing = GrowingWalk()

    var renewal: Renewal { .refreshed(every: refreshSeconds) }

    /// The http(s) folder a `dav://` argument names, nil for any other argument.
    static func folder(_ argument: String) -> URL? {
        let schemes = ["dav": "http", "webdav": "http", "davs": "https", "webdavs": "https"]
        guard let colon = argument.firstIndex(of: ":"), let scheme = schemes[argument[..<colon].lowercased()],
              let url = URL(string: scheme + argument[colon...]), url.host?.isEmpty == false else { return nil }
        return DAVWalk.asFolder(url)
    }

    /// A user or password in the address: refused, since it would show in `ps`, the log, the
    /// status and MQTT (docs/behaviour.md §8: credentials come from the netrc file).
    static func hasCredentials(_ folder: URL) -> Bool {
        folder.user != nil || folder.password != nil
    }

    /// Blocks until listed: nothing is on screen yet to be held up.
    func list() throws -> SourceListing {
        guard !Self.hasCredentials(folder) else {
            throw SourceUnusable(description: "a WebDAV address takes no user or password: put them in \(netrcPath) (machine \(folder.host ?? "HOST") login USER password PASS)")
        }
        switch waitingFor({ walk(priority: .currentPage, $0) }) {
        case .success(let listing):
            Log.info("\(argument): \(listing.items.count) photos")
            return listing
        case .failure(NetworkError.untrustedCertificate(let reason)):
            throw SourceUnusable.untrustedCertificate(argument, host: folder.host ?? argument, reason)
        case .failure(let error as NetworkError) where error.allowsStaleResponse:
            throw SourceUnreachable(description: "\(argument): cannot be listed yet: \(error)")
        case .failure(let error as NetworkError):
            throw SourceUnusable(description: message(for: error))
        case .failure(let error):
            throw error
        }
    }

    func refresh(after last: [SourceItem], _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        guard !Self.hasCredentials(folder) else { return done(.failure(SourceUnusable(description: "a WebDAV address takes no user or password"))) }
        walk(priority: .prefetch) { [argument] result in
            if case .success(let listing) = result, listing.items != last { Log.info("\(argument): \(listing.items.count) photos") }
            done(result.mapError { error in (error as? NetworkError).map { SourceRefreshFailed(description: message(for: $0)) } ?? error })
        }
    }

    private func walk(priority: TransferPriority, _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        guard let network else { return done(.failure(SourceUnusable(description: "\(argument): the network is not available"))) }
        if let photos = growing.take() { return arrange(photos, network: network, done) }
        DAVWalk(folder, network: network, recursive: recursive, priority: priority) { [self] result in
            switch result {
            case .failure(let error): done(.failure(error))
            case .success(let resources):
                growing.walked()
                let photos = resources.filter { ImageFileTypes.extensions.contains($0.url.pathExtension.lowercased()) }.map(Self.item)
                // Off the network's thread: the index is read and thousands of photos sorted.
                DispatchQueue.global(qos: .utility).async { arrange(photos, network: network, done) }
            }
        }
    }

    /// In order and selected, by the library index where the order or the selection needs it.
    /// A folder with more new photos than a listing reads at once shows those it knows while the
    /// rest are read, and is listed again each `fillSeconds` until all are known, as a local
    /// folder is (docs/behaviour.md §1).
    private func arrange(_ photos: [SourceItem], network: DataLoading, _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        let selection = control?.selection ?? DateSelection()
        guard order == .date || selection.isFiltering, let control, let index = control.index() else {
            return done(.success(SourceListing(items: order.sorted(photos))))
        }
        ServerHeaders.facts(of: photos, index: index, network: network, control: control, source: folder.absoluteString,
                            failed: growing.failed, noteFailed: { [growing] in growing.failed($0) }) { [self] known in
            let now = LocalDate.now()
            // Memories change at midnight, a second after which the folder is listed again.
            var staleAfter = selection.memories.map { _ in Double(86_400 - now.secondOfDay + 1) }
            if !known.complete {
                growing.keep(photos)
                staleAfter = min(staleAfter ?? .infinity, control.fillSeconds)
            }
            done(.success(SourceListing(items: LibraryDates.apply(photos, facts: known.facts, order: order, selection: selection, today: now.day),
                                        staleAfter: staleAfter)))
        }
    }

    private static func item(_ resource: DAVResource) -> SourceItem {
        let modified = resource.lastModified.map { Int64($0.timeIntervalSince1970 * 1e9) }
        let stamp = resource.length.map { FileStamp(size: $0, modified: modified ?? 0) }
        return SourceItem(image: .url(resource.url), stamp: stamp, version: resource.eTag)
    }

    /// One line that says what to do: a refusal names the user and the server.
    private func message(for error: NetworkError) -> String {
        let host = folder.host ?? argument
        switch error {
        case .httpStatus(401):
            if let user = Netrc.login(forHost: host, file: netrcPath) {
                return "\(argument): the server \(host) refused the user “\(user)” (from \(netrcPath)): wrong password?"
            }
            return "\(argument): the server \(host) asks for a user name and password: add “machine \(host) login USER password PASS” to \(netrcPath)"
        case .httpStatus(403): return "\(argument): the server \(host) does not let \(Netrc.login(forHost: host, file: netrcPath).map { "“\($0)”" } ?? "anyone") list this folder"
        case .httpStatus(404): return "\(argument): no such folder on \(host)"
        case .httpStatus(405): return "\(argument): \(host) does not serve this folder over WebDAV"
        case .untrustedCertificate(let reason): return SourceUnusable.untrustedCertificate(argument, host: host, reason).description
        default: return "\(argument): \(error)"
        }
    }
}

/// A refresh that failed for a reason waiting will not fix by itself (a password changed):
/// the last listing stays, and the line says why.
struct SourceRefreshFailed: Error, CustomStringConvertible {
    let description: String
}

/// A walk's photos kept for the listing after, which takes them once; and the photos of this
/// walk whose first bytes could not be had, dated by the server's time until the next walk.
private final class GrowingWalk: Sendable {
    private let state = Mutex<(photos: [SourceItem]?, failed: Set<String>)>((nil, []))
    func keep(_ walk: [SourceItem]) { state.withLock { $0.photos = walk } }
    func take() -> [SourceItem]? { state.withLock { $0.photos.take() } }
    /// A new walk of the folders: its photos' bytes are asked for again.
    func walked() { state.withLock { $0.failed = [] } }
    func failed(_ paths: [String]) { state.withLock { $0.failed.formUnion(paths) } }
    var failed: Set<String> { state.withLock { $0.failed } }
}
