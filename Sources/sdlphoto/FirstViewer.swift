import PhotoCore

/// The first viewer: one photo at a time, aspect-fit on black; Left/Right change photo.
/// Pure state: the loop feeds it keys and load results and draws its display list.
struct FirstViewer {
    enum Status: Equatable { case loading, loaded(Size), failed }

    let names: [String]
    private(set) var statuses: [Status]
    private(set) var index = 0
    var viewport: Size

    init(names: [String], viewport: Size) {
        self.names = names
        self.statuses = Array(repeating: .loading, count: names.count)
        self.viewport = viewport
    }

    enum Effect: Equatable { case quit, toggleFullscreen }

    mutating func key(_ name: String) -> [Effect] {
        switch name {
        case "Right", "PageDown", "Space": index = min(index + 1, names.count - 1)
        case "Left", "PageUp", "Backspace": index = max(index - 1, 0)
        case "Home": index = 0
        case "End": index = names.count - 1
        case "Q", "Escape": return [.quit]
        case "F", "F11": return [.toggleFullscreen]
        default: break
        }
        return []
    }

    mutating func loaded(_ item: Int, size: Size) { statuses[item] = .loaded(size) }
    mutating func failed(_ item: Int) { statuses[item] = .failed }

    /// True while the photo on screen is still being decoded.
    var isLoading: Bool { statuses.indices.contains(index) && statuses[index] == .loading }

    func displayList() -> DisplayList {
        var list = DisplayList(background: .black)
        guard statuses.indices.contains(index) else { return list }
        let bounds = Rect(origin: .zero, size: viewport)
        switch statuses[index] {
        case .loading:
            break
        case .loaded(let size):
            list.append(.image(ImageDraw(item: index, quality: .full, frame: Rect.aspectFit(size, in: bounds))))
        case .failed:
            let side = min(viewport.width, viewport.height) * 0.5
            list.append(.brokenImage(frame: Rect(center: bounds.center, size: Size(width: side, height: side)),
                                     name: (names[index] as String).split(separator: "/").last.map(String.init) ?? names[index],
                                     alpha: 1))
        }
        return list
    }
}
