import PhotoCore
@testable import PhotoLoader
import PhotoLoading
import PhotoNetwork
@testable import PhotoShell
import Testing

/// The image flow from the ledger's decision to the texture, through a fake loader and a fake
/// GPU: what is asked, what is copied, and what the scene hears, in order.
@Suite struct ImageFlowTests {
    final class Loader: ImageRequesting {
        var requested: [(ImageLoader.Request, pixels: Int, scans: Bool)] = []
        var cancelled: [ImageLoader.Request] = []
        func request(_ request: ImageLoader.Request, pixels: Int, sharpAt: Int?, fitting box: ImageLoader.Fitting?, urgency: LoadUrgency, showsScans: Bool) {
            requested.append((request, pixels, showsScans))
        }
        func reprioritize(_ request: ImageLoader.Request, to urgency: LoadUrgency) {}
        func cancel(_ request: ImageLoader.Request) -> Bool { cancelled.append(request); return true }
        func discard(items gone: Set<Int>) {}
    }

    final class GPU: TextureUploading {
        var queued: [ImageKey] = []
        var evicting: [ImageKey] = []
        func enqueueUpload(_ key: ImageKey, levels: [DecodedImage], opaque: Bool) { queued.append(key) }
        func continueUploads(budgetMs: Double, atRest: Bool) -> [ImageKey] { defer { queued = [] }; return queued }
        func enforceTextureBudget(_ budget: Int, pages: Set<Int>, cells: Set<Int>) -> [ImageKey] { defer { evicting = [] }; return evicting }
        func dropDetail() {}
        func discard(items: Set<Int>) {}
    }

    let loader = Loader(), gpu = GPU()
    let flow: ImageFlow
    /// What the shell heard, in words.
    final class Ears { var heard: [String] = [] }
    let ears = Ears()
    let full = ImageKey(item: 4, quality: .full), thumbnail = ImageKey(item: 4, quality: .thumbnail)

    init() {
        flow = ImageFlow(loader: loader, textures: gpu)
        let page = PageRequest(drawable: PixelSize(width: 1280, height: 800), viewport: PixelSize(width: 1280, height: 800), maxTextureSize: 8192,
                               restingSide: nil, slideshow: nil)
        flow.sizes = { ImageFlow.Sizes(thumbnail: 200, page: { $0 == 4 ? page : nil }, showsScans: true) }
        flow.hear = { [ears] notice in
            switch notice {
            case .loaded(let key, let size): ears.heard.append("loaded \(key.quality) \(Int(size.width))")
            case .unloaded(let key): ears.heard.append("unloaded \(key.quality)")
            case .failed(_, let failure): ears.heard.append("failed \(failure)")
            case .loadFailed(_, _, _, let report): ears.heard.append(report ? "reported" : "not reported")
            case .retrying: ears.heard.append("retrying")
            case .changed: ears.heard.append("changed")
            }
        }
    }

