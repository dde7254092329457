extension Slideshow {
    /// The photos whose captions a frame shows, and how opaque each is: cross-fading slides (and
    /// Ken Burns) cross-fade their captions; a slide pushes the next one's in with it, and its
    /// caption changes halfway (docs/behaviour.md §9).
    public func captionPhotos(at now: Double) -> [(index: Int, alpha: Double)] {
        guard !firstIsPending else { return [] }
        guard let outgoing = outgoingState(at: now) else { return [(current, 1)] }
        if transition == .crossfade || transition == .kenburns {
            return [(outgoing.index, 1 - outgoing.progress), (current, outgoing.progress)]
        }
        return [(outgoing.progress < 0.5 ? outgoing.index : current, 1)]
    }
}
