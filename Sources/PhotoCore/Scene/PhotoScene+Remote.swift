/// Remote paging (docs/behaviour.md §15) goes where a key goes: next and previous are the Right
/// and Left keys, and `show` is a jump that, like a key, waits for a flight to land.
extension PhotoScene {
    /// The key a remote `next` or `previous` stands for.
    public static func key(forPaging forward: Bool) -> String { forward ? "Right" : "Left" }

    /// Photo `index` in the browser: a page change when browsing, the flight out of its cell
    /// from the grid (as Enter on a selected cell), after the flight in progress lands.
    public mutating func show(_ index: Int, time: Double) -> [Effect] {
        let effects = advance(to: time)
        guard items.indices.contains(index) else { return effects }
        applyShow(index, time: time)
        return effects + requests()
    }

    static let deferredShowPrefix = "show "

    private mutating func applyShow(_ index: Int, time: Double) {
        switch mode {
        case .browsing:
            goToPage(index, time: time)
        case .grid:
            grid.selection = index
            applyModeKey("return", time: time)
        case .presenting, .dismissing:
            deferredKeys.append(Self.deferredShowPrefix + String(index))
        case .lifting:
            break
        }
    }

    /// A key, or a `show` that waited for a flight to land.
    mutating func applyDeferred(_ name: String, time: Double) {
        if name.hasPrefix(Self.deferredShowPrefix), let index = Int(name.dropFirst(Self.deferredShowPrefix.count)) {
            if items.indices.contains(index) { applyShow(index, time: time) }
        } else {
            applyModeKey(name, time: time)
        }
    }
}
