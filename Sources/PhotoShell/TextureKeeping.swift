/// When the texture budget is enforced (docs/behaviour.md §7): after a frame, once textures were
/// added or the page it protects changed; and, once textures were let go or pixels copied to the
/// GPU, memory handed back to the system by the trimmer.
struct TextureKeeping {
    /// The page the budget last protected (nil: the grid).
    private var protectedPage: Int?
    private(set) var isDue = false
    private let trimmer = MemoryTrimmer()

    /// Textures were added, or one grew (an animation's frame at a new size).
    mutating func added() { isDue = true }

    /// The page on screen is `page` (nil in the grid): a new one has other neighbours to keep.
    mutating func follow(page: Int?) {
        guard page != protectedPage else { return }
        protectedPage = page
        isDue = true
    }

    /// The catalog changed: the page at the same index may be another photo.
    mutating func contentChanged() { protectedPage = nil }

    mutating func enforced() { isDue = false }

    /// Pixels were freed somewhere: a trim comes within the trimmer's interval.
    func freed() { trimmer.noteFreed() }

    func trimIfDue() { trimmer.trimIfDue() }
    var trimWaitMs: Double? { trimmer.waitMs }
}
