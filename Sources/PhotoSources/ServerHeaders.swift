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
    /// Requests a background reading has out at once.
    static let backgroundBatch = 100

    /// Every photo's facts, in order, and whether all are known. At most `control.inlineFetches`
    /// photos the index does not know are waited for; the others are nil (left out of the
    /// listing for now) and read in the background, kept as they come, so the listing after
    /// knows them. A photo whose bytes cannot be had is dated by its server's time now, and asked
    /// for again at the next listing. `done` runs once, on any thread.
    static func facts(of items: [SourceItem], index: CaptureIndex, network: DataLoading, control: SelectionControl,
                      _ done: @escaping @Sendable (_ facts: [CaptureFacts?], _ complete: Bool) -> Void) {
        let files = LibraryDates.files(items)
        let known = index.known(for: files)
        let missing = known.indices.compactMap { i -> Wanted? in
            guard known[i] == nil, case .url(let url) = items[i].image else { return nil }
            return Wanted(at: i, file: files[i], request: DataRequest(url: url, expectedETag: items[i].version, firstBytes: firstBytes))
        }
        let inline = Array(missing.prefix(control.isFilling ? 0 : control.inlineFetches)), rest = Array(missing.dropFirst(inline.count))
        read(inline, index: index, network: network) { answers in
            var facts = known
            for (wanted, answer) in zip(inline, answers) { facts[wanted.at] = answer ?? CaptureFacts() }
            if !rest.isEmpty {
                control.fill {
                    for start in stride(from: 0, to: rest.count, by: backgroundBatch) {
                        let batchDone = DispatchSemaphore(value: 0)
                        read(Array(rest[start..<min(start + backgroundBatch, rest.count)]), index: index, network: network) { _ in batchDone.signal() }
                        batchDone.wait()
                    }
                }
            }
            done(facts, rest.isEmpty)
        }
    }

    /// A photo whose first bytes are wanted: where it is in the listing, and its identity.
    private struct Wanted: Sendable {
        let at: Int
        let file: CaptureIndex.File
        let request: DataRequest
    }

    /// Asks for each photo's first bytes at once and keeps those read in the index; `done` gets
    /// each one's facts in order, nil where its bytes could not be had.
    private static func read(_ wanted: [Wanted], index: CaptureIndex, network: DataLoading, _ done: @escaping @Sendable ([CaptureFacts?]) -> Void) {
        guard !wanted.isEmpty else { return done([]) }
        let state = Mutex((facts: [CaptureFacts?](repeating: nil, count: wanted.count), left: wanted.count))
        for (n, photo) in wanted.enumerated() {
            network.load(photo.request, priority: .prefetch, progress: { _, _ in }) { result in
                let facts = (try? result.get()).map { response in (try? CaptureFacts.read([UInt8](response.body))) ?? CaptureFacts() }
                let finished = state.withLock { state -> [CaptureFacts?]? in
                    state.facts[n] = facts
                    state.left -= 1
                    return state.left == 0 ? state.facts : nil
                }
                guard let finished else { return }
                let read = zip(wanted, finished).compactMap { photo, facts in facts.map { (photo.file, $0) } }
                index.store(read.map(\.1), for: read.map(\.0))
                done(finished)
            }
        }
    }
}
