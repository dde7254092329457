import Foundation
import PhotoCore
import PhotoPipeline
@testable import PhotoSources
import TestImages
@testable import PhotoLoader

/// A loader over `files` local photos (items 0..<files, real JPEGs on disk, for the thumbnail
/// cache's sake) and then `urls` photos on the network, decoded by a `FakeDecoder` and fetched
/// through a `FakeNetwork`. Each `wake` is counted, so a test waits for the loader's own signal.
struct LoaderHarness {
    let loader: ImageLoader
    let decoder = FakeDecoder()
    let network = FakeNetwork()
    let names: [String]
    private let woken = DispatchSemaphore(value: 0)

    static let photo = Data(JPEGFixture.solid(width: 64, height: 48, (90, 140, 200)))

    /// `workers`: one makes the order of decodes the pool's order of priority.
    init(files: Int = 0, urls: Int = 0, workers: Int = 1) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loader-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var items: [SourceItem] = [], names: [String] = []
        for i in 0..<files {
            let file = folder.appendingPathComponent("photo-\(i).jpg")
            try Self.photo.write(to: file)
            items.append(SourceItem(image: .file(file.path)))
            names.append(file.path)
        }
        for i in 0..<urls {
            let url = URL(string: "http://photos.test/photo-\(i).jpg")!
            items.append(SourceItem(image: .url(url)))
            names.append(url.absoluteString)
        }
        self.names = names
        let woken = woken
        loader = ImageLoader(items: items, thumbnails: ThumbnailCache(root: folder.appendingPathComponent("cache").path), network: network,
                             decoder: decoder, workers: workers, wake: { woken.signal() })
    }

    func url(_ item: Int) -> URL { URL(string: names[item])! }

    /// Waits for the loader's wakes until `condition` holds; false when none came for `seconds`.
    func wait(seconds: Double = 30, until condition: () -> Bool) -> Bool {
        while !condition() {
            guard woken.wait(timeout: .now() + seconds) == .success else { return false }
        }
        return true
    }

    /// Takes results as they come until there are `count` of the real ones (placeholders and
    /// scan pictures aside); fewer when none came for `seconds`.
    func results(_ count: Int, seconds: Double = 30) -> [ImageLoader.Result] {
        var results: [ImageLoader.Result] = []
        _ = wait(seconds: seconds) {
            results += loader.takeResults().filter { !$0.request.isStandIn }
            return results.count >= count
        }
        return results
    }
}

extension ImageLoader.Result {
    var levels: [DecodedImage]? { try? outcome.get() }

    var error: ImageLoader.LoadError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }
}
