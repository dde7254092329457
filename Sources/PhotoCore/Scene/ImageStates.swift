/// What the image ledger knows of each photo, asked by scene position: the scene and the
/// slideshow keep no table of their own of what loaded or failed. The shell answers from its
/// ledger, which is keyed by identity, through the catalog; tests answer with a fake.
public protocol ImageStates {
    /// The photo's full image is whole on the GPU.
    func fullImageIsReady(_ index: Int) -> Bool
    /// Its full image failed and has not arrived since.
    func fullImageFailed(_ index: Int) -> Bool
    /// Its latest image failed to decode, and none has arrived since: a broken tile.
    func isBroken(_ index: Int) -> Bool
}

/// Nothing known of any photo: nothing ready, nothing failed (a headless replay, which has no ledger).
public struct UnknownImages: ImageStates {
    public init() {}
    public func fullImageIsReady(_ index: Int) -> Bool { false }
    public func fullImageFailed(_ index: Int) -> Bool { false }
    public func isBroken(_ index: Int) -> Bool { false }
}

extension ImageStates where Self == UnknownImages {
    public static var unknown: UnknownImages { UnknownImages() }
}
