import PhotoCore
import PhotoLoading
import Testing

private func thumb(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .thumbnail) }
private func full(_ item: Int) -> ImageKey { ImageKey(item: item, quality: .full) }
private let photo = Arrival(size: Size(width: 600, height: 400), texture: Size(width: 600, height: 400))
private let host = "photos.example"

private extension ImageLedger {
    /// Asks for `key` and has its download fail at `now`.
    mutating func fail(_ key: ImageKey, _ failure: LoadFailure = .network, at now: Double, host: String? = host) {
        _ = want(key, .neighbour)
        _ = received(key, .failure(failure), at: now, host: host)
    }

    func loads(_ actions: [Action]) -> [ImageKey] {
        actions.compactMap { if case .load(let key, _) = $0 { key } else { nil } }
    }
}

@Suite struct ImageLedgerRetryTests {
    @Test func aFailedDownloadStillWantedIsTriedAgainAfter1Then2Then4Seconds() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1])
        ledger.fail(full(1), at: 0)
        #expect(ledger.nextRetry == 1000)
        let early = ledger.retriesDue(at: 999)
        #expect(early == [])
        let first = ledger.retriesDue(at: 1000)
        #expect(first == [.load(full(1), .prefetch)], "a slideshow's photo comes back as a prefetch; the slideshow raises the one it needs")
        _ = ledger.received(full(1), .failure(.network), at: 1100, host: host)
        #expect(ledger.nextRetry == 3100)
        _ = ledger.retriesDue(at: 3100)
        _ = ledger.received(full(1), .failure(.network), at: 3200, host: host)
        #expect(ledger.nextRetry == 7200)
    }

    @Test func theWaitStopsGrowingAtAMinute() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1])
        var now = 0.0
        for _ in 0..<10 {
            ledger.fail(full(1), at: now)
            now = ledger.nextRetry!
            _ = ledger.retriesDue(at: now)
            #expect(ledger.isLoading(full(1)))
            _ = ledger.received(full(1), .failure(.network), at: now, host: host)
            #expect(ledger.nextRetry! - now <= 60_000)
        }
        #expect(ledger.nextRetry! - now == 60_000)
    }

    @Test func failuresThatWaitingCannotFixAreNotTriedAgainByThemselves() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1, 2])
        ledger.fail(full(1), .gone, at: 0)
        ledger.fail(full(2), .undecodable, at: 0, host: nil)
        #expect(ledger.nextRetry == nil)
        let due = ledger.retriesDue(at: 3_600_000)
        #expect(due == [])
        #expect(!ledger.retryIsPending(full(1)))
        let byHand = ledger.retry(full(1), .current)
        #expect(byHand == [.load(full(1), .current)], "the glyph still works by hand")
    }

    @Test func anImageNoLongerWantedIsNotTriedAgainUntilItIsWanted() {
        var ledger = ImageLedger()
        _ = ledger.follow(page: [5: 0])
        ledger.fail(full(5), at: 0)
        _ = ledger.follow(page: [9: 0])
        #expect(ledger.nextRetry == nil)
        let unwanted = ledger.retriesDue(at: 5000)
        #expect(unwanted == [])
        _ = ledger.follow(page: [4: -1, 5: 0])
        let back = ledger.retriesDue(at: 5000)
        #expect(ledger.loads(back) == [full(5)])
    }

    @Test func aGridCellOnScreenWantsItsThumbnailNotItsFullImage() {
        var ledger = ImageLedger()
        ledger.follow(gridCells: [3])
        #expect(ledger.isWanted(thumb(3)) && !ledger.isWanted(full(3)) && !ledger.isWanted(thumb(4)))
        _ = ledger.follow(slideshow: [3])
        #expect(ledger.isWanted(full(3)))
        _ = ledger.follow(slideshow: [])
        ledger.follow(gridCells: [])
        #expect(!ledger.isWanted(thumb(3)))
    }

    @Test func aSuccessFromTheSameHostBringsEveryPendingRetryForwardToNow() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1, 2, 3, 4])
        for _ in 0..<5 { // five failures in a row: 16 s to wait
            ledger.fail(full(1), at: 0)
            _ = ledger.retriesDue(at: ledger.nextRetry!)
        }
        _ = ledger.received(full(1), .failure(.network), at: 0, host: host)
        ledger.fail(full(2), at: 0)
        ledger.fail(full(3), at: 0, host: "elsewhere.example")
        #expect(ledger.nextRetry == 1000)
        _ = ledger.retriesDue(at: 1000)  // 2 and 3 try again; 2 comes back
        _ = ledger.received(full(2), .success(photo), at: 1200, host: host)
        let due = ledger.retriesDue(at: 1200)
        #expect(ledger.loads(due) == [full(1)], "another host's retry keeps its time")
        #expect(ledger.retryIsPending(full(3)) == false && ledger.isLoading(full(3)))
    }

    @Test func aSuccessFromAHostThatWasNotDownBringsNothingForward() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1, 2])
        ledger.fail(full(1), at: 0)
        _ = ledger.retriesDue(at: 1000)
        _ = ledger.received(full(1), .failure(.network), at: 1000, host: host)  // 2 s to wait
        _ = ledger.want(full(2), .neighbour)
        _ = ledger.received(full(2), .success(photo), at: 1100, host: host)   // the host is down: now
        let now = ledger.retriesDue(at: 1100)
        #expect(ledger.loads(now) == [full(1)])
        _ = ledger.received(full(1), .failure(.network), at: 1200, host: host) // fails again: 4 s
        _ = ledger.want(full(3), .neighbour)
        _ = ledger.received(full(3), .success(photo), at: 1300, host: host)   // down again, so now
        let again = ledger.retriesDue(at: 1300)
        #expect(ledger.loads(again) == [full(1)])
        _ = ledger.received(full(1), .failure(.gone), at: 1400, host: host)
        _ = ledger.want(full(4), .neighbour)
        _ = ledger.received(full(4), .success(photo), at: 1500, host: host)
        #expect(ledger.nextRetry == nil, "a 404 is not brought forward by anything")
    }

    /// A file the server refused (401, 403) is tried again on its own back-off: the host's other
    /// photos coming in say nothing about this one's permission.
    @Test func aRefusedPhotoIsRetriedOnItsBackOffAloneNotByTheHostsOtherAnswers() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1, 2])
        ledger.fail(full(1), .refused, at: 0)
        #expect(ledger.nextRetry == 1000)
        _ = ledger.want(full(2), .neighbour)
        _ = ledger.received(full(2), .success(photo), at: 100, host: host)
        #expect(ledger.loads(ledger.retriesDue(at: 100)).isEmpty && ledger.nextRetry == 1000)
        #expect(ledger.loads(ledger.retriesDue(at: 1000)) == [full(1)])
        _ = ledger.received(full(1), .failure(.refused), at: 1000, host: host)
        #expect(ledger.nextRetry == 3000, "the back-off grows: 2 s")
    }

    /// A thumbnail asked for before the photo failed, and decoded late behind busy cores, says
    /// nothing about the host now: the photo's retry keeps its back-off.
    @Test func aSuccessAskedForBeforeTheFailureBringsNothingForward() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1])
        _ = ledger.want(thumb(5), .visible)
        ledger.fail(full(1), at: 0)
        _ = ledger.received(thumb(5), .success(photo), at: 150, host: host)
        #expect(ledger.loads(ledger.retriesDue(at: 150)).isEmpty)
        #expect(ledger.nextRetry == 1000)
        _ = ledger.want(thumb(6), .visible)
        _ = ledger.received(thumb(6), .success(photo), at: 300, host: host)
        #expect(ledger.loads(ledger.retriesDue(at: 300)) == [full(1)], "asked for after the failure: the host is back")
    }

    @Test func aRetryHasTheUrgencyOfWhereItsPhotoIsNowNotWhereItFailed() {
        var ledger = ImageLedger()
        _ = ledger.follow(page: [5: 0])
        _ = ledger.want(full(5), .current)
        _ = ledger.received(full(5), .failure(.network), at: 0, host: host)
        _ = ledger.follow(page: [4: 0, 5: 1])  // the person swiped back: 5 is a neighbour now
        let due = ledger.retriesDue(at: 1000)
        #expect(due == [.load(full(5), .neighbour)])
    }

    @Test func atMostOneRetryIsPendingPerImageAndAForgottenItemHasNone() {
        var ledger = ImageLedger()
        _ = ledger.follow(slideshow: [1])
        ledger.fail(full(1), at: 0)
        ledger.fail(full(1), at: 10)  // asked again while failed: nothing new starts
        #expect(ledger.nextRetry == 1000)
        let due = ledger.retriesDue(at: 1000)
        #expect(due.count == 1)
        let again = ledger.retriesDue(at: 1000)
        #expect(again == [])
        _ = ledger.received(full(1), .failure(.network), at: 1000, host: host)
        ledger.forget(items: [1])
        #expect(ledger.nextRetry == nil && !ledger.retryIsPending(full(1)))
    }

    @Test func theReasonWordsForEvents() {
        #expect([LoadFailure.network, .gone, .undecodable].map(\.reason) == ["network", "gone", "undecodable"])
    }
}
