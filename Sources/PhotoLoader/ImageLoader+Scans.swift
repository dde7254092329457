import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

extension ImageLoader {
    /// Pictures of a progressive JPEG as it downloads, each finished as the full image's decode
    /// will be (`fitted` to the same size), drawn by low-priority jobs.
    func scanPreview(for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?) -> ScanPreview {
        ScanPreview(sizing: { displayed in
            let size = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { displayed })
            return (size.limit, size.sharpAt)
        }, schedule: { [weak self] delay, job in
            guard let self else { return }
            let key = Request.scan(item: request.key.item, job: self.state.withLock { $0.newScanJob() })
            let submit: @Sendable () -> Void = { [weak self] in
                self?.pool.submit(key: key, priority: .visible) {
                    guard let picture = job() else { return Result(request: key, outcome: .success([]), opaque: false, originalSize: nil) }
                    var result = ImageLoader.mipmapped(key, .success(picture.image), size: { picture.displayedSize })
                    result.scanBytes = picture.bytes
                    return result
                }
            }
            if delay > 0 { DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay, execute: submit) } else { submit() }
        })
    }
}
