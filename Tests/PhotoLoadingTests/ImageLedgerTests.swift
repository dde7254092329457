import PhotoCore
import PhotoLoading
import Testing

private func thumb(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .thumbnail) }
private func full(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .full) }
private let photo = Arrival(size: Size(width: 4000, height: 3000), texture: Size(width: 2000, height: 1500))

/// Drives a ledger to a phase through the same events the program gives it.
private extension ImageLedger {
    mutating func makeReady(_ key: ImageKey, _ arrival: Arrival = photo) {
        _ = want(key, .current)
        _ = received(key, .success(arrival))
        _ = uploaded(key)
    }
}

@Suite struct ImageLedgerAskingTests {
    @Test func anImageIsAskedForOnceWhateverAsksForIt() {
        var ledger = ImageLedger()
        let got1 = ledger.want(full(1), .neighbour)
        #expect(got1 == [.load(full(1), .neighbour)])
        let got2 = ledger.want(full(1), .neighbour)
        #expect(got2 == [])
        let got3 = ledger.want(full(1), .prefetch)
        #expect(got3 == [], "a lower urgency does not lower a load")
        let got4 = ledger.want(full(1), .current)
        #expect(got4 == [.reprioritize(full(1), .current)])
        #expect(ledger.phase(of: full(1)) == .loading(.current))
    }

    @Test func readyUploadingAndFailedImagesAreNotAskedForAgain() {
        var ledger = ImageLedger()
        ledger.makeReady(full(1))
        let got5 = ledger.want(full(1), .current)
        #expect(got5 == [])
        _ = ledger.want(full(2), .current)
        _ = ledger.received(full(2), .success(photo))
        let got6 = ledger.want(full(2), .current)
        #expect(got6 == [], "uploading")
        _ = ledger.want(full(3), .current)
        _ = ledger.received(full(3), .failure(.network))
        let got7 = ledger.want(full(3), .current)
        #expect(got7 == [], "failed")
    }

    @Test func cancellingStopsOnlyALoadInFlightAndTellsTheSceneItMayAskAgain() {
        var ledger = ImageLedger()
        _ = ledger.want(thumb(4), .visible)
        let got8 = ledger.cancel(thumb(4))
        #expect(got8 == [.cancel(thumb(4)), .unloaded(thumb(4))])
        let got9 = ledger.want(thumb(4), .visible)
        #expect(got9 == [.load(thumb(4), .visible)], "asked again after a cancel")
        ledger.makeReady(full(5))
        let got10 = ledger.cancel(full(5))
        #expect(got10 == [], "nothing in flight to stop")
        #expect(ledger.isReady(full(5)))
    }

    @Test func aCancelledLoadsLateAnswerIsDropped() {
        var ledger = ImageLedger()
        _ = ledger.want(full(1), .current)
        _ = ledger.cancel(full(1))
        let got11 = ledger.received(full(1), .success(photo))
        #expect(got11 == [])
        #expect(ledger.phase(of: full(1)) == nil)
        let got12 = ledger.uploaded(full(1))
        #expect(got12 == [])
    }

    @Test func theRetryGlyphRetriesANetworkFailureButNotABrokenFile() {
        var ledger = ImageLedger()
        _ = ledger.want(full(1), .current)
        _ = ledger.received(full(1), .failure(.network))
        let got13 = ledger.retry(full(1), .current)
        #expect(got13 == [.load(full(1), .current)])
        _ = ledger.want(full(2), .current)
        _ = ledger.received(full(2), .failure(.undecodable))
        let got14 = ledger.retry(full(2), .current)
        #expect(got14 == [])
        #expect(ledger.failure(full(2)) == .undecodable)
        let got15 = ledger.retry(full(3), .current)
        #expect(got15 == [], "nothing failed")
    }
}

