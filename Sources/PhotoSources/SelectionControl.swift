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

    /// `open`: makes the index, once, when a listing first needs it.
    package init(_ selection: DateSelection, open: @escaping @Sendable () -> CaptureIndex?) {
        current = Mutex(selection)
        opened = Mutex(nil)
        self.open = open
    }

    package convenience init(_ selection: DateSelection, index: CaptureIndex?) {
        self.init(selection, open: { index })
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
