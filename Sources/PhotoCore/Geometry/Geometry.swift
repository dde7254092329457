/// Plain geometry in logical points (window coordinates, y down). Value types, no platform imports.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to other: Point) -> Double { (self - other).length }
    public var description: String { "(\(x), \(y))" }
}

public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var aspect: Double { height > 0 ? width / height : 1 }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public static func * (s: Size, k: Double) -> Size { Size(width: s.width * k, height: s.height * k) }
    public var description: String { "\(width)x\(height)" }
}

public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit rectangle: a crop that shows a whole texture.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    public func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
    /// The overlap of two rects; zero-sized where they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, r.maxX) - x0), height: max(0, min(maxY, r.maxY) - y0))
    }
    /// True when `r` lies wholly inside this rectangle (edges may touch), within `tolerance`.
    public func contains(_ r: Rect, tolerance: Double = 1e-9) -> Bool {
        r.minX >= minX - tolerance && r.maxX <= maxX + tolerance
            && r.minY >= minY - tolerance && r.maxY <= maxY + tolerance
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
    public var description: String { "[\(minX), \(minY), \(width)x\(height)]" }
}

extension Rect {
    /// The largest rectangle of `content`'s aspect that fits inside `bounds`, centred (aspect fit).
    public static func aspectFit(_ content: Size, in bounds: Rect) -> Rect {
        guard !content.isEmpty, !bounds.size.isEmpty else { return Rect(center: bounds.center, size: .zero) }
        let scale = min(bounds.width / content.width, bounds.height / content.height)
        return Rect(center: bounds.center, size: content * scale)
    }

    /// The crop, in unit texture coordinates, that fills a frame of aspect `frame` with an image of
    /// aspect `content` by cutting equally from both sides (aspect fill, centre crop).
    public static func aspectFillCrop(content: Size, frame: Size) -> Rect {
        guard !content.isEmpty, !frame.isEmpty else { return .unit }
        let ratio = frame.aspect / content.aspect
        if ratio > 1 {  // frame is relatively wider: keep full width, cut top and bottom
            let h = 1 / ratio
            return Rect(x: 0, y: (1 - h) / 2, width: 1, height: h)
        } else {
            let w = ratio
            return Rect(x: (1 - w) / 2, y: 0, width: w, height: 1)
        }
    }
}

/// Linear interpolation, the building block of every tween.
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

extension Point {
    public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: PhotoCore.lerp(a.x, b.x, t), y: PhotoCore.lerp(a.y, b.y, t))
    }
}

extension Rect {
    public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: PhotoCore.lerp(a.minX, b.minX, t), y: PhotoCore.lerp(a.minY, b.minY, t),
             width: PhotoCore.lerp(a.width, b.width, t), height: PhotoCore.lerp(a.height, b.height, t))
    }
}

/// `value` limited to `lower...upper` (to `lower` when the range is empty).
@inlinable public func clamp<T: Comparable>(_ value: T, _ lower: T, _ upper: T) -> T {
    max(lower, min(upper, value))
}

extension Rect {
    /// The point at unit coordinates `u` inside this rectangle (0,0 top-left, 1,1 bottom-right).
    public func point(atUnit u: Point) -> Point { Point(x: minX + u.x * width, y: minY + u.y * height) }
    /// The unit coordinates of `p` relative to this rectangle.
    public func unit(of p: Point) -> Point {
        Point(x: width != 0 ? (p.x - minX) / width : 0, y: height != 0 ? (p.y - minY) / height : 0)
    }
    /// `r` in the unit coordinates of this rectangle: which part of it `r` covers.
    public func unit(of r: Rect) -> Rect {
        guard width != 0, height != 0 else { return .unit }
        return Rect(x: (r.minX - minX) / width, y: (r.minY - minY) / height, width: r.width / width, height: r.height / height)
    }
    /// The part of this rectangle at unit coordinates `u` (the inverse of `unit(of:)`).
    public func rect(atUnit u: Rect) -> Rect {
        Rect(x: minX + u.minX * width, y: minY + u.minY * height, width: u.width * width, height: u.height * height)
    }
    /// The rectangle an image of aspect `content` fills when it covers `bounds` (aspect fill), centred.
    public static func aspectFill(_ content: Size, in bounds: Rect) -> Rect {
        guard !content.isEmpty, !bounds.size.isEmpty else { return bounds }
        let scale = max(bounds.width / content.width, bounds.height / content.height)
        return Rect(center: bounds.center, size: content * scale)
    }
}
