import PhotoCore

/// What a decoder backend hands `ImageDecoder`: pixels as the file stores them, and what is still
/// to be done to them (converted to sRGB, turned upright), which `ImageDecoder` does once they are
/// shrunk to the size needed.
struct StoredPixels {
    var image: DecodedImage
    var colour: ColourDescription = .sRGB
    var orientation: ExifOrientation = .up
}
