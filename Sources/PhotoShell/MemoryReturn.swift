import CMalloc
import Foundation
import Glibc
import PhotoCore

/// Photo-sized buffers (decodes, mip chains, and on Mesa's llvmpipe the textures themselves) go
/// back to the system when freed. glibc serves large allocations with mmap and unmaps them on
/// free, but after the first such free it raises its threshold (up to 32 MiB), so later 6-12 MiB
/// buffers come from the heap, which keeps them: stepping through 50 photos left hundreds of MiB
/// resident that nothing used. A fixed threshold stops that.
package enum MemoryReturn {
    static let mmapThreshold: Int32 = 1 << 20

    package static func configure() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }
}

/// Gives the heap's free pages back to the system once images have come and gone, at most once a
/// second. The smaller buffers (thumbnails, response bodies, decoders' tables) are allocated and
/// freed on many threads, each with its own glibc arena, and an arena keeps what was freed inside
/// it: flinging a 10,000-photo remote grid held 70 MiB more resident than the photos in it
/// needed (docs/behaviour.md §7). `malloc_trim` walks every arena (about 2 ms there, 11 at
/// most), holding each one's lock while it gives its pages back; its thread keeps the normal
/// priority so that it is not put aside while it holds a lock a frame may need.
final class MemoryTrimmer: @unchecked Sendable {
    // Sendable: `freed` and `lastMs` belong to the main thread; the semaphore is thread-safe.
    static let intervalMs = 1000.0

    private let wake = DispatchSemaphore(value: 0)
    private var lastMs = -Double.infinity
    private var freed = false

    init() {
        let thread = Thread { [wake] in
            while true {
                wake.wait()
                _ = malloc_trim(0)
            }
        }
        thread.name = "sdlphoto.trim"
        thread.start()
    }

    /// Images were let go (uploaded pixels, evicted textures): a trim is worth it. Main thread.
    func noteFreed() { freed = true }

    /// How long until a trim is due (wall-clock ms: a replay on virtual time runs faster), or nil
    /// when nothing was freed: the loop wakes for the last one after images stop. Main thread.
    var waitMs: Double? { freed ? max(0, lastMs + Self.intervalMs - MonotonicClock.nowMs()) : nil }

    /// Asks for a trim when one is due: at most one a second, far longer than one takes.
    /// Main thread.
    func trimIfDue() {
        guard let wait = waitMs, wait <= 0 else { return }
        freed = false
        lastMs = MonotonicClock.nowMs()
        wake.signal()
    }
}
