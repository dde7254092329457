/// White text with coverage in alpha, as RGBA8 pixels (rows top to bottom).
public struct RasterizedText {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }
}

/// Turns a string into pixels with a real font. Called on the GL thread only.
public protocol TextRasterizing: AnyObject {
    /// `pixelSize` is the font size in drawable pixels; text wider than `maxWidth` pixels is cut
    /// with an ellipsis. Nil when the text cannot be drawn (no font was found).
    func rasterize(_ text: String, pixelSize: Int, maxWidth: Int?) -> RasterizedText?
    /// The width in pixels `text` takes uncut, without rasterising it.
    func width(of text: String, pixelSize: Int) -> Int?
}
