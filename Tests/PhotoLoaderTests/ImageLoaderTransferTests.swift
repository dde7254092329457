import Foundation
import PhotoCore
import PhotoNetwork
import PhotoPipeline
import Synchronization
@testable import PhotoSources
import TestImages
import Testing
@testable import PhotoLoader

/// The loader's record of a download against the network's answers, through a `DataLoading`
/// whose answers come when the test says, on a thread of their own as the real loader's do.
@Suite struct ImageLoaderTransferTests {
    /// Answers every load with `body` on its own thread: before `load` returns (a disk cache hit
    /// that beats the caller to its handle), or only when released.
    final class ScriptedNetwork: DataLoading {
        let body: Data
        let answersBeforeReturning: Bool
        private let held = Mutex<[@Sendable () -> Void]>([])
        init(body: Data, answersBeforeReturning: Bool) { self.body = body; self.answersBeforeReturning = answersBeforeReturning }

        func load(_ request: DataRequest, priority: TransferPriority, progress: @escaping @Sendable (Int64, Int64?) -> Void,
                  bodyPiece: (@Sendable (Data) -> Void)?, completion: @escaping @Sendable (Swift.Result<Response, NetworkError>) -> Void) -> TransferHandle {
            let response = Response(url: request.url, statusCode: 200, headers: [:], body: body, source: .cache)
            let answer: @Sendable () -> Void = { completion(.success(response)) }
            if answersBeforeReturning {
                let answered = DispatchSemaphore(value: 0)
                Thread.detachNewThread { answer(); answered.signal() }
                answered.wait()
            } else {
                held.withLock { $0.append(answer) }
            }
            return TransferHandle(cancel: {}, setPriority: { _ in })
        }

        func release() {
            let answers = held.withLock { held in defer { held.removeAll() }; return held }
            for answer in answers { Thread.detachNewThread { answer() } }
        }
    }

    static func loader(_ network: DataLoading, wake: @escaping @Sendable () -> Void = {}) throws -> (ImageLoader, ImageLoader.Request) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("loader-transfer-\(UUID().uuidString)")
        let item = SourceItem(image: .url(URL(string: "http://127.0.0.1:9/photo.jpg")!))
        let loader = ImageLoader(items: [item], thumbnails: ThumbnailCache(root: cache.path), network: network, wake: wake)
        return (loader, ImageLoader.Request.image(ImageKey(item: 0, quality: .full)))
    }

    static let photo = Data(JPEGFixture.solid(width: 64, height: 48, (90, 140, 200)))

    /// A disk cache hit answered before `load` returned: it is over, so no transfer is kept (one
    /// kept made `isDecoding` count the photo as still downloading, and a virtual-time frame
    /// stopped waiting for its decode).
    @Test func anAnswerBeforeTheHandleLeavesNoTransferBehind() throws {
        let (loader, request) = try Self.loader(ScriptedNetwork(body: Self.photo, answersBeforeReturning: true))
        loader.request(request, pixels: 256, urgency: .current)
        #expect(!loader.state.withLock { $0.hasTransfer(request) }, "a transfer kept for a download that is over")
        #expect(loader.isDecoding, "the photo counted as downloading, not decoding")
    }

    /// The ordinary order: the handle first, the answer later. The transfer is kept while the
    /// bytes are awaited, and let go with the answer.
    @Test func aTransferIsKeptUntilItsAnswer() throws {
        let network = ScriptedNetwork(body: Self.photo, answersBeforeReturning: false)
        let woken = DispatchSemaphore(value: 0)
        let (loader, request) = try Self.loader(network, wake: { woken.signal() })
        loader.request(request, pixels: 256, urgency: .current)
        #expect(loader.state.withLock { $0.hasTransfer(request) })
        #expect(!loader.isDecoding, "still on the wire: nothing to decode yet")
        network.release()
        var results: [ImageLoader.Result] = []
        while results.isEmpty, woken.wait(timeout: .now() + 30) == .success { results = loader.takeResults() }
        #expect(results.count == 1 && !loader.state.withLock { $0.hasTransfer(request) })
    }
}
