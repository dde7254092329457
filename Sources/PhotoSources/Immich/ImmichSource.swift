import Foundation
import PhotoCore
import PhotoLog
import PhotoNetwork

/// An Immich library (docs/sources.md): the photos its selection names, in the order they were
/// taken (a random choice in the server's order), listed again every `--refresh` seconds. The
/// grid shows each asset's `thumbnail`, a page its `preview`, through the program's network and
/// its cache like any photo from a server.
struct ImmichSource: PhotoSource {
    let address: ImmichAddress
    let refreshSeconds: Double
    let network: DataLoading?
    /// The file the API key came from, for messages; nil when none was given.
    let keyFile: String?
    /// The program's selection by date and rating, which narrows the address's (§15's `select`).
    var control: SelectionControl?
    /// Today's date, for memories.
    var today: @Sendable () -> CalendarDay = { LocalDate.now().day }

    var renewal: Renewal { .refreshed(every: refreshSeconds) }

    /// Blocks until listed: nothing is on screen yet to be held up.
    func list() throws -> SourceListing {
        do {
            let listing = try listing(priority: .currentPage)
            Log.info("\(address.argument): \(listing.items.count) photos")
            return listing
        } catch NetworkError.untrustedCertificate(let reason) {
            throw SourceUnusable.untrustedCertificate(address.argument, host: address.api.host ?? address.argument, reason)
        } catch let error as NetworkError where error.allowsStaleResponse {
            throw SourceUnreachable(description: "\(address.argument): cannot be listed yet: \(error)")
        } catch let error as NetworkError {
            throw SourceUnusable(description: message(for: error))
        }
    }

    func refresh(after last: [SourceItem], _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        DispatchQueue.global(qos: .utility).async { [self] in
            let result = Result { try listing(priority: .prefetch) }
            if case .success(let listing) = result, listing.items != last { Log.info("\(address.argument): \(listing.items.count) photos") }
            done(result.mapError { error in (error as? NetworkError).map { SourceRefreshFailed(description: message(for: $0)) } ?? error })
        }
    }

