import PhotoCore

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

    /// What a contact does to the retry glyph.
    enum Tap: Equatable {
        /// Not the glyph's: the scene's.
        case passOn
        /// Down on it, or moving: held by the glyph.
        case held
        /// Lifted after a press on it: the download is tried again.
        case retry
    }

    /// A touch (or the mouse) that goes down on the retry glyph (`glyph`: its centre, nil when
    /// none shows) is the fan's until it is lifted, and then retries the download.
    mutating func take(_ input: InputEvent, glyph: Point?) -> Tap {
        guard let contact = Self.contact(in: input) else { return .passOn }
        if contact.began, let glyph, contact.point.distance(to: glyph) <= Overlays.retryRadius {
            retryPresses.insert(contact.id)
            return .held
        }
        guard retryPresses.contains(contact.id) else { return .passOn }
        guard contact.ended else { return .held }
        retryPresses.remove(contact.id)
        return .retry
    }

    /// A touch's or the mouse's id, point, and whether it goes down or up.
    private static func contact(in input: InputEvent) -> (id: Int, point: Point, began: Bool, ended: Bool)? {
        switch input {
        case .touch(let t): (t.id, t.point, t.phase == .began, t.phase == .ended || t.phase == .cancelled)
        case .mouseDown(let p, _): (Touch.mouseID, p, true, false)
        case .mouseUp(let p, _): (Touch.mouseID, p, false, true)
        default: nil
        }
    }
}
