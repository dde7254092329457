import Foundation
import Synchronization

/// Names a GPS position for `{place}` and the facts panel (docs/behaviour.md §20). Any thread.
public protocol PlaceNaming: Sendable {
    func placeText(latitude: Double, longitude: Double) -> String?
}

/// `PlaceIndex` over a table file, read (mapped) on first use by whichever thread asks first: a
/// run that never meets a photo with a position never reads it. Country names in `locale`'s words.
public final class OfflinePlaces: PlaceNaming {
    private let url: URL
    private let locale: Locale
    private let index = Mutex<PlaceIndex??>(nil)

    public init(url: URL, locale: Locale) {
        self.url = url
        self.locale = locale
    }

    public func placeText(latitude: Double, longitude: Double) -> String? {
        let table = index.withLock { slot -> PlaceIndex? in
            if let loaded = slot { return loaded }
            let read = (try? Data(contentsOf: url, options: .alwaysMapped)).flatMap(PlaceIndex.init(data:))
            slot = .some(read)
            return read
        }
        return table?.nearby(latitude: latitude, longitude: longitude)?.text(locale: locale)
    }
}
