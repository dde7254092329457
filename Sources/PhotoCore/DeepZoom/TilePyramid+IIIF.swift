import Foundation

extension TilePyramid {
    /// Tiles assumed for a level 1 or 2 server whose `info.json` lists none: it cuts any region,
    /// and 512 is what IIPImage and Cantaloupe offer by default.
    static let defaultIIIFTileSide = 512

    /// Reads an IIIF Image API 2 or 3 `info.json` (`location` names it in errors). Its first
    /// `tiles` entry gives the tile size and levels; a level 1 or 2 server that lists no tiles gets
    /// 512-pixel tiles at every power of two. Entries of `sizes` that are not two positive whole
    /// numbers are skipped; so are limits (`maxWidth`, `maxHeight`, `maxArea`) that are not one.
    public static func parseIIIF(_ data: Data, location: URL) throws(DeepZoomError) -> TilePyramid {
        let document = location.isFileURL ? location.path : location.absoluteString
        func fail(_ problem: String) -> DeepZoomError { DeepZoomError(document: document, problem: problem) }

        guard let root = try? JSONSerialization.jsonObject(with: data) else { throw fail("is not valid JSON") }
        guard let info = root as? [String: Any] else { throw fail("is not a JSON object, so not an IIIF info.json") }

        let version = try iiifVersion(info, fail)
        let idKey = version == .two ? "@id" : "id"
        guard let rawID = (info[idKey] ?? info["@id"] ?? info["id"]) as? String, !rawID.isEmpty else {
            throw fail("has no \"\(idKey)\", so its tiles have no address")
        }
        let id = rawID.hasSuffix("/") ? String(rawID.dropLast()) : rawID
        guard let probe = URL(string: id + "/0,0,1,1/1,1/0/default.jpg"), probe.scheme != nil else {
            throw fail("gives \"\(rawID)\" as its address, which is not an absolute URL")
        }

        let width = try wholeNumber(info, "width", fail), height = try wholeNumber(info, "height", fail)
        let compliance = complianceLevel(info["profile"])
        let limits = info.merging(profileObject(info["profile"]) ?? [:]) { top, _ in top }
        let maxWidth = positive(limits["maxWidth"])
        let service = IIIFService(
            id: id, version: version, compliance: compliance,
            sizes: ((info["sizes"] as? [Any]) ?? []).compactMap(pixelSize).sorted { $0.width < $1.width },
            maxWidth: maxWidth,
            // Version 2 says a client should take maxHeight to be maxWidth when only that is given.
            maxHeight: positive(limits["maxHeight"]) ?? maxWidth,
            maxArea: positive(limits["maxArea"]))

        let tileSize: PixelSize, factors: [Int]
        if let tiles = info["tiles"] as? [Any], !tiles.isEmpty {
            guard let first = tiles[0] as? [String: Any] else { throw fail("has a \"tiles\" entry that is not an object") }
            let tileWidth = try wholeNumber(first, "tile width", key: "width", fail)
            let tileHeight = first["height"] == nil ? tileWidth : try wholeNumber(first, "tile height", key: "height", fail)
            tileSize = PixelSize(width: tileWidth, height: tileHeight)
            guard let list = first["scaleFactors"] as? [Any] else { throw fail("gives its tiles no \"scaleFactors\" list") }
            guard list.count <= maxLevels else { throw fail("lists \(list.count) scale factors; at most \(maxLevels) are accepted") }
            factors = try list.map { value throws(DeepZoomError) in
                guard let factor = integer(value) else { throw fail("gives a scale factor that is not a whole number") }
                return factor
            }
        } else if compliance >= 1 {
            tileSize = PixelSize(width: defaultIIIFTileSide, height: defaultIIIFTileSide)
            factors = powersOfTwo(toFit: max(width, height), in: defaultIIIFTileSide)
        } else {
            throw fail("lists no tiles, and its server (compliance level 0) can cut no others")
        }
        return try TilePyramid(fullSize: PixelSize(width: width, height: height), tileSize: tileSize,
                               scaleFactors: factors, service: .iiif(service), document: document)
    }

    private static func iiifVersion(_ info: [String: Any], _ fail: (String) -> DeepZoomError) throws(DeepZoomError) -> IIIFService.Version {
        let contexts = (info["@context"] as? String).map { [$0] } ?? (info["@context"] as? [Any] ?? []).compactMap { $0 as? String }
        if contexts.contains(where: { $0.contains("iiif.io/api/image/3") }) || info["type"] as? String == "ImageService3" { return .three }
        if contexts.contains(where: { $0.contains("iiif.io/api/image/2") }) { return .two }
        if contexts.contains(where: { $0.contains("iiif.io/api/image/1") }) || contexts.contains(where: { $0.contains("stanford.edu/iiif") }) {
            throw fail("uses IIIF Image API 1, which is not supported (versions 2 and 3 are)")
        }
        if info["@id"] != nil { return .two }
        if info["id"] != nil { return .three }
        throw fail("names no IIIF Image API context and no \"@id\" or \"id\", so it is not an IIIF info.json")
    }

    /// 0, 1 or 2 from `profile`: version 3's "level1", or version 2's URI ("…/level1.json"), alone
    /// or first in an array. A profile that says none is level 0, which asks the least of a server.
    private static func complianceLevel(_ profile: Any?) -> Int {
        let names = (profile as? String).map { [$0] } ?? (profile as? [Any] ?? []).compactMap { $0 as? String }
        for name in names {
            for level in [2, 1, 0] where name.hasSuffix("level\(level)") || name.hasSuffix("level\(level).json") { return level }
        }
        return 0
    }

    /// Version 2's profile object (the array's dictionary), where it puts `maxWidth` and friends.
    private static func profileObject(_ profile: Any?) -> [String: Any]? {
        (profile as? [Any])?.lazy.compactMap { $0 as? [String: Any] }.first
    }

    private static func wholeNumber(_ object: [String: Any], _ name: String, key: String? = nil,
                                    _ fail: (String) -> DeepZoomError) throws(DeepZoomError) -> Int {
        guard let value = object[key ?? name] else { throw fail("gives no \(name)") }
        guard let number = integer(value) else { throw fail("gives a \(name) that is not a whole number") }
        return number
    }

    private static func pixelSize(_ entry: Any) -> PixelSize? {
        guard let object = entry as? [String: Any], let width = positive(object["width"]), let height = positive(object["height"]),
              width <= maxSide, height <= maxSide else { return nil }
        return PixelSize(width: width, height: height)
    }

    private static func positive(_ value: Any?) -> Int? { integer(value).flatMap { $0 > 0 ? $0 : nil } }

    /// A JSON number with no fractional part that fits an Int; not `true` or `false`, which
    /// JSONSerialization also hands back as NSNumbers.
    static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return value as? Int
    }

    /// 1, 2, 4 … up to the first factor at which `side` fits in one tile.
    static func powersOfTwo(toFit side: Int, in tileSide: Int) -> [Int] {
        var factors = [1]
        while ceilDivide(side, factors.last!) > tileSide && factors.count < maxLevels { factors.append(factors.last! * 2) }
        return factors
    }
}
