import PhotoCore

/// Failed downloads tried again when they are due and still wanted (docs/loading.md).
extension ImageLedger {
    /// The failed downloads due again at `now` that are still wanted: they load again (the
    /// retry actions are the `.load`s). Those no longer wanted wait until they are.
    public mutating func retriesDue(at now: Double) -> [Action] {
        var actions: [Action] = []
        for (key, retry) in retries.sorted(by: { $0.value.due < $1.value.due }) where retry.due <= now && isWanted(key) {
            retries[key] = nil
            phases[key] = nil
            actions += want(key, urgencyNow(key))
        }
        return actions
    }

    /// How urgent a retried image is now, not when it failed: the page it was on may be gone.
    /// A slideshow's photos come back as prefetches (the slideshow raises the one it needs next).
    func urgencyNow(_ key: ImageKey) -> LoadUrgency {
        if case .some(.some(let window)) = window, let offset = window[key.item] { return .forScene(key.quality, offset: offset) }
        return key.quality == .thumbnail ? .visible : .prefetch
    }

    /// When the next wanted retry is due (ms), for a loop that sleeps until then.
    public var nextRetry: Double? {
        retries.filter { isWanted($0.key) }.map(\.value.due).min()
    }

    /// The failed image is to be tried again by itself.
    public func retryIsPending(_ key: ImageKey) -> Bool { retries[key] != nil }
}
