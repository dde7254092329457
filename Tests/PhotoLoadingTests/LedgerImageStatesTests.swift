import PhotoCore
import PhotoLoading
import Testing

private func thumb(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .thumbnail) }
private func full(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .full) }
private let photo = Arrival(size: Size(width: 4000, height: 3000), texture: Size(width: 2000, height: 1500))

private extension ImageLedger {
    mutating func fail(_ key: ImageKey, _ failure: LoadFailure) {
        _ = want(key, .current)
        _ = received(key, .failure(failure))
    }
    mutating func arrive(_ key: ImageKey) {
        _ = want(key, .current)
        _ = received(key, .success(photo))
        _ = uploaded(key)
    }
}

/// What the scene and the slideshow ask of the ledger: a broken tile, a photo a slideshow passes
/// by, a full image it may move on to, by scene position.
@Suite struct LedgerImageStatesTests {
    @Test func aPhotoIsBrokenFromAFailedDecodeOfAnyImageUntilOneOfItsImagesArrives() {
        var ledger = ImageLedger()
        ledger.fail(full(2), .network)
        #expect(!ledger.isBroken(2), "a download that fails shows the retry glyph, not a broken tile")
        ledger.fail(full(3), .undecodable)
        ledger.fail(thumb(4), .undecodable)
        #expect(ledger.isBroken(3) && ledger.isBroken(4))
        ledger.arrive(thumb(3))
        #expect(!ledger.isBroken(3), "its thumbnail came after all")
        ledger.forget(items: [4])
        #expect(!ledger.isBroken(4))
    }

    @Test func aFullImageStaysFailedWhileItIsTriedAgainUntilItArrives() {
        var ledger = ImageLedger()
        ledger.fail(thumb(1), .network)
        #expect(!ledger.fullImageFailed(1), "only its full image counts")
        ledger.fail(full(1), .network)
        #expect(ledger.fullImageFailed(1))
        _ = ledger.retry(full(1), .current)
        #expect(ledger.isLoading(full(1)) && ledger.fullImageFailed(1))
        _ = ledger.received(full(1), .success(photo))
        #expect(ledger.fullImageFailed(1), "not until it is on the GPU")
        _ = ledger.uploaded(full(1))
        #expect(!ledger.fullImageFailed(1) && ledger.isReady(full(1)))
    }

    @Test func theSceneAsksByPositionAndTheLedgerAnswersForTheItemThere() {
        var ledger = ImageLedger()
        ledger.arrive(full(7))
        ledger.fail(full(9), .undecodable)
        let states = ledger.byPosition([9, 7])
        #expect(states.fullImageIsReady(1) && !states.fullImageIsReady(0))
        #expect(states.fullImageFailed(0) && states.isBroken(0) && !states.fullImageFailed(1) && !states.isBroken(1))
        #expect(!states.fullImageIsReady(2) && !states.isBroken(-1), "no photo there")
    }
}
