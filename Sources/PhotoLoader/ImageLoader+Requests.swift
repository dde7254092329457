import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// What is asked of the loader and what it answers.
extension ImageLoader {
    package struct Request: Hashable, Sendable {
        /// The item's identity (its place in the catalog, which only grows), not its position
        /// on screen: a refresh moves positions, never identities.
        package let item: Int
        package let quality: ImageQuality
        /// Only make sure the thumbnail is in the shared cache; keep no pixels (a grid of
        /// thousands fills the cache in the background without holding them all).
        package var warmOnly = false
        /// Only this part of the full image (unit coordinates, top left origin), decoded to at
        /// most `pixels` on the whole image's longer side: detail for a zoomed page.
        package var region: Rect? = nil
        /// The camera's small EXIF thumbnail standing in until the real one is made.
        package var placeholder = false
        /// One tile of a deep zoom photo's pyramid.
        package var tile: TileKey? = nil
        /// A progressive JPEG's picture so far, standing in for its full image: each job that
        /// draws one is numbered, a key of its own.
        package var scanJob: Int? = nil

        package init(item: Int, quality: ImageQuality, warmOnly: Bool = false, region: Rect? = nil, placeholder: Bool = false, tile: TileKey? = nil, scanJob: Int? = nil) {
            (self.item, self.quality, self.warmOnly, self.region, self.placeholder, self.tile, self.scanJob) = (item, quality, warmOnly, region, placeholder, tile, scanJob)
        }

        /// The placeholder of this thumbnail request, or the request a placeholder stands in for.
        var withPlaceholder: Request { Request(item: item, quality: quality, placeholder: true) }
        var withoutPlaceholder: Request { Request(item: item, quality: quality) }

        /// The whole photo of the page on screen: its decode has the cores to itself.
        func isPageOnScreen(_ priority: DecodePriority) -> Bool { isWholePage && priority == .current }

        /// The page's whole photo: not a detail, a tile or a thumbnail.
        var isWholePage: Bool { quality == .full && region == nil && tile == nil }
    }

    package struct Result: Sendable {
        package let request: Request
        /// The decoded photo as a mip chain, built here so the GL thread only copies bytes.
        package let outcome: Swift.Result<[DecodedImage], LoadError>
        package let opaque: Bool
        /// The photo's own size as displayed (after EXIF orientation), where cheap to know.
        package let originalSize: PixelSize?
        /// For a detail: the part of the image its pixels cover, on whole decoded pixels.
        package var region: Rect? = nil
        /// For a full image: its EXIF date and camera, for captions.
        package var facts: ImageFacts? = nil
        /// For a progressive JPEG's picture so far: the bytes of the file it was drawn from.
        package var scanBytes = 0
    }

    /// A file that does not decode is a broken tile; a network failure is a retry glyph.
    package enum LoadError: Error, Sendable, CustomStringConvertible {
        case decode(DecodeError)
        case network(NetworkError)
        /// A deep zoom description that cannot be used (docs/behaviour.md §18): a broken tile,
        /// even from the network, for waiting does not mend it.
        case pyramid(String)
        package var description: String {
            switch self {
            case .decode(let e): "\(e)"
            case .network(let e): "\(e)"
            case .pyramid(let reason): reason
            }
        }

        /// What the ledger makes of it: a network or server failure that waiting can fix is
        /// retried by itself; a 404, a body that is not an image, a file too large are not.
        package func failure(fromNetwork: Bool) -> LoadFailure {
            switch self {
            case .decode: fromNetwork ? .gone : .undecodable
            case .pyramid: .undecodable
            case .network(.httpStatus(let code)) where code == 408 || code == 429: .network
            case .network(let error): error.allowsStaleResponse ? .network : .gone
            }
        }
    }
}

extension ImageLoader.Request {
    /// The full image a scan picture stands in for.
    var scanned: Self { Self(item: item, quality: quality) }
}
