import Foundation
import PhotoCore
import PhotoNetwork

/// The part of Immich's API the source uses (docs/sources.md lists it), as requests and the
/// fields read from the answers. Fields the program does not use are not read, and any field it
/// reads may be missing: an older or newer server still lists its photos.
enum ImmichAPI {
    struct Asset: Decodable, Sendable {
        let id: String
        var type: String?
        var originalFileName: String?
        var originalMimeType: String?
        /// When it was taken, UTC: the order of a selection.
        var fileCreatedAt: String?
        /// When it was taken, on the photographer's clock, written as if UTC.
        var localDateTime: String?
        var isFavorite: Bool?
        var exifInfo: Exif?
        var people: [Named]?
        var livePhotoVideoId: String?
        /// The photo's size in pixels, where the server knows it.
        var width: Int?
        var height: Int?
        /// A video's length.
        var duration: Length?
    }

    /// A video's length, as milliseconds (the API's description) or as "H:MM:SS.ffffff" (what
    /// servers send).
    struct Length: Decodable, Sendable {
        let seconds: Double?

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let milliseconds = try? value.decode(Double.self) {
                seconds = milliseconds / 1000
            } else if let text = try? value.decode(String.self) {
                let parts = text.split(separator: ":").map { Double($0) }
                seconds = parts.count == 3 && !parts.contains(nil) ? parts[0]! * 3600 + parts[1]! * 60 + parts[2]! : nil
            } else {
                seconds = nil
            }
        }
    }

    struct Exif: Decodable, Sendable {
        var description: String?
        var city: String?
        var state: String?
        var country: String?
        var rating: Int?
        var make: String?
        var model: String?
        var lensModel: String?
        var latitude: Double?
        var longitude: Double?
        var exifImageWidth: Int?
        var exifImageHeight: Int?
    }

    /// An album, a person or a tag: what a name in the selection is matched against.
    struct Named: Decodable, Sendable {
        let id: String
        var name: String?
        /// A person hidden in the server's people: not named in captions.
        var isHidden: Bool?
        var albumName: String?
        /// A tag's full path ("Trips/Norway").
        var value: String?
    }

    struct People: Decodable { var people: [Named]; var hasNextPage: Bool? }
    struct SearchAnswer: Decodable { struct Page: Decodable { var items: [Asset]; var nextPage: String? }; var assets: Page }
    struct Memory: Decodable { var assets: [Asset] }

    /// At most this many assets a search answers at once (the API's own limit).
    static let pageSize = 1000

    static func get(_ api: URL, _ path: String, query: [URLQueryItem] = []) -> DataRequest {
        var parts = URLComponents(url: api.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { parts.queryItems = query }
        // A header of its own keeps a listing out of the photo cache: it is asked each time.
        return DataRequest(url: parts.url!, headers: ["Accept": "application/json"], staysOnHost: true)
    }

    static func post(_ api: URL, _ path: String, body: [String: any Sendable]) -> DataRequest {
        let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return DataRequest(url: api.appendingPathComponent(path), headers: ["Accept": "application/json", "Content-Type": "application/json"],
                           method: "POST", body: data, staysOnHost: true)
    }

    /// Where an asset's pixels are: `thumbnail` (the grid's, about 250 px) or `preview` (a page's,
    /// about 1440 px), as the server makes them for every photo and video; as edited (cropped,
    /// turned) on the server where it was, else as it is.
    static func pixels(_ api: URL, asset id: String, size: String) -> URL {
        var parts = URLComponents(url: api.appendingPathComponent("assets/\(id)/thumbnail"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [URLQueryItem(name: "size", value: size), URLQueryItem(name: "edited", value: "true")]
        return parts.url!
    }

    /// The photo's own bytes, as uploaded.
    static func original(_ api: URL, asset id: String) -> URL { api.appendingPathComponent("assets/\(id)/original") }

    /// The moment `hours` after `day`'s midnight in UTC, as the API writes date-times.
    static func utcMidnight(_ day: CalendarDay, plusHours hours: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
        let moment = calendar.dateComponents([.year, .month, .day, .hour], from: midnight.addingTimeInterval(Double(hours) * 3600))
        return String(format: "%04d-%02d-%02dT%02d:00:00.000Z", moment.year!, moment.month!, moment.day!, moment.hour!)
    }

    /// Whether `text` is an id as the API writes them (a UUID), not a name.
    static func isID(_ text: String) -> Bool { UUID(uuidString: text) != nil }
}

extension ImmichAPI.Asset {
    /// The day it was taken on the photographer's calendar.
    var localDay: CalendarDay? { (localDateTime ?? fileCreatedAt).flatMap { CalendarDay($0) } }

    /// A photo's size in pixels, from the asset or its EXIF; nil for a video or where unknown.
    var photoSize: PixelSize? {
        guard type == nil || type == "IMAGE" else { return nil }
        let width = width ?? exifInfo?.exifImageWidth, height = height ?? exifInfo?.exifImageHeight
        guard let width, let height, width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// What its server says of it, as a photo's header would: when (the photographer's clock),
    /// the camera, the rating, the place and the people in it.
    var facts: ImageFacts {
        var facts = ImageFacts()
        if let text = localDateTime ?? fileCreatedAt, let taken = ImageFacts.TakenAt(isoText: text) { facts.taken = taken }
        if let exif = exifInfo {
            facts.camera = ImageFacts.cameraName(make: exif.make, model: exif.model)
            facts.lens = exif.lensModel
            facts.rating = exif.rating
            facts.latitude = exif.latitude
            facts.longitude = exif.longitude
            let place = [exif.city, exif.country].compactMap { $0?.isEmpty == false ? $0 : nil }
            facts.place = place.isEmpty ? nil : place.joined(separator: ", ")
        }
        // A video shows as its still, its length on its grid cell.
        if type == "VIDEO", let seconds = duration?.seconds, seconds > 0 { facts.duration = seconds }
        let names = (people ?? []).compactMap { $0.isHidden != true && $0.name?.isEmpty == false ? $0.name : nil }
        facts.people = names.isEmpty ? nil : names
        return facts
    }
}
