@testable import PhotoCore

/// The ledger's answers as a test sets them, moved by the same events the ledger hears.
struct FakeImages: ImageStates {
    var ready: Set<Int> = []
    var failed: Set<Int> = []
    var broken: Set<Int> = []

    init(ready: some Sequence<Int> = []) { self.ready = Set(ready) }

    func fullImageIsReady(_ index: Int) -> Bool { ready.contains(index) }
    func fullImageFailed(_ index: Int) -> Bool { failed.contains(index) }
    func isBroken(_ index: Int) -> Bool { broken.contains(index) }

    /// Its full image arrived (also after a failure: a network back up).
    mutating func arrive(_ index: Int) {
        ready.insert(index)
        failed.remove(index)
    }
    mutating func fail(_ index: Int) {
        failed.insert(index)
        ready.remove(index)
    }
    /// Its texture was let go.
    mutating func evict(_ index: Int) { ready.remove(index) }
}