@Suite struct ImageLedgerEventTests {
    @Test func theSceneHearsOfAnImageOnceItsTextureIsWholeAndOnlyOnce() {
        var ledger = ImageLedger()
        _ = ledger.want(full(1), .current)
        let got16 = ledger.received(full(1), .success(photo))
        #expect(got16 == [])
        #expect(!ledger.isReady(full(1)), "not drawable while its pixels are copied")
        let got17 = ledger.uploaded(full(1))
        #expect(got17 == [.loaded(full(1), photo.size)])
        let got18 = ledger.uploaded(full(1))
        #expect(got18 == [])
        #expect(ledger.arrival(full(1)) == photo)
    }

    @Test func aFailureIsToldToTheSceneEachTimeAndReportedOncePerItem() {
        var ledger = ImageLedger()
        _ = ledger.want(thumb(1), .visible)
        let got19 = ledger.received(thumb(1), .failure(.undecodable))
        #expect(got19 == [.failed(thumb(1), .undecodable), .report(thumb(1), .undecodable)])
        _ = ledger.want(full(1), .current)
        let got20 = ledger.received(full(1), .failure(.undecodable))
        #expect(got20 == [.failed(full(1), .undecodable)])
    }

    @Test func anEvictedTextureIsLetGoAndAskedForAgain() {
        var ledger = ImageLedger()
        ledger.makeReady(full(1))
        let got21 = ledger.evicted(full(1))
        #expect(got21 == [.unloaded(full(1))])
        #expect(!ledger.isReady(full(1)))
        let got22 = ledger.want(full(1), .current)
        #expect(got22 == [.load(full(1), .current)])
        let got23 = ledger.evicted(full(2))
        #expect(got23 == [], "never there")
    }

    @Test func aStandInShowsWhileTheRealThumbnailLoadsNeverAfterIt() {
        var ledger = ImageLedger()
        let small = Size(width: 160, height: 120)
        let got24 = ledger.receivedStandIn(thumb(1), size: small)
        #expect(!got24, "nobody waits for the thumbnail")
        _ = ledger.want(thumb(1), .visible)
        let got25 = ledger.receivedStandIn(thumb(1), size: small)
        #expect(got25)
        let got26 = ledger.uploaded(thumb(1))
        #expect(got26 == [.loaded(thumb(1), small)])
        #expect(ledger.phase(of: thumb(1)) == .loading(.visible), "the real thumbnail is still awaited")
        _ = ledger.received(thumb(1), .success(photo))
        let got27 = ledger.receivedStandIn(thumb(1), size: small)
        #expect(got27 == false)
        let got28 = ledger.uploaded(thumb(1))
        #expect(got28 == [.loaded(thumb(1), photo.size)])
    }

    @Test func thumbnailsAreSettledWhenArrivedFailedOrWarmed() {
        var ledger = ImageLedger()
        _ = ledger.want(thumb(0), .visible)
        _ = ledger.want(thumb(1), .visible)
        _ = ledger.received(thumb(0), .success(photo))
        #expect(!ledger.thumbnailsSettled([0, 1, 2]))
        _ = ledger.received(thumb(1), .failure(.network))
        ledger.warmed(2)
        #expect(ledger.thumbnailsSettled([0, 1, 2]))
        _ = ledger.want(full(3), .current)
        _ = ledger.received(full(3), .success(photo))
        #expect(!ledger.thumbnailsSettled([0, 1, 2, 3]), "a full image is not a thumbnail")
    }

    @Test func forgottenItemsLeaveNothingBehind() {
        var ledger = ImageLedger()
        ledger.makeReady(full(1))
        _ = ledger.want(thumb(1), .visible)
        ledger.warmed(1)
        ledger.forget(items: [1])
        #expect(ledger.phase(of: full(1)) == nil && ledger.phase(of: thumb(1)) == nil)
        #expect(!ledger.thumbnailsSettled([1]))
        #expect(ledger.loading(.thumbnail).isEmpty)
    }
}

