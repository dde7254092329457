import Foundation
import PhotoIndex
import PhotoNetwork
@testable import PhotoSources
import TestImages
import Testing
import WindowTestSupport

/// WebDAV folders (docs/sources.md) against the servers people share photos from: Apache httpd
/// with mod_dav (Basic and Digest) and `rclone serve webdav`, through the program's own loader,
/// with credentials from a netrc file.
@Suite(.serialized) struct WebDAVSourceTests {
    /// A folder of photos as a phone upload leaves it: subfolders, another file, a hidden one.
    func photoFolder() throws -> TempFolder {
        let folder = try TempFolder()
        for (name, grey) in [("a.jpg", 40), ("b.JPG", 80), ("sub/c.jpg", 120), ("sub/deeper/d.jpg", 160), (".hidden.jpg", 200)] {
            try write(name, grey: grey, in: folder)
        }
        try folder.write("notes.txt", "not a photo")
        return folder
    }

    func write(_ name: String, grey: Int, in folder: TempFolder) throws {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let value = UInt8(grey)
        try Data(JPEGFixture.make(width: 32, height: 24) { _, _ in (value, value, value) }).write(to: url)
    }

    func netrc(_ text: String, in folder: TempFolder) throws -> String {
        let path = folder.url.appendingPathComponent("netrc").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func source(_ argument: String, netrc: String, recursive: Bool = true, network: DataLoading? = nil) throws -> any PhotoSource {
        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrc
        let options = SourceFactory.Options(recursive: recursive, order: .name, refreshSeconds: 60,
                                            network: try network ?? DataLoader(configuration: configuration), netrcPath: netrc)
        return try SourceFactory.source(for: argument, options)
    }

    func refreshed(_ source: any PhotoSource, after last: [SourceItem]) throws -> SourceListing {
        try refreshResult(of: source, after: last, seconds: 30).get()
    }

    func names(_ listing: SourceListing, under root: String) -> [String] {
        listing.items.map { item in
            guard case .url(let url) = item.image else { return "not a URL: \(item.image)" }
            return String(url.path.dropFirst(root.count))
        }
    }

    @Test func anApacheFolderIsListedAFolderAtATimeWithItsSubfoldersUnderR() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let netrc = try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys)

        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrc
        let network = try DataLoader(configuration: configuration)
        let top = try source(server.dav(), netrc: netrc, recursive: false, network: network)
        #expect(top.renewal == .refreshed(every: 60))
        #expect(names(try top.list(), under: "/") == ["a.jpg", "b.JPG"])

