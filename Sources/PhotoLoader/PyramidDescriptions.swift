import Foundation
import PhotoCore
import PhotoNetwork
import PhotoSources
import Synchronization

/// Deep zoom descriptions (an IIIF `info.json`, a `.dzi`), each read once and kept for the run:
/// over the network through the disk cache, or from a file. A description that does not parse
/// is kept as its error (a broken tile with the reason); a network failure is not, so the next
/// ask tries again. Thread safe; a completion comes on a background thread, or at once on the
/// caller's when the description is already known.
final class PyramidDescriptions: Sendable {
    typealias Outcome = Result<TilePyramid, ImageLoader.LoadError>
    private struct State {
        var known: [Location: Outcome] = [:]
        var waiting: [Location: [@Sendable (Outcome) -> Void]] = [:]
    }
    private let state = Mutex(State())
    private let network: DataLoading?

    /// A description larger than this is not one.
    static let maxBytes = 1 << 20

    init(network: DataLoading?) { self.network = network }

    /// The pyramid at `location` once read.
    func pyramid(at location: Location) -> TilePyramid? {
        state.withLock { try? $0.known[location]?.get() }
    }

    func read(_ location: Location, completion: @escaping @Sendable (Outcome) -> Void) {
        let start = state.withLock { state -> Bool? in
            if state.known[location] != nil { return nil }
            let first = state.waiting[location] == nil
            state.waiting[location, default: []].append(completion)
            return first
        }
        guard let start else { return completion(state.withLock { $0.known[location]! }) }
        guard start else { return }
        switch location {
        case .url(let url):
            guard let network else { return finish(location, .failure(.network(.unavailable("the network is not available"))), keep: false) }
            network.load(url, priority: .currentPage) { [self] response in
                switch response {
                case .success(let response): finish(location, Self.parse(response.body, location: url), keep: true)
                case .failure(let error): finish(location, .failure(.network(error)), keep: false)
                }
            }
        case .file(let path):
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let url = URL(fileURLWithPath: path)
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
                guard let size, size <= Self.maxBytes, let data = try? Data(contentsOf: url) else {
                    return finish(location, .failure(.decode(.unreadable(path: path, reason: size == nil ? "it cannot be read" : "it is over 1 MiB"))), keep: true)
                }
                finish(location, Self.parse(data, location: url), keep: true)
            }
        }
    }

    private static func parse(_ data: Data, location: URL) -> Outcome {
        do { return .success(try TilePyramid.parse(data, location: location)) } catch {
            return .failure(.pyramid(error.description))
        }
    }

    private func finish(_ location: Location, _ outcome: Outcome, keep: Bool) {
        let callbacks = state.withLock { state -> [@Sendable (Outcome) -> Void] in
            if keep { state.known[location] = outcome }
            return state.waiting.removeValue(forKey: location) ?? []
        }
        for callback in callbacks { callback(outcome) }
    }
}
