import PhotoCore
import PhotoLoading
import Testing

/// What the ledger keeps of a photo beyond its images: its EXIF facts for the caption, whether it
/// is a still picture, whether its thumbnail settled and its failure was said, all forgotten with it.
@Suite struct PhotoRecordTests {
    static let facts = ImageFacts(taken: .init(year: 2024, month: 7, day: 1, hour: 9, minute: 30, second: 0), camera: "Pixel 8")

    @Test func factsAndStillnessAreKeptPerPhotoUntilThePhotoLeaves() {
        var ledger = ImageLedger()
        ledger.noteFacts(Self.facts, of: 3)
        ledger.noteStill(4)
        #expect(ledger.facts(of: 3) == Self.facts && ledger.facts(of: 4) == nil)
        #expect(ledger.isStill(4) && !ledger.isStill(3))
        ledger.forget(items: [3, 4])
        #expect(ledger.facts(of: 3) == nil && !ledger.isStill(4))
    }

    @Test func aFailureIsSaidOncePerPhotoAndAgainOnlyAfterItLeftAndCameBack() {
        var ledger = ImageLedger()
        let key = ImageKey(item: 1, quality: .thumbnail)
        let reports = { (actions: [ImageLedger.Action]) in actions.filter { if case .report = $0 { true } else { false } }.count }
        _ = ledger.want(key, .current)
        #expect(reports(ledger.received(key, .failure(.undecodable))) == 1)
        _ = ledger.retry(key, .current)
        #expect(reports(ledger.received(key, .failure(.undecodable))) == 0)
        ledger.forget(items: [1])
        _ = ledger.want(key, .current)
        #expect(reports(ledger.received(key, .failure(.undecodable))) == 1)
    }

    @Test func thumbnailsSettleByArrivalFailureOrWarmingAndLeavingUnsettlesThem() {
        var ledger = ImageLedger()
        _ = ledger.want(ImageKey(item: 0, quality: .thumbnail), .current)
        _ = ledger.received(ImageKey(item: 0, quality: .thumbnail), .failure(.undecodable))
        ledger.warmed(1)
        #expect(ledger.thumbnailsSettled([0, 1]) && !ledger.thumbnailsSettled([0, 1, 2]))
        #expect(ledger.warm([0, 1, 2]).count == 1)
        ledger.forget(items: [1])
        #expect(!ledger.thumbnailsSettled([0, 1]))
    }
}