        let before = server.requests.count
        let tree = try source(server.dav(), netrc: netrc, network: network).list()
        #expect(names(tree, under: "/") == ["a.jpg", "b.JPG", "sub/c.jpg", "sub/deeper/d.jpg"])
        #expect(tree.items.allSatisfy { $0.version != nil && $0.stamp != nil })
        // One PROPFIND per folder, each let in at once: once the server has asked for Basic, the
        // network sends it with each request instead of waiting to be refused.
        let listing = server.requests.dropFirst(before)
        #expect(listing.map(\.method) == ["PROPFIND", "PROPFIND", "PROPFIND"])
        #expect(Set(listing.map(\.path)) == ["/", "/sub/", "/sub/deeper/"])
        #expect(listing.allSatisfy { $0.authorized })
    }

    @Test func photosAddedRemovedAndChangedOnTheServerShowInTheNextRefresh() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let dav = try source(server.dav(), netrc: try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys))
        let first = try dav.list()

        try write("sub/e.jpg", grey: 10, in: photos)
        try FileManager.default.removeItem(at: photos.url.appendingPathComponent("a.jpg"))
        try write("b.JPG", grey: 250, in: photos)
        let before = server.requests.count
        let second = try refreshed(dav, after: first.items)

        #expect(names(second, under: "/") == ["b.JPG", "sub/c.jpg", "sub/deeper/d.jpg", "sub/e.jpg"])
        let version = { (listing: SourceListing, name: String) in listing.items.first { $0.image.name == name }?.version }
        #expect(version(second, "b.JPG") != version(first, "b.JPG"))
        #expect(version(second, "c.jpg") == version(first, "c.jpg"))
        #expect(first.items.first { $0.image.name == "b.JPG" }?.identity != second.items.first { $0.image.name == "b.JPG" }?.identity)
        // A refresh is one PROPFIND per folder and nothing else: no photo is fetched to list it.
        let refresh = server.requests.dropFirst(before)
        #expect(refresh.filter(\.authorized).map(\.method) == ["PROPFIND", "PROPFIND", "PROPFIND"])
    }

    @Test func aWrongPasswordIsOneLineNamingTheUserAndTheServer() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")

        let wrong = try source(server.dav(), netrc: try netrc("machine 127.0.0.1 login alice password guess\n", in: keys))
        let refused = try #require(throws: SourceUnusable.self) { try wrong.list() }
        #expect(refused.description.contains("refused the user “alice”"))
        #expect(refused.description.contains("127.0.0.1"))
        #expect(!refused.description.contains("guess"))
        #expect(!refused.description.contains("\n"))

        let none = try source(server.dav(), netrc: keys.url.appendingPathComponent("missing").path)
        let asked = try #require(throws: SourceUnusable.self) { try none.list() }
        #expect(asked.description.contains("machine 127.0.0.1 login USER password PASS"))
    }

    /// `davs://` is https. A server with a certificate of its own (a NAS out of the box) is one
    /// line at start naming the host and `--ca-file`, not a wait that never ends; with its
    /// certificate trusted, the folder lists and its photos come over TLS, credentials and all.
    @Test func aDavsFolderWithItsOwnCertificateListsOnceTheCertificateIsTrusted() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret", tls: true)
        let netrc = try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys)
        #expect(server.dav().hasPrefix("davs://"))

        let refused = try source(server.dav(), netrc: netrc)
        let error = try #require(throws: SourceUnusable.self) { try refused.list() }
        #expect(error.description.contains("certificate of 127.0.0.1 is not trusted"))
        #expect(error.description.contains("--ca-file"))
        #expect(server.requests.isEmpty)

        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrc
        configuration.caFile = try #require(server.certificate).path
        let network = try DataLoader(configuration: configuration)
        let listing = try source(server.dav(), netrc: netrc, network: network).list()
        #expect(names(listing, under: "/") == ["a.jpg", "b.JPG", "sub/c.jpg", "sub/deeper/d.jpg"])
        guard case .url(let url) = try #require(listing.items.last).image else { return }
        #expect(url.scheme == "https")
        let photo = try load(DataRequest(url: url), network)
        let expected = try Data(contentsOf: photos.url.appendingPathComponent("sub/deeper/d.jpg"))
        #expect(photo.body == expected)
        // Refused once, the first time, as over http: the server asks, then Basic goes with each.
        #expect(server.requests.filter { !$0.authorized }.count == 1)
        let last = try #require(server.requests.last)
        #expect(last.method == "GET" && last.path == "/sub/deeper/d.jpg" && last.authorized)
    }

    /// A password in the address would show in `ps`, the log, the status and MQTT: refused.
    @Test func anAddressWithAUserOrPasswordIsRefused() throws {
        let keys = try TempFolder()
        let dav = try source("dav://alice:hunter2@127.0.0.1:9/photos/", netrc: keys.path("netrc"))
        let refused = try #require(throws: SourceUnusable.self) { try dav.list() }
        #expect(refused.description.contains("netrc") && !refused.description.contains("hunter2"))
    }

    @Test func aServerThatIsDownIsWaitedForAndListsWhenItIsBack() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let dav = try source(server.dav(), netrc: try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys))
        server.stop()
        #expect(throws: SourceUnreachable.self) { try dav.list() }
        try server.start()
        #expect(names(try dav.list(), under: "/") == ["a.jpg", "b.JPG", "sub/c.jpg", "sub/deeper/d.jpg"])
    }

    @Test func digestAuthenticationIsAnsweredAsBasicIs() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret", authentication: .digest)
        let dav = try source(server.dav("sub/"), netrc: try netrc("machine 127.0.0.1\n  login alice\n  password s3cret\n", in: keys))
        #expect(names(try dav.list(), under: "/sub/") == ["c.jpg", "deeper/d.jpg"])
        let wrong = try source(server.dav("sub/"), netrc: try netrc("default login alice password nope\n", in: keys))
        #expect(throws: SourceUnusable.self) { try wrong.list() }
    }

    @Test func aRedirectToAnotherServerIsNotFollowedWithTheCredentials() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let other = try TempFolder()
        let elsewhere = try ApacheDAV(root: other.url, user: "mallory", password: "x")
        // The redirect names another host ("localhost" is not "127.0.0.1"), on the other server's port.
        let redirecting = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret",
                                        extra: "Redirect /moved http://localhost:\(elsewhere.port)/")
        let dav = try source(redirecting.dav("moved/"), netrc: try netrc("default login alice password s3cret\n", in: keys))
        let refused = try #require(throws: SourceUnusable.self) { try dav.list() }
        #expect(refused.description.contains("another server"))
        #expect(elsewhere.requests.isEmpty)
    }

    /// By date, as a local folder: each photo's first 64 KiB asked for with a range, its EXIF
    /// date read and kept in the library index, so the next listing asks for none.
    @Test func aWebDAVFolderByDateReadsEachPhotosFirstBytesOnce() throws {
        let photos = try datedPhotos(["2021:03:01 10:00:00", "2019:07:14 18:05:31", "2020:12:24 20:00:00"])
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let netrcPath = try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys)
        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrcPath
        let network = try DataLoader(configuration: configuration)
        let index = try CaptureIndex(path: keys.path("index.sqlite3"))
        func byDate() throws -> [String] {
            var options = SourceFactory.Options(recursive: false, order: .date, refreshSeconds: 60, network: network, netrcPath: netrcPath)
            options.selection = SelectionControl(DateSelection(), index: index)
            return try SourceFactory.source(for: server.dav(), options).list().items.map(\.image.name)
        }
        #expect(try byDate() == ["p1.jpg", "p2.jpg", "p0.jpg"])
        let gets = server.requests.filter { $0.method == "GET" && $0.authorized }
        #expect(gets.count == 3 && gets.allSatisfy { $0.range == "bytes=0-65535" }, "\(gets)")
        #expect(try byDate() == ["p1.jpg", "p2.jpg", "p0.jpg"])
        #expect(server.requests.filter { $0.method == "GET" }.count == 3)
    }

    /// A server folder with more new photos than a listing reads at once opens on those it read,
    /// in their final order, and grows as the rest are read in the background: the folders are
    /// walked once (no PROPFIND for each growth), and every photo's first bytes are asked for
    /// once. One the server will not send (403) is asked for once too, and shows, dated by the
    /// server's time: the growth ends.
    @Test func aLargeWebDAVFolderByDateShowsWhatIsKnownAndGrowsWithoutWalkingAgain() throws {
        let photos = try datedPhotos(["2021:03:01 10:00:00", "2019:07:14 18:05:31", "2020:12:24 20:00:00", "2018:01:01 09:00:00", "2022:05:05 12:00:00",
                                      "2017:01:01 00:00:00"])
        chmod(photos.path("p5.jpg"), 0)
        let keys = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let netrcPath = try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys)
        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrcPath
        var options = SourceFactory.Options(recursive: false, order: .date, refreshSeconds: 60, network: try DataLoader(configuration: configuration),
                                            netrcPath: netrcPath)
        let control = SelectionControl(DateSelection(), index: try CaptureIndex(path: keys.path("index.sqlite3")), inlineFetches: 2, fillSeconds: 0.05)
        options.selection = control
        let source = try SourceFactory.source(for: server.dav(), options)

        let first = try source.list()
        #expect(first.items.count == 2 && first.staleAfter == 0.05)
        // p5 unread: its server's time (now) puts it last, whatever its EXIF says.
        let final = ["p3.jpg", "p1.jpg", "p2.jpg", "p0.jpg", "p4.jpg", "p5.jpg"]
        #expect(namesAsTheListGrows(source, from: first, control: control, to: final) == final)
        #expect(server.requests.filter { $0.method == "PROPFIND" && $0.authorized }.count == 1, "\(server.requests)")
        let gets = server.requests.filter { $0.method == "GET" && $0.authorized }
        #expect(gets.count == 6 && Set(gets.map(\.path)) == Set(final.map { "/" + $0 }) && gets.allSatisfy { $0.range == "bytes=0-65535" }, "\(gets)")
    }

    /// JPEGs named p0.jpg, p1.jpg … with these EXIF dates (exiftool writes them).
    func datedPhotos(_ taken: [String]) throws -> TempFolder {
        let photos = try TempFolder()
        for (i, date) in taken.enumerated() {
            let path = photos.path("p\(i).jpg")
            try Data(JPEGFixture.withExifThumbnail(width: 640, height: 480, photo: (90, 90, 90), thumbnail: nil)).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            process.arguments = ["-q", "-overwrite_original", "-DateTimeOriginal=\(date)", path]
            try process.run()
            process.waitUntilExit()
        }
        return photos
    }

    @Test func rcloneServesTheSameFolderTheSameWay() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let server = try RcloneDAV(root: photos.url, user: "bob", password: "pw")
        let dav = try source(server.dav(), netrc: try netrc("machine 127.0.0.1 login bob password pw\n", in: keys))
        let first = try dav.list()
        #expect(names(first, under: "/") == ["a.jpg", "b.JPG", "sub/c.jpg", "sub/deeper/d.jpg"])

        try write("e.jpg", grey: 10, in: photos)
        try FileManager.default.removeItem(at: photos.url.appendingPathComponent("sub/c.jpg"))
        try write("b.JPG", grey: 250, in: photos)
        let second = try refreshed(dav, after: first.items)
        #expect(names(second, under: "/") == ["a.jpg", "b.JPG", "e.jpg", "sub/deeper/d.jpg"])
        #expect(second.items.first { $0.image.name == "b.JPG" }?.version != first.items.first { $0.image.name == "b.JPG" }?.version)
        #expect(server.requests.filter { $0.authorized }.allSatisfy { $0.method == "PROPFIND" })

        let wrong = try source(server.dav(), netrc: try netrc("machine 127.0.0.1 login bob password nope\n", in: keys))
        let refused = try #require(throws: SourceUnusable.self) { try wrong.list() }
        #expect(refused.description.contains("“bob”"))
    }

    @Test func aPhotoWithANewETagIsFetchedAgainInsteadOfServedFromTheCache() throws {
        let photos = try photoFolder()
        let keys = try TempFolder()
        let cacheFolder = try TempFolder()
        let server = try ApacheDAV(root: photos.url, user: "alice", password: "s3cret")
        let netrcPath = try netrc("machine 127.0.0.1 login alice password s3cret\n", in: keys)
        var configuration = NetworkConfiguration()
        configuration.netrcFile = netrcPath
        let network = CachedLoader(loader: try DataLoader(configuration: configuration), cache: try DataCache(folder: cacheFolder.url))
        let dav = try source(server.dav(), netrc: netrcPath, recursive: false, network: network)
        let first = try dav.list()
        let old = try #require(first.items.first { $0.image.name == "b.JPG" })
        guard case .url(let url) = old.image else { Issue.record("not a URL"); return }
        let oldBody = try load(DataRequest(url: url, expectedETag: old.version), network).body

        try write("b.JPG", grey: 250, in: photos)
        let new = try #require(try refreshed(dav, after: first.items).items.first { $0.image.name == "b.JPG" })
        // Without the listing's ETag this run's copy would be served as it is...
        #expect(try load(DataRequest(url: url), network).body == oldBody)
        // ...with it, the server's new bytes are.
        let fetched = try load(DataRequest(url: url, expectedETag: new.version), network)
        #expect(fetched.body != oldBody)
        #expect(fetched.body == (try Data(contentsOf: photos.url.appendingPathComponent("b.JPG"))))
    }

    func load(_ request: DataRequest, _ network: DataLoading) throws -> Response {
        let done = DispatchSemaphore(value: 0)
        let box = ResponseBox()
        network.load(request, priority: .currentPage, progress: { _, _ in }) { result in
            box.set(result)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        return try #require(box.get()).get()
    }
}

private final class ResponseBox: @unchecked Sendable {
    // Sendable: guarded by `lock`.
    private let lock = NSLock()
    private var result: Result<Response, NetworkError>?
    func set(_ result: Result<Response, NetworkError>) { lock.withLock { self.result = result } }
    func get() -> Result<Response, NetworkError>? { lock.withLock { result } }
}
