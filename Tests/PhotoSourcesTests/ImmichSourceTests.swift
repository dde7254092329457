import Foundation
import PhotoCore
import PhotoNetwork
@testable import PhotoSources
import TestImages
import Testing
import WindowTestSupport

/// An Immich library as a source (docs/sources.md), against the tests' Immich server, which checks
/// every request the program sends and every answer it gives against Immich's API description:
/// each test ends by asking it for mismatches.
@Suite(.serialized) struct ImmichSourceTests {
    static let summer = ImmichTestServer.id(3, 1), trips = ImmichTestServer.id(3, 2)
    static let ada = ImmichTestServer.id(2, 1), bob = ImmichTestServer.id(2, 2)

    /// `count` photos taken a day apart from 1 January 2020, listed out of order; the ones
    /// `configure` is given are changed by it.
    static func library(_ count: Int, _ configure: (Int, inout ImmichTestServer.Asset) -> Void = { _, _ in }) throws -> ImmichTestServer.Library {
        let pixels = try Self.pixels()
        var library = ImmichTestServer.Library()
        library.albums = [.init(id: summer, name: "Summer 2024"), .init(id: trips, name: "Trips")]
        library.people = [.init(id: ada, name: "Ada"), .init(id: bob, name: "Bob")]
        let start = Date(timeIntervalSince1970: 1_577_872_800)  // 2020-01-01 10:00 UTC
        for n in (0..<count).reversed() {
            let taken = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(n) * 86_400)).replacingOccurrences(of: "Z", with: ".000Z")
            var asset = ImmichTestServer.Asset(id: ImmichTestServer.id(1, n), name: String(format: "IMG_%04d.jpg", n), taken: taken, thumbnail: pixels, preview: pixels)
            configure(n, &asset)
            library.assets.append(asset)
        }
        return library
    }

    /// A small JPEG every asset's sizes answer with (a listing never fetches it).
    static func pixels() throws -> String {
        let file = try Fixtures.folder("immich-pixels").appendingPathComponent("photo.jpg")
        try Data(JPEGFixture.make(width: 32, height: 24) { _, _ in (90, 120, 150) }).write(to: file)
        return file.path
    }

    func source(_ server: ImmichTestServer, _ query: String, keyFile: String?) throws -> ImmichSource {
        var configuration = NetworkConfiguration()
        configuration.serverKeys = [try #require(ServerKey(server: URL(string: "http://127.0.0.1:\(server.port)/")!, header: "x-api-key", value: server.key))]
        var options = SourceFactory.Options(recursive: false, order: .name, refreshSeconds: 60, network: try DataLoader(configuration: configuration))
        options.immichKeyFile = keyFile
        return try #require(try SourceFactory.source(for: server.address(query), options) as? ImmichSource)
    }

    func names(_ listing: SourceListing) -> [String] { listing.items.map { $0.listedName ?? "?" } }

    func refreshed(_ source: ImmichSource, after last: [SourceItem]) throws -> Result<SourceListing, any Error> {
        try refreshResult(of: source, after: last)
    }

    @Test func anAlbumOf200IsListedInTheOrderTheyWereTakenWithTheServersWords() throws {
        let server = try ImmichTestServer(try Self.library(260) { n, asset in
            if n < 200 { asset.albums = [Self.summer] }
            if n == 7 { (asset.description, asset.city, asset.country, asset.people) = ("Ada at the lake", "Annecy", "France", [Self.ada]) }
        })
        let keys = try TempFolder()
        let listing = try source(server, "album=summer 2024", keyFile: try server.keyFile(in: keys.url)).list()
        #expect(names(listing) == (0..<200).map { String(format: "IMG_%04d.jpg", $0) })
        // The grid from the small size, a page from the preview, both the server's own.
        let seventh = listing.items[7]
        #expect(seventh.image.description == "http://127.0.0.1:\(server.port)/api/assets/\(ImmichTestServer.id(1, 7))/thumbnail?size=preview&edited=true")
        #expect(seventh.thumbnail?.description == "http://127.0.0.1:\(server.port)/api/assets/\(ImmichTestServer.id(1, 7))/thumbnail?size=thumbnail&edited=true")
        #expect(seventh.caption == "Ada at the lake" && seventh.sceneItem.name == "IMG_0007.jpg")
        #expect(seventh.listedFacts?.place == "Annecy, France" && seventh.listedFacts?.people == ["Ada"])
        #expect(seventh.listedFacts?.taken == ImageFacts.TakenAt(year: 2020, month: 1, day: 8, hour: 10, minute: 0, second: 0))
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /api/albums", "POST /api/search/metadata"])
        #expect(server.requests.allSatisfy { $0.key })
        #expect(server.mismatches == [])
    }

    @Test func aWholeLibraryComesAPageOfAThousandAtATime() throws {
        let server = try ImmichTestServer(try Self.library(2_345))
        let keys = try TempFolder()
        let listing = try source(server, "", keyFile: try server.keyFile(in: keys.url)).list()
        #expect(listing.items.count == 2_345 && names(listing).first == "IMG_0000.jpg" && names(listing).last == "IMG_2344.jpg")
        let pages = server.requests.compactMap { request -> Int? in
            (try? JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])?["page"] as? Int
        }
        #expect(pages == [1, 2, 3])
        #expect(server.mismatches == [])
    }

    @Test func peopleAreAlternativesFavouritesAndARatingHold() throws {
        let server = try ImmichTestServer(try Self.library(40) { n, asset in
            if n % 4 == 0 { asset.people.append(Self.ada) }
            if n % 5 == 0 { asset.people.append(Self.bob) }
            asset.favorite = n % 3 == 0
            asset.rating = n % 6 == 0 ? nil : n % 6  // unrated: the API has no 0 stars
        })
        let keys = try TempFolder(), key = try server.keyFile(in: keys.url)
        let named = { (numbers: [Int]) in numbers.map { String(format: "IMG_%04d.jpg", $0) } }
        #expect(names(try source(server, "person=Ada", keyFile: key).list()) == named(Array(stride(from: 0, to: 40, by: 4))))
        #expect(names(try source(server, "person=ada&person=Bob", keyFile: key).list()) == named((0..<40).filter { $0 % 4 == 0 || $0 % 5 == 0 }))
        #expect(names(try source(server, "favorites=1", keyFile: key).list()) == named((0..<40).filter { $0 % 3 == 0 }))
        #expect(names(try source(server, "rating=4&favorites=1", keyFile: key).list()) == named((0..<40).filter { $0 % 3 == 0 && $0 % 6 >= 4 }))
        #expect(throws: SourceUnusable.self) { try source(server, "person=Carol", keyFile: key).list() }
        #expect(server.requests.allSatisfy { $0.key })
        #expect(server.mismatches == [])
    }

    @Test func memoriesAreTheServersOwnForTodayOnTheClockGiven() throws {
        // One photo on 29 November in each of 2021–2025, and the days around it.
        var library = try Self.library(0)
        let server = try ImmichTestServer(library)
        let pixels = try Self.pixels()
        for (n, day) in ["2021-11-29", "2022-11-28", "2023-11-29", "2024-11-30", "2025-11-29", "2026-11-29"].enumerated() {
            library.assets.append(.init(id: ImmichTestServer.id(1, n), name: "\(day).jpg", taken: day + "T09:00:00.000Z", thumbnail: pixels, preview: pixels))
        }
        try server.write(library)
        let keys = try TempFolder()
        var memories = try source(server, "memories=1", keyFile: try server.keyFile(in: keys.url))
        memories.today = { CalendarDay(year: 2026, month: 11, day: 29)! }
        let listing = try memories.list()
        #expect(Set(names(listing)) == ["2021-11-29.jpg", "2023-11-29.jpg", "2025-11-29.jpg"])
        #expect(listing.staleAfter != nil, "listed again after midnight")
        #expect(server.requests.filter { $0.path == "/api/memories" }.map(\.query) == ["for=2026-11-29"])
        #expect(server.mismatches == [])
    }

    @Test func aRandomChoiceNeverRepeatsAPhotoWithinOneCycle() throws {
        let server = try ImmichTestServer(try Self.library(300))
        let keys = try TempFolder()
        let random = try source(server, "random=1", keyFile: try server.keyFile(in: keys.url))
        let first = try random.list()
        #expect(first.items.count == 300 && Set(names(first)).count == 300)
        #expect(names(first) != names(first).sorted(), "the server's random order, not the date")
        let second = try refreshed(random, after: first.items).get()
        #expect(Set(names(second)).count == 300 && names(second) != names(first), "drawn again at each refresh")
        #expect(server.requests.filter { $0.path == "/api/search/random" }.count == 2 && server.mismatches == [])
    }

    @Test func aWrongOrMissingKeyIsOneLineSayingWhere() throws {
        let server = try ImmichTestServer(try Self.library(3))
        let keys = try TempFolder()
        let wrongFile = try keys.write("wrong.key", "not-the-key\n")
        var configuration = NetworkConfiguration()
        configuration.serverKeys = [try #require(ServerKey(server: URL(string: "http://127.0.0.1:\(server.port)/")!, header: "x-api-key", value: "not-the-key"))]
        var options = SourceFactory.Options(recursive: false, order: .name, refreshSeconds: 60, network: try DataLoader(configuration: configuration))
        options.immichKeyFile = wrongFile
        #expect { try SourceFactory.source(for: server.address(), options).list() } throws: { error in
            "\(error)" == "\(server.address()): 127.0.0.1 refused the API key in \(wrongFile): revoked, or a key of another server?"
        }
        #expect { try source(server, "", keyFile: nil).list() } throws: { "\($0)".contains("--immich-key-file") }
        #expect(server.requests.count == 1 && server.requests[0].status == 401)
    }

    @Test func photosDeletedOrAddedOnTheServerComeAndGoAtARefreshAndAServerAwayKeepsTheList() throws {
        var library = try Self.library(5) { _, asset in asset.albums = [Self.trips] }
        let server = try ImmichTestServer(library)
        let keys = try TempFolder()
        let trips = try source(server, "album=Trips", keyFile: try server.keyFile(in: keys.url))
        let first = try trips.list()
        library.assets.removeAll { $0.name == "IMG_0002.jpg" }
        var added = library.assets[0]
        (added.id, added.name, added.taken) = (ImmichTestServer.id(1, 99), "IMG_0099.jpg", "2021-01-01T00:00:00.000Z")
        library.assets.append(added)
        try server.write(library)
        let second = try refreshed(trips, after: first.items).get()
        #expect(names(second) == ["IMG_0000.jpg", "IMG_0001.jpg", "IMG_0003.jpg", "IMG_0004.jpg", "IMG_0099.jpg"])
        server.stop()
        #expect(throws: SourceRefreshFailed.self) { try refreshed(trips, after: second.items).get() }
        try server.start()
        #expect(names(try refreshed(trips, after: second.items).get()) == names(second))
        #expect(server.mismatches == [])
    }
}