    private func listing(priority: TransferPriority) throws -> SourceListing {
        guard let network else { throw SourceUnusable(description: "\(address.argument): the network is not available") }
        guard keyFile != nil else {
            throw SourceUnusable(description: "\(address.argument): Immich asks for an API key: put it in a file only you can read, and name it with --immich-key-file (or immich-key-file in the config file)")
        }
        let client = ImmichClient(api: address.api, network: network, priority: priority)
        let selection = address.selection.narrowed(by: control?.selection)
        var assets: [ImmichAPI.Asset] = []
        if selection.searches {
            let filters = try self.filters(selection, client)
            if selection.random && !selection.memories {
                // Alternatives are drawn one by one: mixed, and no more than one draw's worth.
                assets = Array(Self.once(try filters.flatMap { try client.random($0) }).shuffled().prefix(ImmichAPI.pageSize))
            } else {
                assets = Self.once(try filters.flatMap { try client.search($0) })
                if filters.count > 1 { assets.sort(by: Self.takenFirst) }
            }
            assets = assets.filter { selection.admits(localDay: $0.localDay) }
        }
        var staleAfter: Double?
        if selection.memories {
            let now = LocalDate.now()
            let memories = Self.once(try client.memories(on: today()))
            if selection.searches {
                // The search's own answer for each memory: a memory's assets come without their EXIF and people.
                let found = Dictionary(assets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                assets = memories.compactMap { found[$0.id] }
            } else {
                assets = try memories.map { $0.exifInfo == nil ? try client.asset($0.id) : $0 }
            }
            if selection.random { assets.shuffle() }
            // Memories change at midnight, a second after which the library is listed again.
            staleAfter = Double(86_400 - now.secondOfDay + 1)
        }
        return SourceListing(items: assets.map { Self.item($0, api: address.api) }, staleAfter: staleAfter)
    }

    /// The searches the selection needs: one for each choice among its alternatives (an album or
    /// another, a person or another, a tag or another, a rating or a higher one), all with the
    /// words that always hold.
    private func filters(_ selection: ImmichSelection, _ client: ImmichClient) throws -> [[String: any Sendable]] {
        let albums = selection.albums.isEmpty ? [nil] : try ids(selection.albums, among: { try client.albums() }, kind: "album", names: { [$0.albumName] })
        let people = selection.people.isEmpty ? [nil] : try ids(selection.people, among: { try client.people() }, kind: "person", names: { [$0.name] })
        let tags = selection.tags.isEmpty ? [nil] : try ids(selection.tags, among: { try client.tags() }, kind: "tag", names: { [$0.value, $0.name] })
        let ratings: [Int?] = selection.minimumRating.map { Array($0...5) } ?? [nil]
        var common: [String: any Sendable] = ["withExif": true, "withPeople": true]
        if selection.favorites { common["isFavorite"] = true }
        // The server compares when they were taken in UTC; the days are the photographer's own.
        // Asked wide by the greatest offset, the answer is cut to the local days afterwards.
        if let after = selection.after { common["takenAfter"] = ImmichAPI.utcMidnight(after, plusHours: -14) }
        if let before = selection.before { common["takenBefore"] = ImmichAPI.utcMidnight(before, plusHours: 14) }
        var filters: [[String: any Sendable]] = []
        for album in albums {
            for person in people {
                for tag in tags {
                    for rating in ratings {
                        var filter = common
                        if let album { filter["albumIds"] = [album] }
                        if let person { filter["personIds"] = [person] }
                        if let tag { filter["tagIds"] = [tag] }
                        if let rating { filter["rating"] = rating }
                        filters.append(filter)
                    }
                }
            }
        }
        return filters
    }

    /// The ids the names stand for: an id as it is (an album shared with the key's owner may not
    /// be among those the server lists), or every album, person or tag of that name (any case;
    /// a tag by its name or its full path), since people of one name are often several.
    private func ids(_ wanted: [String], among list: () throws -> [ImmichAPI.Named], kind: String, names: (ImmichAPI.Named) -> [String?]) throws -> [String?] {
        let words = wanted.filter { !ImmichAPI.isID($0) }
        let known = words.isEmpty ? [] : try list()
        return try wanted.flatMap { word -> [String?] in
            if ImmichAPI.isID(word) { return [word.lowercased()] }
            let matches = known.filter { names($0).contains { $0?.lowercased() == word.lowercased() } }.map(\.id)
            if !matches.isEmpty { return matches }
            let some = Set(known.compactMap { names($0).compactMap { $0 }.first }).filter { !$0.isEmpty }.sorted().prefix(10)
            throw SourceUnusable(description: "\(address.argument): no \(kind) “\(word)” on \(address.api.host ?? "the server")"
                                    + (some.isEmpty ? "" : " (there are: \(some.joined(separator: ", "))\(known.count > some.count ? ", …" : ""))"))
        }
    }

    private static func once(_ assets: [ImmichAPI.Asset]) -> [ImmichAPI.Asset] {
        var seen: Set<String> = []
        return assets.filter { seen.insert($0.id).inserted }
    }

    private static func takenFirst(_ a: ImmichAPI.Asset, _ b: ImmichAPI.Asset) -> Bool {
        (a.fileCreatedAt ?? "", a.id) < (b.fileCreatedAt ?? "", b.id)
    }

    static func item(_ asset: ImmichAPI.Asset, api: URL) -> SourceItem {
        let description = asset.exifInfo?.description?.trimmingCharacters(in: .whitespacesAndNewlines)
        // A GIF's preview is its first frame, flattened: its page shows the original, which plays.
        let isGIF = asset.originalMimeType?.lowercased() == "image/gif" || asset.originalFileName?.lowercased().hasSuffix(".gif") == true
        let page = isGIF ? ImmichAPI.original(api, asset: asset.id) : ImmichAPI.pixels(api, asset: asset.id, size: "preview")
        var item = SourceItem(image: .url(page),
                              thumbnail: .url(ImmichAPI.pixels(api, asset: asset.id, size: "thumbnail")),
                              caption: description?.isEmpty == false ? description : nil)
        item.listedName = asset.originalFileName
        item.listedFacts = asset.facts
        // Zoomed past the preview's sharpness, a page's detail comes from the photo's own bytes.
        item.original = asset.photoSize.map { SourceItem.Original(location: .url(ImmichAPI.original(api, asset: asset.id)), pixelSize: $0) }
        return item
    }

    /// One line that says what to do.
    private func message(for error: NetworkError) -> String {
        let host = address.api.host ?? address.argument
        switch error {
        case .httpStatus(401): return "\(address.argument): \(host) refused the API key in \(keyFile ?? "no file"): revoked, or a key of another server?"
        case .httpStatus(403):
            return "\(address.argument): the API key in \(keyFile ?? "no file") may not read this (it needs asset.read, asset.view, asset.download, album.read, person.read, tag.read and memory.read)"
        case .httpStatus(404): return "\(address.argument): no Immich API at \(address.api.absoluteString)"
        case .untrustedCertificate(let reason): return SourceUnusable.untrustedCertificate(address.argument, host: host, reason).description
        default: return "\(address.argument): \(error)"
        }
    }
}
