import Foundation
import PhotoCore
import Testing
@testable import PhotoLoader

/// What is asked of the loader reaches the decoders and the network once, in order of urgency,
/// and a cancel stops it (docs/loading.md §1, §2).
@Suite struct ImageLoaderRequestTests {
    typealias Request = ImageLoader.Request

    @Test func aPhotoAskedForAgainIsDecodedAndAnsweredOnce() throws {
        let h = try LoaderHarness(files: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.decoder.hold(h.names[0])
        h.loader.request(full, pixels: 256, urgency: .prefetch)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        h.loader.request(full, pixels: 256, urgency: .current)
        h.decoder.release(h.names[0])
        try #require(h.wait { h.loader.hasResults })
        // Finished and not yet taken: not asked again either.
        h.loader.request(full, pixels: 256, urgency: .current)
        let results = h.loader.takeResults()
        #expect(results.count == 1 && results.first?.levels?.isEmpty == false)
        #expect(h.decoder.began == [h.names[0]])
        #expect(!h.loader.isBusy, "nothing left to answer")
    }

    @Test func aDownloadAskedForAgainIsFetchedOnce() throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.loader.request(full, pixels: 256, urgency: .neighbour)
        h.loader.request(full, pixels: 256, urgency: .current)
        #expect(h.network.loads.count == 1)
        h.network.answer(h.url(0), with: .success(LoaderHarness.photo))
        #expect(h.results(1).count == 1)
        #expect(h.decoder.began == [h.names[0]])
    }

    /// A prefetched page that becomes the current one: its download moves up, not only its decode;
    /// asked again less urgently it stays, and moved by `reprioritize` it goes down as well.
    @Test func aDownloadMovesWithItsRequestsUrgency() throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.loader.request(full, pixels: 256, urgency: .prefetch)
        h.loader.request(full, pixels: 256, urgency: .current)
        h.loader.request(full, pixels: 256, urgency: .prefetch)
        #expect(h.network.loads.first?.priorities == [.prefetch, .currentPage])
        h.loader.reprioritize(full, to: .neighbour)
        #expect(h.network.loads.first?.priorities == [.prefetch, .currentPage, .neighbourPage])
    }

    /// One decoder, busy: the page on screen goes before the thumbnails asked for ahead of it,
    /// and a cell on screen before a prefetched one.
    @Test func thePageOnScreenIsDecodedBeforeThumbnails() throws {
        let h = try LoaderHarness(files: 4)
        h.decoder.hold(h.names[0])
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .prefetch)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        h.loader.request(.image(ImageKey(item: 1, quality: .thumbnail)), pixels: 128, urgency: .prefetch)
        h.loader.request(.image(ImageKey(item: 2, quality: .thumbnail)), pixels: 128, urgency: .visible)
        h.loader.request(.image(ImageKey(item: 3, quality: .full)), pixels: 256, urgency: .current)
        h.decoder.release(h.names[0])
        #expect(h.results(4).count == 4)
        #expect(h.decoder.began == [h.names[0], h.names[3], h.names[2], h.names[1]])
    }

    /// A photo opened that has no camera thumbnail: a quick preview stands in for it, before its
    /// full image; the grid's thumbnail waits behind both (docs/behaviour.md §12, Start).
    @Test func aPhotoWithNoCameraThumbnailOpensOnAQuickPreviewBeforeItsFullImage() throws {
        let h = try LoaderHarness(files: 1, workers: 2)
        let thumbnail = Request.image(ImageKey(item: 0, quality: .thumbnail)), full = Request.image(ImageKey(item: 0, quality: .full))
        h.loader.request(thumbnail, pixels: 16, urgency: .currentPlaceholder, previewReaching: 8)
        h.loader.request(full, pixels: 256, urgency: .current)
        var taken: [ImageLoader.Result] = []
        #expect(h.wait { taken += h.loader.takeResults(); return taken.contains { $0.request == thumbnail } })
        let order = taken.map(\.request)
        #expect(order == [.placeholder(item: 0), full, thumbnail])
        // 64x48 at 1/8: the smallest DCT scale whose longer side reaches 8.
        let preview = try #require(taken.first?.levels?.first)
        #expect(preview.width == 8 && preview.height == 6 && taken.first?.opaque == true)
    }

    @Test func aCancelledDecodeStillWaitingNeverRuns() throws {
        let h = try LoaderHarness(files: 3)
        h.decoder.hold(h.names[0])
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        h.loader.request(.image(ImageKey(item: 1, quality: .full)), pixels: 256, urgency: .prefetch)
        h.loader.request(.image(ImageKey(item: 2, quality: .full)), pixels: 256, urgency: .prefetch)
        #expect(h.loader.cancel(.image(ImageKey(item: 1, quality: .full))))
        #expect(!h.loader.cancel(.image(ImageKey(item: 1, quality: .full))), "nothing left to stop")
        h.decoder.release(h.names[0])
        // Item 2 was queued after item 1: once it is answered, item 1 would have run.
        #expect(Set(h.results(2).map(\.request.key.item)) == [0, 2])
        #expect(h.decoder.began == [h.names[0], h.names[2]])
    }

    /// A full photo may be megabytes still to come: its transfer stops. A thumbnail already asked
    /// for is answered anyway (into the disk cache), but the answer is nobody's: it is not decoded.
    @Test func aCancelStopsTheTransferAndDropsItsLateAnswer() throws {
        let h = try LoaderHarness(urls: 2)
        let full = Request.image(ImageKey(item: 0, quality: .full)), thumbnail = Request.image(ImageKey(item: 1, quality: .thumbnail))
        h.loader.request(full, pixels: 256, urgency: .current)
        h.loader.request(thumbnail, pixels: 128, urgency: .visible)
        #expect(h.loader.downloadProgress(of: 0) != nil, "the page's fan shows from the request on")
        #expect(h.loader.cancel(full) && h.loader.cancel(thumbnail))
        #expect(h.network.loads(of: h.url(0)).first?.cancelled == true)
        #expect(h.network.loads(of: h.url(1)).first?.cancelledUnlessSent == true)
        #expect(!h.loader.isBusy && h.loader.downloadProgress(of: 0) == nil)

        // The cell comes back: asked again, it is fetched and answered once, whenever the
        // first answer comes.
        h.loader.request(thumbnail, pixels: 128, urgency: .visible)
        #expect(h.network.loads(of: h.url(1)).count == 2)
        h.network.answer(h.url(1), with: .success(LoaderHarness.photo))
        #expect(h.results(1).map(\.request) == [thumbnail])
        #expect(h.decoder.began == [h.names[1]])
        #expect(!h.loader.isBusy)
    }

    @Test func forgettingGoneItemsStopsTheirRequests() throws {
        let h = try LoaderHarness(urls: 2)
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        h.loader.request(.image(ImageKey(item: 1, quality: .full)), pixels: 256, urgency: .neighbour)
        h.loader.discard(items: [0])
        #expect(h.network.loads(of: h.url(0)).first?.cancelled == true)
        #expect(h.network.loads(of: h.url(1)).first?.cancelled == false)
        #expect(h.loader.isBusy, "item 1 is still on its way")
    }
}
