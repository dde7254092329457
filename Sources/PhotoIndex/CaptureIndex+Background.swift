import Foundation
import PhotoPipeline
import Synchronization

extension CaptureIndex {
    /// Reads `files`' headers and keeps them, `batch` at a time in the order given, on a thread
    /// per core at the lowest priority (nice 19), and returns when all are kept. This is the
    /// reading a large library does behind its first screen (docs/behaviour.md §1): the
    /// decoders (nice 10) and the frame take a core back from it at once, so the thumbnails on
    /// screen are not held up by headers of photos no one is looking at yet.
    package func readInBackground(_ files: [File], batch: Int = 500) {
        let batches = stride(from: 0, to: files.count, by: batch).map { $0..<min($0 + batch, files.count) }
        let next = Atomic<Int>(0)
        let finished = DispatchGroup()
        for n in 0..<min(ProcessInfo.processInfo.activeProcessorCount, batches.count) {
            finished.enter()
            let thread = Thread { [self] in
                // On Linux a nice value belongs to a thread, and 0 names the calling one.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
                while true {
                    let taken = next.add(1, ordering: .relaxed).oldValue
                    guard taken < batches.count else { break }
                    let files = Array(files[batches[taken]])
                    store(files.map(Self.readHeader), for: files)
                }
                finished.leave()
            }
            thread.name = "sdlphoto.index.\(n)"
            thread.start()
        }
        finished.wait()
    }
}
