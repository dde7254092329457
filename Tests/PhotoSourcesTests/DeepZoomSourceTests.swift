import Foundation
@testable import PhotoSources
import Testing

/// An IIIF `info.json` or a `.dzi` is one photo that zooms through its pyramid of tiles
/// (docs/behaviour.md §18), never through the thumbnail cache.
@Suite struct DeepZoomSourceTests {
    @Test func aLocalDziIsOneDeepZoomPhotoInAWatchedFolder() throws {
        let folder = try TempFolder()
        let path = try folder.write("grid.dzi", #"<Image TileSize="256" Overlap="0" Format="jpg"><Size Width="512" Height="512"/></Image>"#)
        let source = DeepZoomSource(.file(path))
        let listing = source.list()
        let item = try #require(listing.items.first)
        #expect(listing.items.count == 1 && item.isDeepZoom && !item.usesThumbnailCache)
        #expect(listing.folders == [folder.path])
        #expect(source.renewal == .watched)
    }

    @Test func anIIIFInfoJSONOnAServerIsOneDeepZoomPhotoListedOnce() throws {
        let url = try #require(URL(string: "https://example.org/iiif/2/photo/info.json"))
        let source = DeepZoomSource(.url(url))
        let listing = source.list()
        #expect(listing.items.map(\.image) == [.url(url)])
        #expect(listing.items.first?.isDeepZoom == true)
        #expect(source.renewal == .never)
    }
}