    func pixels(_ width: Int, _ height: Int) -> [DecodedImage] {
        [DecodedImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))]
    }

    func result(_ request: ImageLoader.Request, _ outcome: Result<[DecodedImage], ImageLoader.LoadError>, original: PixelSize? = nil, scanBytes: Int = 0) -> ImageLoader.Result {
        ImageLoader.Result(request: request, outcome: outcome, opaque: true, originalSize: original, scanBytes: scanBytes)
    }

    @Test func anImageAskedForIsCopiedToTheGPUAndTheSceneHearsOfItOnlyOnceItIsWhole() {
        flow.apply { $0.want(thumbnail, .forScene(.thumbnail, offset: nil)) }
        #expect(loader.requested.map(\.pixels) == [200], "at the cell's size")
        flow.receive(result(.image(thumbnail), .success(pixels(200, 150)), original: PixelSize(width: 4000, height: 3000)), host: nil, at: 10)
        #expect(gpu.queued == [thumbnail] && ears.heard == ["changed"], "on its way to the GPU; the scene hears nothing yet")
        #expect(flow.finishUploads(budgetMs: 4, atRest: false) == 1)
        #expect(ears.heard == ["changed", "loaded thumbnail 4000"], "the photo's own size, for the layout")
        gpu.evicting = [thumbnail]
        #expect(flow.enforceTextureBudget(0, pages: [], cells: []) == 1)
        #expect(ears.heard.last == "unloaded thumbnail")
    }

    @Test func aFailedDownloadIsToldOnceAndLoadsAgainWhenItsRetryIsDue() {
        flow.apply { $0.follow(page: [4: 0]) }
        flow.apply { $0.want(full, .current) }
        #expect(loader.requested.count == 1 && loader.requested[0].scans, "the page on screen may show scans")
        flow.receive(result(.image(full), .failure(.network(.connectionReset(host: "photos")))), host: "photos", at: 0)
        #expect(ears.heard == ["reported", "failed network", "changed"])
        #expect(flow.ledger.failure(full) == .network)
        flow.retryFailedLoads(at: 500)
        #expect(loader.requested.count == 1, "not before its backoff")
        flow.retryFailedLoads(at: 1000)
        #expect(loader.requested.count == 2 && ears.heard.last == "retrying")
        flow.receive(result(.image(full), .failure(.network(.connectionReset(host: "photos")))), host: "photos", at: 1100)
        #expect(ears.heard.suffix(3) == ["not reported", "failed network", "changed"], "told once")
    }

    @Test func aProgressiveScanStandsInWithoutThePageBeingReadyAndABetterOneReplacesIt() {
        flow.apply { $0.want(full, .current) }
        flow.receive(result(.scan(item: 4, job: 1), .success(pixels(160, 120)), original: PixelSize(width: 1600, height: 1200), scanBytes: 20_000), host: "photos", at: 0)
        #expect(gpu.queued == [full])
        _ = flow.finishUploads(budgetMs: 4, atRest: true)
        #expect(flow.scans.bytesStandingIn(4) == 20_000 && flow.ledger.isLoading(full) && !flow.ledger.isReady(full))
        flow.receive(result(.scan(item: 4, job: 1), .success(pixels(160, 120)), scanBytes: 10_000), host: "photos", at: 5)
        #expect(gpu.queued.isEmpty, "a coarser scan does not replace a better one")
        flow.receive(result(.image(full), .success(pixels(1280, 960)), original: PixelSize(width: 1600, height: 1200)), host: "photos", at: 10)
        _ = flow.finishUploads(budgetMs: 4, atRest: true)
        #expect(flow.ledger.isReady(full) && flow.scans.bytesStandingIn(4) == nil)
        #expect(ears.heard.contains("loaded full 1600"))
    }

    @Test func aSoftPageIsDecodedAgainAndItsNewTextureCountsOnlyOnceWhole() {
        flow.apply { $0.want(full, .current) }
        flow.receive(result(.image(full), .success(pixels(640, 480)), original: PixelSize(width: 4000, height: 3000)), host: nil, at: 0)
        _ = flow.finishUploads(budgetMs: 4, atRest: true)
        let fit = PageFit(drawable: PixelSize(width: 1280, height: 800), transition: nil)
        let sharper = flow.sharpen(full, for: fit, urgency: .current)
        #expect(sharper?.needed == 1067 && loader.requested.count == 2, "640 pixels where the window fits 1067x800")
        #expect(flow.sharpen(full, for: fit, urgency: .current) == nil, "once per fit")
        flow.receive(result(.image(full), .success(pixels(1067, 800)), original: PixelSize(width: 4000, height: 3000)), host: nil, at: 10)
        #expect(flow.ledger.arrival(full)?.texture.width == 640, "the texture on screen until the sharper one is whole")
        _ = flow.finishUploads(budgetMs: 4, atRest: true)
        #expect(flow.ledger.arrival(full)?.texture.width == 1067)
    }
}