extension ImmichSourceTests {
    @Test func theProgramsOwnSelectionNarrowsTheLibraryAndARemoteSelectChangesIt() throws {
        let server = try ImmichTestServer(try Self.library(800) { n, asset in asset.rating = n % 2 == 0 ? 5 : nil })
        let keys = try TempFolder()
        let control = SelectionControl(DateSelection(since: "2021"), index: nil)
        var library = try source(server, "", keyFile: try server.keyFile(in: keys.url))
        library.control = control
        let first = try library.list()
        // 1 January 2020 + 366 days: the first photo of 2021 is the 367th.
        #expect(names(first).first == "IMG_0366.jpg" && first.items.count == 800 - 366)
        control.set(DateSelection(since: "2021-03", until: "2021-03", minimumRating: 4))
        let march = try refreshed(library, after: first.items).get()
        #expect(names(march) == (425...455).filter { $0 % 2 == 0 }.map { String(format: "IMG_%04d.jpg", $0) })
        #expect(server.requests.last?.body.contains("\"takenBefore\":\"2021-04-01T14:00:00.000Z\"") == true, "asked wide, cut to the local days")
        #expect(server.mismatches == [])
    }

    /// A phone chooses an album, a person or the favourites while the frame runs: they stand in
    /// for those the address names, each kind on its own, and the dates still narrow them.
    @Test func aRemoteSelectChoosesAnotherAlbumOrPersonOrTheFavourites() throws {
        let server = try ImmichTestServer(try Self.library(40) { n, asset in
            asset.albums = [n < 20 ? Self.summer : Self.trips]
            if n % 4 == 0 { asset.people = [Self.ada] }
            asset.favorite = n % 10 == 0
        })
        let keys = try TempFolder()
        let control = SelectionControl(DateSelection(), index: nil)
        var library = try source(server, "album=Summer 2024", keyFile: try server.keyFile(in: keys.url))
        library.control = control
        let first = try library.list()
        #expect(first.items.count == 20)
        var trips = DateSelection()
        trips.collections.albums = ["Trips"]
        control.set(trips)
        #expect(names(try refreshed(library, after: first.items).get()) == (20..<40).map { String(format: "IMG_%04d.jpg", $0) })
        var ada = DateSelection()
        ada.collections.people = ["Ada"]
        control.set(ada)
        #expect(names(try refreshed(library, after: first.items).get()) == stride(from: 0, to: 20, by: 4).map { String(format: "IMG_%04d.jpg", $0) },
                "Ada in the address's album")
        var favourites = DateSelection()
        favourites.collections.favorites = true
        control.set(favourites)
        #expect(names(try refreshed(library, after: first.items).get()) == ["IMG_0000.jpg", "IMG_0010.jpg"])
        control.set(DateSelection())
        #expect(try refreshed(library, after: first.items).get().items.count == 20, "{} is the address's own again")
        #expect(server.mismatches == [])
    }
}