@Suite struct ImageLedgerPageTests {
    @Test func urgencyFollowsThePageOnScreen() {
        #expect(LoadUrgency.forScene(.thumbnail, offset: 0) == .currentPlaceholder)
        #expect(LoadUrgency.forScene(.full, offset: 0) == .current)
        #expect(LoadUrgency.forScene(.thumbnail, offset: -1) == .neighbourPlaceholder)
        #expect(LoadUrgency.forScene(.full, offset: 1) == .neighbour)
        #expect(LoadUrgency.forScene(.thumbnail, offset: 2) == .visible)
        #expect(LoadUrgency.forScene(.thumbnail, offset: nil) == .visible)
        // The page's placeholder before its own image; a neighbour's before the neighbour's image.
        #expect(LoadUrgency.currentPlaceholder > LoadUrgency.current && LoadUrgency.current > LoadUrgency.neighbourPlaceholder && LoadUrgency.neighbourPlaceholder > LoadUrgency.neighbour)
        #expect(LoadUrgency.neighbour > LoadUrgency.visible && LoadUrgency.visible > LoadUrgency.prefetch && LoadUrgency.prefetch > LoadUrgency.background)
    }

    @Test func aPageChangeStopsFullImagesMoreThanTwoAwayAndDemotesTheNearerOnes() {
        var ledger = ImageLedger()
        for item in 0...6 { _ = ledger.want(full(item), item == 3 ? .current : .neighbour) }
        let first = ledger.follow(page: [1: -2, 2: -1, 3: 0, 4: 1, 5: 2])
        #expect(Set(first) == [.cancel(full(0)), .unloaded(full(0)), .cancel(full(6)), .unloaded(full(6)),
                               .reprioritize(full(1), .prefetch), .reprioritize(full(5), .prefetch)])
        // Swipe to 4: 1 is three away now; 3, left behind, is a neighbour; 5 a neighbour again; 2 two away.
        let actions = ledger.follow(page: [2: -2, 3: -1, 4: 0, 5: 1, 6: 2])
        #expect(Set(actions) == [.cancel(full(1)), .unloaded(full(1)), .reprioritize(full(2), .prefetch),
                                 .reprioritize(full(3), .neighbour), .reprioritize(full(4), .current), .reprioritize(full(5), .neighbour)])
        let again = ledger.follow(page: [2: -2, 3: -1, 4: 0, 5: 1, 6: 2])
        #expect(again == [], "nothing changes while the page stays")
    }

    @Test func backInTheGridEveryFullImageInFlightStopsButASlideshowsPhotos() {
        var ledger = ImageLedger()
        _ = ledger.follow(page: [1: 0, 2: 1, 3: 2])
        _ = ledger.want(full(1), .current)
        _ = ledger.want(thumb(1), .currentPlaceholder)
        _ = ledger.want(full(3), .prefetch)
        _ = ledger.follow(slideshow: [3])
        ledger.makeReady(full(2))
        let actions = ledger.follow(page: nil)
        #expect(Set(actions) == [.cancel(full(1)), .unloaded(full(1)), .reprioritize(thumb(1), .visible)],
                "the thumbnail stays, as a grid cell's; textures and the slideshow's photo stay")
    }

    @Test func startingInTheGridCancelsNothing() {
        var ledger = ImageLedger()
        _ = ledger.want(full(0), .current)  // a slideshow started on the grid asks for its first photo
        let actions = ledger.follow(page: nil)
        #expect(actions == [])
    }

    @Test func aPageSwipedPastKeepsNoPlaceholderUrgency() {
        var ledger = ImageLedger()
        _ = ledger.follow(page: [1: 0, 2: 1])
        _ = ledger.want(thumb(1), .currentPlaceholder)
        _ = ledger.want(thumb(2), .neighbourPlaceholder)
        let actions = ledger.follow(page: [1: -2, 2: -1, 3: 0, 4: 1, 5: 2])
        #expect(actions == [.reprioritize(thumb(1), .visible)], "1 is two pages back: a cell's urgency; 2 is still beside the page")
        #expect(ledger.phase(of: thumb(2)) == .loading(.neighbourPlaceholder))
    }

    @Test func aStoppedSlideshowsPhotosStillLoadingStopUnlessThePageShowsThem() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1, 2, 3])
        for item in [1, 2, 3] { _ = ledger.want(full(item), .neighbour) }
        _ = ledger.follow(page: [2: 0])
        let actions = ledger.follow(slideshow: [])
        #expect(Set(actions) == [.cancel(full(1)), .unloaded(full(1)), .cancel(full(3)), .unloaded(full(3))])
    }

    @Test func thePagesPlaceholderStillOnItsWayGoesFirstWhenThePageComesOnScreen() {
        var ledger = ImageLedger()
        _ = ledger.want(thumb(7), .visible)
        let got30 = ledger.follow(page: [7: 0])
        #expect(got30 == [.reprioritize(thumb(7), .currentPlaceholder)])
        var arrived = ImageLedger()
        arrived.makeReady(thumb(7))
        let got31 = arrived.follow(page: [7: 0])
        #expect(got31 == [], "nothing to raise once it is there")
    }

    @Test func neighboursArePrefetchedOnceThePagesOwnImageIsOnTheGPU() {
        var ledger = ImageLedger()
        let window = [3: -2, 4: -1, 5: 0, 6: 1, 7: 2]
        _ = ledger.want(full(5), .current)
        let got32 = ledger.follow(page: window)
        #expect(got32 == [], "the page's own image first")
        _ = ledger.received(full(5), .success(photo))
        let got33 = ledger.follow(page: window)
        #expect(got33 == [], "still uploading")
        _ = ledger.uploaded(full(5))
        let got34 = ledger.follow(page: window)
        #expect(got34 == [.load(full(6), .prefetch), .load(full(4), .prefetch), .load(full(7), .prefetch), .load(full(3), .prefetch)])
        let got35 = ledger.follow(page: window)
        #expect(got35 == [], "once per page")
        _ = ledger.evicted(full(7))
        let got36 = ledger.follow(page: window)
        #expect(got36 == [], "prefetches never re-fetch what the texture budget gave back")
    }
}

