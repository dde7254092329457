import Foundation
import PhotoCore
import Testing
@testable import PhotoLoader
import PhotoLoading

/// What the loader answers: failures the ledger turns into a broken tile or a retry glyph
/// (docs/loading.md §4), "still loading" while anything on screen waits, warmed thumbnails that
/// keep no pixels, and an exit that no decode holds up.
@Suite struct ImageLoaderOutcomeTests {
    typealias Request = ImageLoader.Request

    @Test func aFailedDownloadIsARetryGlyphAndItsRetryWorks() throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.loader.request(full, pixels: 256, urgency: .current)
        h.network.answer(h.url(0), with: .failure(.connectionReset(host: "photos.test")))
        let failed = h.results(1)
        #expect(failed.count == 1 && failed.first?.error?.failure(fromNetwork: true) == .network)
        #expect(!h.loader.isBusy)

        h.loader.request(full, pixels: 256, urgency: .current)
        #expect(h.network.loads.count == 2)
        h.network.answer(h.url(0), with: .success(LoaderHarness.photo))
        #expect(h.results(1).first?.levels?.isEmpty == false)
    }

    /// A server that refuses the key or the password (revoked, changed) is waited out as an
    /// outage is, and the photo comes once it lets the request in; a 404 is gone.
    @Test func aRefusedKeyIsRetriedByItselfAndAMissingPhotoIsNot() throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        for (status, failure) in [(401, LoadFailure.refused), (403, .refused), (404, .gone), (410, .gone), (503, .network)] {
            h.loader.request(full, pixels: 256, urgency: .current)
            h.network.answer(h.url(0), with: .failure(.httpStatus(status)))
            #expect(h.results(1).first?.error?.failure(fromNetwork: true) == failure, "HTTP \(status)")
        }
        h.loader.request(full, pixels: 256, urgency: .current)
        h.network.answer(h.url(0), with: .success(LoaderHarness.photo))
        #expect(h.results(1).first?.levels?.isEmpty == false)
    }

    /// An error page instead of a photo: gone, and asked again the server is asked, not the disk
    /// cache that holds the same bytes.
    @Test func aDownloadThatDoesNotDecodeIsGoneAndItsRetryAsksTheServer() throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.decoder.fail(h.names[0])
        h.loader.request(full, pixels: 256, urgency: .current)
        h.network.answer(h.url(0), with: .success(LoaderHarness.photo))
        #expect(h.results(1).first?.error?.failure(fromNetwork: true) == .gone)

        h.decoder.mend(h.names[0])
        h.loader.request(full, pixels: 256, urgency: .current)
        #expect(h.network.loads.map(\.request.revalidate) == [false, true])
        h.network.answer(h.url(0), with: .success(LoaderHarness.photo))
        #expect(h.results(1).first?.levels?.isEmpty == false)
    }

    @Test func aLocalFileThatDoesNotDecodeIsABrokenTile() throws {
        let h = try LoaderHarness(files: 1)
        h.decoder.fail(h.names[0])
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        #expect(h.results(1).first?.error?.failure(fromNetwork: false) == .undecodable)
    }

    /// While anything asked for is on its way the program is busy; a download still on the wire
    /// is not being decoded; once every answer is taken, nothing is either.
    @Test func stillLoadingEndsWhenEverythingIsTaken() throws {
        let h = try LoaderHarness(files: 2, urls: 2, workers: 2)
        h.network.answerAtOnce(h.url(3), with: .success(LoaderHarness.photo))
        h.loader.request(.image(ImageKey(item: 2, quality: .thumbnail)), pixels: 128, urgency: .visible)
        #expect(h.loader.isBusy && !h.loader.isDecoding && !h.loader.isDecodingThumbnails, "only a download on the wire")
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        h.loader.request(.image(ImageKey(item: 1, quality: .thumbnail)), pixels: 128, urgency: .visible)
        h.loader.request(.image(ImageKey(item: 3, quality: .full)), pixels: 256, urgency: .neighbour)
        h.network.answer(h.url(2), with: .success(LoaderHarness.photo))
        #expect(h.results(4).count == 4)
        #expect(!h.loader.isBusy && !h.loader.isDecoding && !h.loader.isDecodingThumbnails && !h.loader.hasResults)
    }

    /// A disk cache hit, or a failure, answered before `load` hands back its transfer: no
    /// transfer is kept for it, so it is not counted as downloading for ever.
    @Test(arguments: [true, false]) func anAnswerBeforeTheHandleLeavesNothingLoading(succeeds: Bool) throws {
        let h = try LoaderHarness(urls: 1)
        let full = Request.image(ImageKey(item: 0, quality: .full))
        h.network.answerAtOnce(h.url(0), with: succeeds ? .success(LoaderHarness.photo) : .failure(.connectionRefused(host: "photos.test")))
        h.loader.request(full, pixels: 256, urgency: .current)
        #expect(!h.loader.state.withLock { $0.hasTransfer(full) })
        let results = h.results(1)
        #expect(results.count == 1 && (results.first?.error == nil) == succeeds)
        #expect(!h.loader.isBusy && !h.loader.isDecoding)
    }

    /// Filling the shared cache for a grid of thousands: the thumbnail is made, no pixels are
    /// kept, and nothing on screen waits for it.
    @Test func aWarmedThumbnailKeepsNoPixels() throws {
        let h = try LoaderHarness(files: 1)
        let warm = Request.warm(item: 0)
        h.decoder.hold(h.names[0])
        h.loader.request(warm, pixels: 128, urgency: .background)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        #expect(!h.loader.isBusy && h.loader.isDecodingThumbnails)
        h.decoder.release(h.names[0])
        try #require(h.wait { h.loader.hasResults })
        #expect(h.loader.peekThumbnail(item: 0) == nil, "nothing for the window to show")
        let results = h.loader.takeResults()
        #expect(results.count == 1 && results.first?.levels == [])
    }

    /// At exit no decode may still be running once `stopDecoding` returns; those waiting never start.
    @Test func stoppingLeavesNoDecodeRunning() throws {
        let h = try LoaderHarness(files: 3)
        h.decoder.hold(h.names[0])
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        h.loader.request(.image(ImageKey(item: 1, quality: .full)), pixels: 256, urgency: .prefetch)
        h.loader.request(.image(ImageKey(item: 2, quality: .thumbnail)), pixels: 128, urgency: .visible)
        let decoder = h.decoder, name = h.names[0]
        DispatchQueue.global().async { decoder.release(name) }
        h.loader.stopDecoding()
        #expect(h.decoder.running == 0)
    }

    /// A decode that hangs holds the exit for `exitWaitSeconds` at most.
    @Test func aHungDecodeHoldsTheExitBriefly() throws {
        let h = try LoaderHarness(files: 2)
        h.decoder.hold(h.names[0])
        h.loader.request(.image(ImageKey(item: 0, quality: .full)), pixels: 256, urgency: .current)
        try #require(h.decoder.waitUntilBegun(h.names[0]))
        h.loader.request(.image(ImageKey(item: 1, quality: .full)), pixels: 256, urgency: .prefetch)
        let start = ProcessInfo.processInfo.systemUptime
        h.loader.stopDecoding()
        #expect(ProcessInfo.processInfo.systemUptime - start < ImageLoader.exitWaitSeconds + 1)
        #expect(h.decoder.began == [h.names[0]], "what waited never started")
        h.decoder.release(h.names[0])
    }
}
