import PhotoCore

/// What an image can be in the ledger, and what the ledger asks the shell to do.
extension ImageLedger {
    public enum Phase: Equatable, Sendable {
        case loading(LoadUrgency)
        /// Decoded; its pixels are being copied to the GPU.
        case uploading(Arrival)
        /// A whole texture the renderer can draw.
        case ready(Arrival)
        case failed(LoadFailure)
    }

    public enum Action: Hashable, Sendable {
        /// Ask the loaders for the image.
        case load(ImageKey, LoadUrgency)
        /// A load in flight is needed sooner (or, for a page left behind, later).
        case reprioritize(ImageKey, LoadUrgency)
        /// Stop a load nobody wants any more.
        case cancel(ImageKey)
        /// Tell the scene: the image can be drawn, at the photo's own size.
        case loaded(ImageKey, Size)
        /// Tell the scene: the image was let go; it asks again when it needs it.
        case unloaded(ImageKey)
        /// Tell the scene the image failed.
        case failed(ImageKey, LoadFailure)
        /// Say so once: the item's first failure.
        case report(ImageKey, LoadFailure)
        /// Put an item's thumbnail in the shared cache, keeping no pixels.
        case warm(Int)
        /// A thumbnail asked for the shared cache is no longer ahead of need: if not begun, it is not made.
        case stopWarming(Int)
        /// Decode a detail; stop one no longer wanted; let the drawn detail go.
        case loadDetail(Detail)
        case cancelDetail(Detail)
        case dropDetail
    }
}