@Suite struct ImageLedgerDetailAndWarmingTests {
    let region = Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)

    @Test func oneDetailAtATimeTheOneItReplacesStops() {
        var ledger = ImageLedger()
        let first = Detail(item: 1, region: region, pixels: 3000), second = Detail(item: 1, region: .unit, pixels: 4000)
        let asked = ledger.want(detail: first)
        #expect(asked == [.loadDetail(first)])
        let again = ledger.want(detail: first)
        #expect(again == [], "the same detail is not asked twice")
        let replaced = ledger.want(detail: second)
        #expect(replaced == [.cancelDetail(first), .loadDetail(second)])
        let dropped = ledger.dropDetail()
        #expect(dropped == [.cancelDetail(second), .dropDetail])
        let none = ledger.dropDetail()
        #expect(none == [] && ledger.detail == nil)
    }

    @Test func aDetailOfAnItemThatLeftIsForgotten() {
        var ledger = ImageLedger()
        _ = ledger.want(detail: Detail(item: 3, region: region, pixels: 2000))
        ledger.forget(items: [2])
        #expect(ledger.detail != nil)
        ledger.forget(items: [3])
        #expect(ledger.detail == nil)
    }

    @Test func onlyThumbnailsNotSettledAreWarmed() {
        var ledger = ImageLedger()
        ledger.warmed(1)
        _ = ledger.want(thumb(2), .visible)
        _ = ledger.received(thumb(2), .failure(.undecodable))
        #expect(ledger.warm([0, 1, 2, 3]) == [.warm(0), .warm(3)])
    }

    @Test func aThumbnailLoadingForTheScreenIsNotWarmedAndOnlyUnsettledWarmsStop() {
        var ledger = ImageLedger()
        _ = ledger.want(thumb(0), .visible)
        #expect(ledger.warm([0, 1]) == [.warm(1)], "the screen's own load makes 0's")
        ledger.warmed(1)
        #expect(ledger.stopWarming([1, 2]) == [.stopWarming(2)], "1 is made already: nothing to stop")
    }
}