extension ImmichSourceTests {
    /// A GIF's preview is its first frame, flattened: its page is the original's bytes, which
    /// play; by the server's MIME type, or its file name where an older server gives no type.
    @Test func aGIFsPageIsItsOriginalSinceThePreviewFlattensIt() throws {
        let server = try ImmichTestServer(try Self.library(2) { n, asset in
            if n == 1 { asset.name = "Cat.GIF" }
        })
        let keys = try TempFolder()
        let listing = try source(server, "", keyFile: try server.keyFile(in: keys.url)).list()
        let base = "http://127.0.0.1:\(server.port)/api/assets/"
        #expect(listing.items.map(\.image.description) == [base + ImmichTestServer.id(1, 0) + "/thumbnail?size=preview&edited=true",
                                                           base + ImmichTestServer.id(1, 1) + "/original"])
        #expect(listing.items[1].thumbnail?.description == base + ImmichTestServer.id(1, 1) + "/thumbnail?size=thumbnail&edited=true")
        #expect(server.mismatches == [])
        let api = try #require(URL(string: "http://immich.local/api"))
        let typed = try JSONDecoder().decode(ImmichAPI.Asset.self, from: Data(#"{"id": "a", "originalFileName": "x", "originalMimeType": "image/gif"}"#.utf8))
        #expect(ImmichSource.item(typed, api: api).image.description == "http://immich.local/api/assets/a/original")
    }

    @Test func aVideoIsListedAsItsStillWithItsLengthAndAnyServersWayOfWritingItIsRead() throws {
        let server = try ImmichTestServer(try Self.library(2) { n, asset in
            if n == 1 { (asset.type, asset.duration, asset.width) = ("VIDEO", 12_500, 1920) }
        })
        let keys = try TempFolder()
        let listing = try source(server, "", keyFile: try server.keyFile(in: keys.url)).list()
        #expect(listing.items.map { $0.listedFacts?.duration } == [nil, 12.5])
        #expect(listing.items[0].original != nil && listing.items[1].original == nil, "a video's original is a clip, not a photo to zoom into")
        #expect(server.mismatches == [])
        let written = try JSONDecoder().decode(ImmichAPI.Asset.self, from: Data(#"{"id": "a", "type": "VIDEO", "duration": "0:01:02.500000"}"#.utf8))
        #expect(written.facts.duration == 62.5)
    }
}

extension ImmichSourceTests {
    @Test func theDaysAreThePhotographersOwnWhateverTheOffset() throws {
        // Taken 1 April at 01:00 in UTC+2 (31 March in UTC), 31 March at 23:00 in UTC-5 (1 April
        // in UTC), and two at local midnight, stored at exactly midnight UTC as date-only photos are.
        var library = try Self.library(0)
        let pixels = try Self.pixels()
        for (n, (utc, local)) in [("2021-03-31T23:00:00.000Z", "2021-04-01T01:00:00.000Z"), ("2021-04-01T04:00:00.000Z", "2021-03-31T23:00:00.000Z"),
                                  ("2021-04-01T00:00:00.000Z", "2021-04-01T00:00:00.000Z"), ("2021-03-31T00:00:00.000Z", "2021-03-31T00:00:00.000Z")].enumerated() {
            var asset = ImmichTestServer.Asset(id: ImmichTestServer.id(1, n), name: "\(n).jpg", taken: utc, thumbnail: pixels, preview: pixels)
            asset.local = local
            library.assets.append(asset)
        }
        let server = try ImmichTestServer(library)
        let keys = try TempFolder(), key = try server.keyFile(in: keys.url)
        #expect(Set(names(try source(server, "before=2021-04-01", keyFile: key).list())) == ["1.jpg", "3.jpg"])
        #expect(Set(names(try source(server, "after=2021-04-01", keyFile: key).list())) == ["0.jpg", "2.jpg"])
        #expect(server.mismatches == [])
    }

    @Test func namesMayBeIdsSharedAlbumsOrSeveralPeopleOfOneNameAndATagByItsLeaf() throws {
        let shared = ImmichTestServer.id(3, 7), twin = ImmichTestServer.id(2, 3), norway = ImmichTestServer.id(4, 1)
        var library = try Self.library(12) { n, asset in
            if n < 3 { asset.albums = [shared] }
            if n == 4 { asset.people = [Self.ada] }
            if n == 5 { asset.people = [twin, Self.bob] }
            if n >= 9 { asset.tags = [norway] }
        }
        library.people.append(.init(id: twin, name: "ADA"))
        library.people[1].hidden = true  // Bob
        library.tags = [.init(id: norway, name: "Norway")]
        library.tags[0].value = "Trips/Norway"
        let server = try ImmichTestServer(library)
        let keys = try TempFolder(), key = try server.keyFile(in: keys.url)
        // An album not among those listed (shared with the key's owner) is found by its id, unasked.
        #expect(names(try source(server, "album=\(shared)", keyFile: key).list()) == ["IMG_0000.jpg", "IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(!server.requests.contains { $0.path == "/api/albums" })
        let ada = try source(server, "person=Ada", keyFile: key).list()
        #expect(names(ada) == ["IMG_0004.jpg", "IMG_0005.jpg"], "both people named Ada")
        #expect(ada.items[1].listedFacts?.people == ["ADA"], "a hidden person is not named")
        #expect(names(try source(server, "tag=norway", keyFile: key).list()) == ["IMG_0009.jpg", "IMG_0010.jpg", "IMG_0011.jpg"])
        #expect(server.mismatches == [])
    }

    @Test func memoriesAloneAskEachPhotoForItsFactsAndWithASearchTakeTheSearches() throws {
        var library = try Self.library(0)
        let pixels = try Self.pixels()
        for (n, day) in ["2021-11-29", "2022-11-29", "2023-11-29"].enumerated() {
            var asset = ImmichTestServer.Asset(id: ImmichTestServer.id(1, n), name: "\(day).jpg", taken: day + "T09:00:00.000Z", thumbnail: pixels, preview: pixels)
            (asset.city, asset.country, asset.favorite) = ("Oslo", "Norway", n != 1)
            library.assets.append(asset)
        }
        let server = try ImmichTestServer(library)
        let keys = try TempFolder(), key = try server.keyFile(in: keys.url)
        for (query, expected) in [("memories=1", ["2023-11-29.jpg", "2022-11-29.jpg", "2021-11-29.jpg"]), ("memories=1&favorites=1", ["2023-11-29.jpg", "2021-11-29.jpg"])] {
            var memories = try source(server, query, keyFile: key)
            memories.today = { CalendarDay(year: 2026, month: 11, day: 29)! }
            let listing = try memories.list()
            #expect(names(listing) == expected, "\(query)")
            #expect(listing.items.allSatisfy { $0.listedFacts?.place == "Oslo, Norway" }, "\(query): the server's place for each")
        }
        #expect(server.requests.filter { $0.path.hasPrefix("/api/assets/") }.count == 3, "memories alone: each photo asked once for its facts")
        #expect(server.mismatches == [])
    }
}

