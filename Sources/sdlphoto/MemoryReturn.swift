import CMalloc
import Foundation
import Glibc

/// Photo-sized buffers (decodes, mip chains, and on Mesa's llvmpipe the textures themselves) go
/// back to the system when freed. glibc serves large allocations with mmap and unmaps them on
/// free, but after the first such free it raises its threshold (up to 32 MiB), so later 6-12 MiB
/// buffers come from the heap, which keeps them: stepping through 50 photos left hundreds of MiB
/// resident that nothing used. A fixed threshold stops that.
enum MemoryReturn {
    static let mmapThreshold: Int32 = 1 << 20

    static func configure() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }
}

/// Gives the heap's free pages back to the system once images have come and gone. The smaller
/// buffers (thumbnails, response bodies, decoders' tables) are allocated and freed on many
/// threads, each with its own glibc arena, and an arena keeps what was freed inside it: flinging
/// a 10,000-photo remote grid held 70 MiB more resident than the photos in it needed
/// (docs/behaviour.md §7). `malloc_trim` walks every arena, holding each one's lock while it
/// gives pages back, so it runs only while nothing on screen moves (a frame's allocations never
/// wait behind it), at most once a second while images still arrive, and once more when they
/// stop; on a thread of its own at the decoders' low priority.
final class MemoryTrimmer: @unchecked Sendable {
    // Sendable: `pending` is guarded by `lock`; `freed` and `lastMs` belong to the main thread.
    static let intervalMs = 1000.0

    private let wake = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var pending = false
    private var lastMs = -Double.infinity
    private var freed = false

    init() {
        let thread = Thread { [self] in
            // On Linux a nice value belongs to a thread, and 0 names the calling one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            while true {
                wake.wait()
                lock.lock()
                pending = false
                lock.unlock()
                _ = malloc_trim(0)
            }
        }
        thread.name = "sdlphoto.trim"
        thread.start()
    }

    /// Images were let go (uploaded pixels, evicted textures): a trim is worth it. Main thread.
    func noteFreed() { freed = true }

    /// Asks for a trim when something was freed, nothing moves, and either the loads are over
    /// or the last trim is a second old (wall-clock time: a replay on virtual time runs faster).
    /// Main thread.
    func trimIfDue(atRest: Bool, loading: Bool) {
        let now = MonotonicClock.nowMs()
        guard freed, atRest, !loading || now - lastMs >= Self.intervalMs else { return }
        freed = false
        lastMs = now
        lock.lock()
        let asked = pending
        pending = true
        lock.unlock()
        if !asked { wake.signal() }
    }
}
