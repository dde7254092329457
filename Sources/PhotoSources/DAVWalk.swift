import Foundation
import PhotoNetwork
import Synchronization

/// A WebDAV folder's photos, and with `recursive` its subfolders', listed one `PROPFIND`
/// (`Depth: 1`) per folder, the subfolders' side by side as the network allows. The first
/// folder that fails fails the whole walk: a listing with holes would make photos go and come.
final class DAVWalk: Sendable {
    private struct State {
        var pending = 0
        var found: [DAVResource] = []
        var failure: NetworkError?
        var finished = false
    }

    private let network: DataLoading
    private let recursive: Bool
    private let priority: TransferPriority
    private let done: @Sendable (Result<[DAVResource], NetworkError>) -> Void
    private let state = Mutex(State())

    /// Starts at once; `done` runs once, on the network's thread, with the files found.
    @discardableResult
    init(_ folder: URL, network: DataLoading, recursive: Bool, priority: TransferPriority,
         done: @escaping @Sendable (Result<[DAVResource], NetworkError>) -> Void) {
        self.network = network
        self.recursive = recursive
        self.priority = priority
        self.done = done
        list(folder)
    }

    private func list(_ folder: URL) {
        state.withLock { $0.pending += 1 }
        network.load(DAVListing.request(for: folder), priority: priority, progress: { _, _ in }) { [self] result in
            let members = result.flatMap { response -> Result<[DAVResource], NetworkError> in
                // A server that answers a PROPFIND with a page (200) is not speaking WebDAV there.
                guard response.statusCode == 207 else { return .failure(.httpStatus(response.statusCode == 200 ? 405 : response.statusCode)) }
                return Result { try DAVListing.members(of: folder, in: response.body) }
                    .mapError { NetworkError.transport(code: 0, message: "the folder's listing did not read: \($0)") }
            }
            let subfolders = state.withLock { walk -> [URL] in
                switch members {
                case .failure(let error): walk.failure = walk.failure ?? error; return []
                case .success(let all):
                    // Hidden ones are left out, as in a local folder.
                    let members = all.filter { !$0.url.lastPathComponent.hasPrefix(".") }
                    walk.found += members.filter { !$0.isFolder }
                    return recursive && walk.failure == nil ? members.filter(\.isFolder).map(\.url) : []
                }
            }
            for subfolder in subfolders { list(Self.asFolder(subfolder)) }
            finishIfLast()
        }
    }

    private func finishIfLast() {
        let outcome = state.withLock { walk -> Result<[DAVResource], NetworkError>? in
            walk.pending -= 1
            guard walk.pending == 0, !walk.finished else { return nil }
            walk.finished = true
            return walk.failure.map { .failure($0) } ?? .success(walk.found)
        }
        if let outcome { done(outcome) }
    }

    /// A folder's URL ends in `/`: its members' relative hrefs resolve inside it.
    static func asFolder(_ url: URL) -> URL {
        url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
    }
}
