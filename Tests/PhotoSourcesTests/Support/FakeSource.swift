import Foundation
@testable import PhotoSources

/// A source whose listings a test decides: `answer` gets the call's number (0 first) and lists or
/// throws. Each call is counted.
final class FakeSource: PhotoSource, @unchecked Sendable {
    // Sendable: `count` is guarded by `lock`; the rest is immutable.
    let renewal: Renewal
    private let answer: @Sendable (Int) throws -> SourceListing
    private let lock = NSLock()
    private var count = 0

    init(_ renewal: Renewal, answer: @escaping @Sendable (Int) throws -> SourceListing) {
        self.renewal = renewal
        self.answer = answer
    }

    var calls: Int { lock.withLock { count } }

    func list() throws -> SourceListing {
        let call = lock.withLock {
            count += 1
            return count - 1
        }
        return try answer(call)
    }

    struct Failed: Error, CustomStringConvertible { var description: String { "the fake failed" } }
}

/// Photos at made-up addresses, for listings that need no files.
func photos(_ names: String...) -> SourceListing {
    SourceListing(items: names.map { SourceItem(image: .url(URL(string: "http://127.0.0.1/\($0).jpg")!)) })
}
