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

    /// What a listing knows of its photos: each one's facts, in order, and whether all are known.
    struct Known {
        var facts: [CaptureFacts?]
        var complete: Bool
    }

    /// Every photo's facts. At most `control.inlineFetches` photos the index does not know are
    /// waited for; the others are nil (left out of the listing for now) and read in the
    /// background (as `source`'s fill), kept as they come, so the listing after knows them. A
    /// photo whose bytes cannot be had (its path in `failed`, or told to `noteFailed` now) is
    /// dated by its server's time, and asked for again after the next walk of the folders.
    /// `done` runs once, off the network's thread.
    static func facts(of items: [SourceItem], index: CaptureIndex, network: DataLoading, control: SelectionControl, source: String,
                      failed: Set<String>, noteFailed: @escaping @Sendable ([String]) -> Void, _ done: @escaping @Sendable (Known) -> Void) {
        let files = LibraryDates.files(items)
        // Asked before the index is read: a fill that ends in between has kept all it read.
        let filling = control.isFilling(source)
        var stored = index.known(for: files)
        for i in stored.indices where stored[i] == nil && failed.contains(files[i].path) { stored[i] = CaptureFacts() }
        let known = stored
        let missing = known.indices.filter { known[$0] == nil && items[$0].image.url != nil }
        let inline = Array(missing.prefix(filling ? 0 : control.inlineFetches)), rest = Array(missing.dropFirst(inline.count))
        let wanted: @Sendable (Int) -> Wanted = { i in
            Wanted(file: files[i], request: DataRequest(url: items[i].image.url!, expectedETag: items[i].version, firstBytes: firstBytes))
        }
        read(inline.map(wanted), index: index, network: network, noteFailed: noteFailed) { answers in
            var facts = known
            for (i, answer) in zip(inline, answers) { facts[i] = answer ?? CaptureFacts() }
            if !rest.isEmpty {
                control.fill(source) {
                    for start in stride(from: 0, to: rest.count, by: backgroundBatch) {
                        let batchDone = DispatchSemaphore(value: 0)
                        read(rest[start..<min(start + backgroundBatch, rest.count)].map(wanted), index: index, network: network, noteFailed: noteFailed) { _ in
                            batchDone.signal()
                        }
                        batchDone.wait()
                    }
                }
            }
            done(Known(facts: facts, complete: rest.isEmpty))
        }
    }

    /// A photo whose first bytes are wanted: its identity and the request for them.
    private struct Wanted: Sendable {
        let file: CaptureIndex.File
        let request: DataRequest
    }

    /// Asks for each photo's first bytes at once and keeps those read in the index; `done` gets
    /// each one's facts in order, nil where its bytes could not be had (told to `noteFailed`).
    /// Off the network's thread: the index is written, and the caller sorts thousands of photos.
    private static func read(_ wanted: [Wanted], index: CaptureIndex, network: DataLoading, noteFailed: @escaping @Sendable ([String]) -> Void,
                             _ done: @escaping @Sendable ([CaptureFacts?]) -> Void) {
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
                DispatchQueue.global(qos: .utility).async {
                    let read = zip(wanted, finished).compactMap { photo, facts in facts.map { (photo.file, $0) } }
                    index.store(read.map(\.1), for: read.map(\.0))
                    let failures = zip(wanted, finished).filter { $0.1 == nil }.map(\.0.file.path)
                    if !failures.isEmpty { noteFailed(failures) }
                    done(finished)
                }
            }
        }
    }
}
