/// An IIIF `info.json` or a `.dzi` (docs/behaviour.md §18), a file or a URL: one photo whose
/// pixels are a pyramid of tiles fetched as the view needs them (its item's `isDeepZoom`). It is
/// listed and kept current as a single photo at that location is.
struct DeepZoomSource: PhotoSource {
    private let photo: SinglePhotoSource

    init(_ location: Location) { photo = SinglePhotoSource(location) }

    var renewal: Renewal { photo.renewal }

    func list() -> SourceListing { photo.list() }
}
