import PhotoRemote
import PhotoSources

/// The sources kept current while the program runs (docs/behaviour.md §11), and, until the first
/// photos come, the hosts whose manifests the waiting screen waits for. The first content that
/// arrives ends the wait for good (an emptied list later shows the empty grid).
struct ContentFeed {
    private let live: LiveContent?
    private(set) var waitingFor: [String]

    init(live: LiveContent?, waitingFor: [String]) {
        self.live = live
        self.waitingFor = waitingFor
    }

    func start(wake: @escaping @Sendable () -> Void) { live?.start(wake: wake) }

    /// The newest listing not yet taken, and whether it ends the wait.
    mutating func takeUpdate() -> (items: [SourceItem], endsWait: Bool)? {
        guard let items = live?.takeUpdate() else { return nil }
        defer { waitingFor = [] }
        return (items, !waitingFor.isEmpty)
    }

    /// Only the photos `selection` admits, from now on (a remote `select`).
    func select(_ selection: RemoteSelection) { select(DateSelection(selection)) }

    /// Only the photos `selection` admits, from now on (the config file changed).
    func select(_ selection: DateSelection) { live?.select(selection) }

    /// The list may still grow by itself: a source waited for, or a library still being read.
    var isLoading: Bool { !waitingFor.isEmpty || live?.isGrowing == true }

    /// Asleep, nothing is listed or fetched again; awake, what fell due meanwhile is.
    func setPaused(_ paused: Bool) { live?.setPaused(paused) }
}
