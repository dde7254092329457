import Foundation
@testable import PhotoCore

/// Descriptions shaped like real servers' own: iipsrv 1.1 (IIIF 2, level 1), vips dzsave's
/// `--layout iiif3` (IIIF 3, level 0) and `vips dzsave` (DZI, 2008 namespace).
enum DeepZoomDocuments {
    static let iipsrvLocation = URL(string: "http://127.0.0.1:8080/iiif/x.tif/info.json")!
    static let iipsrv = """
        {
          "@context" : "http://iiif.io/api/image/2/context.json",
          "@id" : "http://127.0.0.1:8080/iiif/x.tif",
          "protocol" : "http://iiif.io/api/image",
          "width" : 20000,
          "height" : 15000,
          "sizes" : [
             { "width" : 156, "height" : 117 }, { "width" : 312, "height" : 234 }, { "width" : 625, "height" : 468 },
             { "width" : 1250, "height" : 937 }, { "width" : 2500, "height" : 1875 }
          ],
          "tiles" : [ { "width" : 256, "height" : 256, "scaleFactors" : [ 1, 2, 4, 8, 16, 32, 64, 128 ] } ],
          "profile" : [
             "http://iiif.io/api/image/2/level1.json",
             { "formats" : [ "jpg" ], "qualities" : [ "native","color","gray","bitonal" ],
               "supports" : ["regionByPct","regionSquare","sizeByForcedWh","sizeByWh","sizeAboveFull","rotationBy90s","mirroring"],
               "maxWidth" : 5000, "maxHeight" : 5000 }
          ]
        }
        """

    static let vipsIIIF3Location = URL(string: "https://example.com/iiif/pano/info.json")!
    static let vipsIIIF3 = """
        {
          "@context": "http://iiif.io/api/image/3/context.json",
          "id": "https://example.com/iiif/pano",
          "type": "ImageService3",
          "profile": "level0",
          "protocol": "http://iiif.io/api/image",
          "tiles": [ { "scaleFactors": [ 1, 2, 4 ], "width": 256 } ],
          "sizes": [ { "width": 250, "height": 188 }, { "width": 500, "height": 375 } ],
          "width": 2000,
          "height": 1500
        }
        """

    static let dziLocation = URL(string: "http://127.0.0.1:8080/dzi/grid.dzi")!
    static let dzi = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Image xmlns="http://schemas.microsoft.com/deepzoom/2008"
          Format="jpg"
          Overlap="0"
          TileSize="256"
          >
          <Size 
            Height="15000"
            Width="20000"
          />
        </Image>
        """

    static func pyramid(_ text: String, _ location: URL) throws -> TilePyramid {
        try TilePyramid.parse(Data(text.utf8), location: location)
    }

    /// A synthetic DZI: `width` x `height`, square tiles of `tile`, `overlap` pixels of overlap.
    static func dzi(_ width: Int, _ height: Int, tile: Int = 256, overlap: Int = 0) throws -> TilePyramid {
        try pyramid("<Image TileSize=\"\(tile)\" Overlap=\"\(overlap)\" Format=\"png\"><Size Width=\"\(width)\" Height=\"\(height)\"/></Image>",
                    URL(string: "http://example.com/a.dzi")!)
    }
}
