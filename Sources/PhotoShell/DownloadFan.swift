/// The current page's download as the screen shows it (docs/behaviour.md §8): the fan last
/// drawn, and the presses on the retry glyph, which are the fan's and not the scene's.
struct DownloadFan {
    typealias Progress = (received: Int64, total: Int64?)

    private var drawn: (item: Int, received: Int64, total: Int64?)?
    private var retryPresses: Set<Int> = []

    /// The fan changes from frame to frame: bytes are arriving, or the length is unknown and its
    /// arc turns.
    static func moves(_ progress: Progress) -> Bool { progress.total.map { progress.received < $0 } ?? true }

    /// The fan of `item` at `progress` is not the one last drawn. Once every byte is in, the
    /// picture holds still while the photo decodes and frames stop, leaving the cores to the decode.
    func needsFrame(item: Int, progress: Progress) -> Bool {
        Self.moves(progress) || drawn.map { $0 != (item, progress.received, progress.total) } ?? true
    }

    mutating func drew(item: Int, _ progress: Progress) { drawn = (item, progress.received, progress.total) }

    /// A touch (or the mouse) went down on the retry glyph: the fan's until it is lifted.
    mutating func press(_ id: Int) { retryPresses.insert(id) }

    func isPressing(_ id: Int) -> Bool { retryPresses.contains(id) }

    mutating func release(_ id: Int) { retryPresses.remove(id) }
}
