/// The album's layout (docs/behaviour.md §2): square cells, 2 pt gaps, as many columns as make cells about
/// the target size, never fewer than 3. Frames are in content coordinates (y from the top of the
/// content, before scrolling).
public struct GridLayout: Equatable, Sendable {
    public static let cellSpacing = 2.0
    public static let targetCellSize = 160.0
    public static let minimumColumns = 3

    public let width: Double
    public let count: Int
    public let columns: Int
    public let cellSize: Double

    public init(width: Double, count: Int, targetCellSize: Double = GridLayout.targetCellSize) {
        self.width = width
        self.count = count
        columns = max(Self.minimumColumns, Int((width / targetCellSize).rounded()))
        cellSize = max(0, (width - Double(columns - 1) * Self.cellSpacing) / Double(columns))
    }

    public var rows: Int { (count + columns - 1) / columns }
    public var rowStride: Double { cellSize + Self.cellSpacing }
    public var contentHeight: Double { rows == 0 ? 0 : Double(rows) * rowStride - Self.cellSpacing }

    public func frame(of index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: Double(column) * (cellSize + Self.cellSpacing), y: Double(row) * rowStride,
                    width: cellSize, height: cellSize)
    }

    /// The cells that intersect content rows `top ..< top + height`.
    public func visibleRange(top: Double, height: Double) -> Range<Int> {
        guard count > 0, rowStride > 0, height > 0 else { return 0..<0 }
        let firstRow = max(0, Int((top / rowStride).rounded(.down)))
        let lastRow = Int(((top + height) / rowStride).rounded(.down))
        let lower = min(count, firstRow * columns)
        let upper = min(count, max(lower, (lastRow + 1) * columns))
        return lower..<upper
    }

    /// The cell at a content point, if any (gaps belong to no cell).
    public func index(at p: Point) -> Int? {
        guard p.x >= 0, p.y >= 0, p.x < width, rowStride > 0 else { return nil }
        let column = Int(p.x / (cellSize + Self.cellSpacing)), row = Int(p.y / rowStride)
        guard column < columns else { return nil }
        let i = row * columns + column
        return i < count && frame(of: i).contains(p) ? i : nil
    }
}
