import Foundation
import PhotoIndex
import Synchronization

/// Which of a folder's photos show, and in what order by date (docs/behaviour.md §1), as it
/// stands now: set at start from the command line, and changed while the program runs by a
/// remote command (`select`, §15), after which `LiveContent.select` lists every source again.
/// The library index opens the first time it is needed. Thread safe.
package final class SelectionControl: Sendable {
    private let current: Mutex<DateSelection>
    private let opened: Mutex<CaptureIndex?>
    private let open: @Sendable () -> CaptureIndex?
    /// The sources (by their address) whose headers are being read in the background.
    private let filling = Mutex<Set<String>>([])
    /// Headers a listing reads before it returns; beyond them, the rest are read in the
    /// background and the listing says it is stale after `fillSeconds`, so the grid grows as
    /// the index does (1,000 headers: about 0.3 s from a cold disk).
    let inlineReads: Int
    /// The same for a server's photos, each a request for its first 64 KiB (200: 12.5 MiB).
    let inlineFetches: Int
    let fillSeconds: Double

    /// `open`: makes the index, once, when a listing first needs it.
    package init(_ selection: DateSelection, inlineReads: Int = 1000, inlineFetches: Int = 200, fillSeconds: Double = 1,
                 open: @escaping @Sendable () -> CaptureIndex?) {
        current = Mutex(selection)
        opened = Mutex(nil)
        self.open = open
        self.inlineReads = inlineReads
        self.inlineFetches = inlineFetches
        self.fillSeconds = fillSeconds
    }

    package convenience init(_ selection: DateSelection, index: CaptureIndex?, inlineReads: Int = 1000, inlineFetches: Int = 200,
                             fillSeconds: Double = 1) {
        self.init(selection, inlineReads: inlineReads, inlineFetches: inlineFetches, fillSeconds: fillSeconds, open: { index })
    }

    /// A fill of `source` is under way: its listing then reads no header itself, since the
    /// fill may be reading the same ones; it shows what is known and is listed again.
    func isFilling(_ source: String) -> Bool { filling.withLock { $0.contains(source) } }

    /// Some source's headers are being read in the background: its list is still growing.
    package var isFillingAny: Bool { filling.withLock { !$0.isEmpty } }

    /// Runs `reading` (`source`'s headers into the index) in the background; nothing if a fill
    /// of that source is already under way (its next listing asks again for what it left).
    /// Each source fills on its own: a slow server's does not hold up a local folder's.
    func fill(_ source: String, _ reading: @escaping @Sendable () -> Void) {
        guard filling.withLock({ $0.insert(source).inserted }) else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            reading()
            _ = filling.withLock { $0.remove(source) }
        }
    }

    package var selection: DateSelection { current.withLock { $0 } }

    package func set(_ selection: DateSelection) { current.withLock { $0 = selection } }

    /// Opened under the lock: two listings at once open it once.
    func index() -> CaptureIndex? {
        opened.withLock { index in
            if index == nil { index = open() }
            return index
        }
    }
}
