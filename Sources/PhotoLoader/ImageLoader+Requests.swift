import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// What is asked of the loader and what it answers.
extension ImageLoader {
    /// What is asked for, each a key of its own: in flight, on the wire and in the inbox.
    /// Items are identities (their place in the catalog, which only grows), not positions on
    /// screen: a refresh moves positions, never identities.
    package enum Request: Hashable, Sendable {
        /// An item's thumbnail or its page's whole photo.
        case image(ImageKey)
        /// The camera's small EXIF thumbnail standing in for an item's until the real one is made.
        case placeholder(item: Int)
        /// Only make sure the thumbnail is in the shared cache; keep no pixels (a grid of
        /// thousands fills the cache in the background without holding them all).
        case warm(item: Int)
        /// Only this part of the full image (unit coordinates, top left origin), decoded to at
        /// most `pixels` on the whole image's longer side: detail for a zoomed page.
        case detail(item: Int, region: Rect)
        /// One tile of a deep zoom photo's pyramid.
        case tile(item: Int, TileKey)
        /// A progressive JPEG's picture so far, standing in for its full image: each job that
        /// draws one is numbered, a key of its own.
        case scan(item: Int, job: Int)

        /// The image it is for.
        package var key: ImageKey {
            switch self {
            case .image(let key): key
            case .placeholder(let item), .warm(let item): ImageKey(item: item, quality: .thumbnail)
            case .detail(let item, _), .tile(let item, _), .scan(let item, _): ImageKey(item: item, quality: .full)
            }
        }

        /// A placeholder or a scan picture: shown only while the image it stands in for is on its way.
        package var isStandIn: Bool {
            switch self {
            case .placeholder, .scan: true
            case .image, .warm, .detail, .tile: false
            }
        }

        var isWarm: Bool { if case .warm = self { true } else { false } }

        /// The camera's thumbnail standing in for this one.
        var standIn: Request { .placeholder(item: key.item) }

        /// The whole photo of the page on screen: its decode has the cores to itself.
        func isPageOnScreen(_ priority: DecodePriority) -> Bool { isWholePage && priority == .current }

        /// The page's whole photo (or its picture so far): not a detail, a tile or a thumbnail.
        var isWholePage: Bool {
            switch self {
            case .image(let key): key.quality == .full
            case .scan: true
            case .placeholder, .warm, .detail, .tile: false
            }
        }
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
        /// retried by itself; a 404, a body that is not an image, a file too large are not. A
        /// refusal (401, 403) is waited out too: a key revoked, or a password changed, is put
        /// right on the server while the frame keeps showing what it has.
        package func failure(fromNetwork: Bool) -> LoadFailure {
            switch self {
            case .decode: fromNetwork ? .gone : .undecodable
            case .pyramid: .undecodable
            case .network(.httpStatus(let code)) where code == 401 || code == 403: .refused
            case .network(.httpStatus(let code)) where code == 408 || code == 429: .network
            case .network(let error): error.allowsStaleResponse ? .network : .gone
            }
        }
    }
}
