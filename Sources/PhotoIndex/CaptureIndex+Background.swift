import Foundation
import PhotoPipeline
import Synchronization

extension CaptureIndex {
    /// Reads `files`' headers and keeps them, `batch` at a time in the order given, on a thread
    /// per core at the lowest priority (nice 19), and returns when all are kept. This is the
    /// reading a large library does behind its first screen (docs/behaviour.md §1): the
    /// decoders (nice 10) and the frame take a core back from it at once, so the thumbnails on
    /// screen are not held up by headers of photos no one is looking at yet. The calling thread
    /// writes what they read: a reader the decoders keep waiting never holds the index's lock,
    /// which a listing needs.
    package func readInBackground(_ files: [File], batch: Int = 500) {
        let batches = stride(from: 0, to: files.count, by: batch).map { $0..<min($0 + batch, files.count) }
        let next = Atomic<Int>(0)
        let read = Mutex<[(files: [File], facts: [CaptureFacts])]>([])
        let ready = DispatchSemaphore(value: 0)
        for n in 0..<min(ProcessInfo.processInfo.activeProcessorCount, batches.count) {
            let thread = Thread {
                // On Linux a nice value belongs to a thread, and 0 names the calling one.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
                while true {
                    let taken = next.add(1, ordering: .relaxed).oldValue
                    guard taken < batches.count else { break }
                    let files = Array(files[batches[taken]])
                    let facts = files.map(Self.readHeader)
                    read.withLock { $0.append((files, facts)) }
                    ready.signal()
                }
            }
            thread.name = "sdlphoto.index.\(n)"
            thread.start()
        }
        for _ in batches {
            ready.wait()
            guard let done = read.withLock({ $0.popLast() }) else { continue }
            store(done.facts, for: done.files)
        }
    }
}
