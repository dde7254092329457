import Foundation
@testable import PhotoSources
import Testing

/// What `source.refresh(after:)` gives, waited for on this thread (up to `seconds`).
func refreshResult(of source: any PhotoSource, after last: [SourceItem], seconds: Double = 60) throws -> Result<SourceListing, any Error> {
    let done = DispatchSemaphore(value: 0)
    let box = Box()
    source.refresh(after: last) { result in
        box.set(result)
        done.signal()
    }
    #expect(done.wait(timeout: .now() + seconds) == .success)
    return try #require(box.get())
}

/// Carries a refresh's result from the thread it ends on to the test waiting for it.
private final class Box: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<SourceListing, any Error>?
    func set(_ result: Result<SourceListing, any Error>) { lock.withLock { self.result = result } }
    func get() -> Result<SourceListing, any Error>? { lock.withLock { result } }
}
