/// A picture turned clockwise by whole quarter turns, as on a panel mounted on its side: the one
/// place that knows where a point lands. The renderer turns its drawing with ``transform(picture:)``;
/// input is turned back with ``inverted``'s.
public struct QuarterTurn: Equatable, Hashable, Sendable {
    /// 0, 90, 180 or 270 degrees clockwise.
    public let degrees: Int

    /// Any angle other than 90, 180 or 270 is no turn.
    public init(degrees: Int) { self.degrees = [90, 180, 270].contains(degrees) ? degrees : 0 }

    /// Whether width and height trade places (90 and 270).
    public var swapsAxes: Bool { degrees == 90 || degrees == 270 }

    /// The turn that undoes this one.
    public var inverted: QuarterTurn { QuarterTurn(degrees: (360 - degrees) % 360) }

    /// The size of a picture of `size` once turned.
    public func turned(_ size: Size) -> Size { swapsAxes ? Size(width: size.height, height: size.width) : size }

    /// Where each point of a picture of `picture` size lands once the picture is turned (its
    /// top-left corner stays the top-left corner of what is seen).
    public func transform(picture: Size) -> AffineTransform {
        let w = picture.width, h = picture.height
        return switch degrees {
        case 90: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        case 180: AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case 270: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        default: .identity
        }
    }
}
