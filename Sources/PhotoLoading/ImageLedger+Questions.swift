import PhotoCore

/// What the shell asks of the ledger.
extension ImageLedger {
    public func phase(of key: ImageKey) -> Phase? { phases[key] }

    public func isLoading(_ key: ImageKey) -> Bool {
        if case .loading = phases[key] { return true }
        return false
    }

    public func isReady(_ key: ImageKey) -> Bool {
        if case .ready = phases[key] { return true }
        return false
    }

    /// The arrival of an image on the GPU.
    public func arrival(_ key: ImageKey) -> Arrival? {
        if case .ready(let arrival) = phases[key] { return arrival }
        return nil
    }

    public func failure(_ key: ImageKey) -> LoadFailure? {
        if case .failed(let failure) = phases[key] { return failure }
        return nil
    }

    /// Items whose image at `quality` is still loading.
    public func loading(_ quality: ImageQuality) -> [Int] {
        phases.compactMap { key, phase in
            if case .loading = phase, key.quality == quality { return key.item }
            return nil
        }
    }

    /// Every one of `items` has its thumbnail, in the cache or on screen, or has failed.
    public func thumbnailsSettled(_ items: [Int]) -> Bool {
        items.allSatisfy { records[$0]?.thumbnailSettled == true }
    }
}
