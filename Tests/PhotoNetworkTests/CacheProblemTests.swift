import FlyingFox
import Foundation
import PhotoLog
import PhotoNetwork
import Testing

/// A disk cache that cannot be written does not fail a download, and says so (once).
@Suite("Cache problems")
struct CacheProblemTests {
    @Test("a cache whose folder became a file still hands over the body, and the failure is said")
    func anUnwritableCacheIsSaidNotFatal() async throws {
        let body = Data(repeating: 7, count: 2048)
        try await withNetworkFixture(["/photo": { _ in HTTPResponse(statusCode: .ok, body: body) }]) { net in
            // Even root cannot write under a regular file.
            try FileManager.default.removeItem(at: net.folder.url)
            try Data("not a folder".utf8).write(to: net.folder.url)
            let (recorder, _) = net.loader.record(net.url("photo"))
            #expect(await recorder.body() == body)
            net.loader.finishWrites()
            #expect(Problems.wasSaid("disk-cache-write"))
            #expect(net.cache.cachedResponse(for: net.url("photo")) == nil)
        }
    }
}
