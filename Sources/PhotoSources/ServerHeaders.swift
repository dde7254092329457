import Foundation
import PhotoIndex
import PhotoNetwork
import PhotoPipeline
import Synchronization

/// When photos on a server were taken (docs/behaviour.md §1): each photo's first 64 KiB, asked
/// for with a `Range` as a grid cell asks for them (so the disk cache answers one for the other),
/// read as a local file's header is, and kept in the library index by its URL and the size and
/// time its server gave.
enum ServerHeaders {
    static let firstBytes = 65_536

    /// Every photo's facts, in order; `done` runs once, on any thread. A photo whose bytes cannot
    /// be had is dated by its server's time now, and asked for again at the next listing.
    static func facts(of items: [SourceItem], index: CaptureIndex, network: DataLoading, _ done: @escaping @Sendable ([CaptureFacts?]) -> Void) {
        let files = LibraryDates.files(items)
        let known = index.known(for: files)
        let missing = known.indices.compactMap { i -> (Int, URL)? in
            guard known[i] == nil, case .url(let url) = items[i].image else { return nil }
            return (i, url)
        }
        guard !missing.isEmpty else { return done(known.map { $0 ?? CaptureFacts() }) }
        let state = Mutex((facts: known, read: [(file: CaptureIndex.File, facts: CaptureFacts)](), left: missing.count))
        for (i, url) in missing {
            let request = DataRequest(url: url, expectedETag: items[i].version, firstBytes: firstBytes)
            network.load(request, priority: .prefetch, progress: { _, _ in }) { result in
                let facts = (try? result.get()).map { response in (try? CaptureFacts.read([UInt8](response.body))) ?? CaptureFacts() }
                let finished = state.withLock { state -> (facts: [CaptureFacts?], read: [(file: CaptureIndex.File, facts: CaptureFacts)])? in
                    state.facts[i] = facts
                    if let facts { state.read.append((files[i], facts)) }
                    state.left -= 1
                    return state.left == 0 ? (state.facts, state.read) : nil
                }
                guard let finished else { return }
                index.store(finished.read.map(\.facts), for: finished.read.map(\.file))
                done(finished.facts.map { $0 ?? CaptureFacts() })
            }
        }
    }
}
