import Foundation
@testable import PhotoSources

/// Carries a refresh's result from the thread it ends on to the test waiting for it.
final class Box: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<SourceListing, any Error>?
    func set(_ result: Result<SourceListing, any Error>) { lock.withLock { self.result = result } }
    func get() -> Result<SourceListing, any Error>? { lock.withLock { result } }
}
