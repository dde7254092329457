import PhotoLoading
import Testing

@Suite("RetryBackoff")
struct RetryBackoffTests {
    @Test("automatic retries wait 1 s, 2 s, 4 s... and never more than 60 s")
    func doublesUpToTheMaximum() {
        let backoff = RetryBackoff()
        #expect((0...8).map(backoff.delay(afterFailures:)) == [0, 1, 2, 4, 8, 16, 32, 60, 60])
        #expect(backoff.delay(afterFailures: 10_000) == 60)
    }
}
