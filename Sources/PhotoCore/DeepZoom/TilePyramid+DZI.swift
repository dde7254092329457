import Foundation

extension TilePyramid {
    /// Reads a Deep Zoom `.dzi` (`<Image TileSize Overlap Format><Size Width Height/></Image>`, in
    /// the 2008 or 2009 namespace) found at `location`, whose tiles lie beside it in `NAME_files/`.
    /// Levels go from 0 (one pixel) to ceil(log2(longer side)) (full resolution), every one.
    public static func parseDZI(_ data: Data, location: URL) throws(DeepZoomError) -> TilePyramid {
        let document = location.isFileURL ? location.path : location.absoluteString
        func fail(_ problem: String) -> DeepZoomError { DeepZoomError(document: document, problem: problem) }

        let text = String(decoding: data, as: UTF8.self)
        guard let image = XMLStartTag.first(named: "Image", in: text) else {
            throw fail("has no <Image> element, so it is not a Deep Zoom image")
        }
        guard let size = XMLStartTag.first(named: "Size", in: text) else { throw fail("has no <Size> element") }
        func number(_ tag: [String: String], _ name: String) throws(DeepZoomError) -> Int {
            guard let value = tag[name] else { throw fail("gives no \(name)") }
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
                throw fail("gives a \(name) of \"\(value)\", which is not a whole number")
            }
            return number
        }
        let width = try number(size, "Width"), height = try number(size, "Height")
        let tileSide = try number(image, "TileSize")
        let overlap = image["Overlap"] == nil ? 0 : try number(image, "Overlap")
        guard let format = image["Format"], (1...8).contains(format.count),
              format.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
            throw fail("gives no tile Format of 1 to 8 letters or digits (such as jpg or png)")
        }
        // Checked here, before the levels are counted, so that a lying size costs nothing.
        for (name, side) in [("width", width), ("height", height)] where !(1...maxSide).contains(side) {
            throw fail("gives the image a \(name) of \(side) pixels; it must be 1 to \(maxSide)")
        }
        var finest = 0
        while 1 << finest < max(width, height) { finest += 1 }
        let base = tilesBase(location)
        guard URL(string: base + "0/0_0." + format) != nil else { throw fail("is at an address its tiles cannot be found beside") }
        return try TilePyramid(fullSize: PixelSize(width: width, height: height), tileSize: PixelSize(width: tileSide, height: tileSide),
                               overlap: overlap, scaleFactors: (0...finest).map { 1 << (finest - $0) },
                               service: .deepZoom(tilesBase: base, format: format), document: document)
    }

    /// The `.dzi`'s address up to its extension, and `_files/`: `a/b.dzi` → `a/b_files/`; for a
    /// server that names the file in its query (`iipsrv.fcgi?DeepZoom=x.tif.dzi`) the query holds it.
    static func tilesBase(_ location: URL) -> String {
        let address = location.absoluteString
        for suffix in [".dzi", ".xml"] {
            if let range = address.range(of: suffix, options: [.backwards, .caseInsensitive]) {
                return address[..<range.lowerBound] + "_files/"
            }
        }
        return (address.split(separator: "?", maxSplits: 1).first.map(String.init) ?? address) + "_files/"
    }
}

/// The attributes of an XML element's start tag, found by a plain scan: enough for a `.dzi`, which
/// has two elements and no text, without bringing libxml2 into the core.
enum XMLStartTag {
    /// The first `<name …>` (any namespace prefix) outside comments, or nil.
    static func first(named name: String, in text: String) -> [String: String]? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            let tagName = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            guard tagName == name || tagName.hasSuffix(":" + name) else { continue }
            return attributes(rest[tagName.endIndex...].prefix { $0 != ">" })
        }
        return nil
    }

    /// `name="value"` and `name='value'` pairs; the five predefined entities are left as written,
    /// since a `.dzi`'s values are numbers and a format.
    private static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            var valueStart = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = valueStart.first, quote == "\"" || quote == "'" else { break }
            valueStart = valueStart.dropFirst()
            guard let close = valueStart.firstIndex(of: quote) else { break }
            result[name.split(separator: " ").last.map(String.init) ?? name] = String(valueStart[..<close])
            rest = valueStart[valueStart.index(after: close)...]
        }
        return result
    }
}
