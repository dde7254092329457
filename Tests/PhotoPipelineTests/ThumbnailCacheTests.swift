import Glibc
import PhotoCore
import Testing
@testable import PhotoPipeline
import PhotoStorage
import TestImages

@Suite struct ThumbnailCacheTests {
    let photos = TempDirectory()
    let cacheHome = TempDirectory()
    var cache: ThumbnailCache { ThumbnailCache(root: cacheHome.path + "/thumbnails") }

    func photo(_ name: String, _ rgb: (UInt8, UInt8, UInt8), width: Int = 1000, height: Int = 500) -> String {
        photos.write(name, JPEGFixture.solid(width: width, height: height, rgb))
    }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    func listing(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func theFileURIIsEscapedAsGLibDoes() {
        #expect(FileURI.of(path: "/tmp/my photos/été#1+(2).jpg") == "file:///tmp/my%20photos/%C3%A9t%C3%A9%231+(2).jpg")
        #expect(FileURI.of(path: "rel.jpg").hasPrefix("file:///"))
    }

    @Test func aGeneratedThumbnailIsStoredWhereFileManagersLookWithPrivateModes() throws {
        let path = photo("beach.jpg", (30, 140, 220))
        let image = try cache.thumbnail(for: path, cellPixels: 100).get()
        #expect(image.width == 128 && image.height == 64)

        let stored = cache.root + "/normal/" + MD5.hex("file://" + path) + ".png"
        let png = try FileBytes.read(path: stored, maxBytes: 1 << 20)
        let text = PNGTextChunks.read(from: png)
        #expect(text["Thumb::URI"] == "file://" + path)
        #expect(text["Thumb::MTime"] == ThumbnailCache.modificationTime(of: path).map(String.init))
        // The spec's "8bit PNG with full alpha": colour type 6 (RGBA), though the photo is opaque.
        #expect(png[24] == 8 && png[25] == 6)
        #expect(mode(stored) == 0o600)
        #expect(mode(cache.root + "/normal") == 0o700)
        #expect(listing(cache.root + "/normal") == [MD5.hex("file://" + path) + ".png"])  // no temp file left
        #expect(listing(photos.path) == ["beach.jpg"])  // nothing written beside the user's photo
    }

    @Test func aLargerCellGetsA256PixelThumbnailFromTheLargeFolder() throws {
        let path = photo("wide.jpg", (200, 50, 50))
        let image = try cache.thumbnail(for: path, cellPixels: 200).get()
        #expect(image.width == 256 && image.height == 128)
        #expect(listing(cache.root + "/large").count == 1)
        #expect(listing(cache.root + "/normal").isEmpty)
    }

    @Test func theSecondRequestIsServedFromTheCacheWithoutDecoding() throws {
        let path = photo("again.jpg", (120, 60, 30)), decoder = CountingDecoder()
        let first = try cache.thumbnail(for: path, cellPixels: 128, decoder: decoder).get()
        let second = try cache.thumbnail(for: path, cellPixels: 128, decoder: decoder).get()
        #expect(decoder.count == 1)
        #expect(second == first)
    }

    @Test func aValidCachedThumbnailIsUsedInsteadOfDecoding() throws {
        let path = photo("cached.jpg", (255, 0, 0))
        let marker = DecodedImage(width: 2, height: 1, pixels: [0, 255, 0, 255, 0, 255, 0, 255])
        try cache.store(marker, for: path)
        #expect(try cache.thumbnail(for: path, cellPixels: 128).get() == marker)
    }

    @Test func aThumbnailOlderThanItsPhotoIsRegenerated() throws {
        let path = photo("edited.jpg", (255, 0, 0))
        try cache.store(DecodedImage(width: 1, height: 1, pixels: [0, 255, 0, 255]), for: path)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)  // the user edited the photo

        #expect(cache.load(for: path, size: 128) == nil)
        let fresh = try cache.thumbnail(for: path, cellPixels: 128).get()
        #expect(fresh.width == 128 && isClose(fresh.rgba(x: 64, y: 32), (255, 0, 0)))
        #expect(cache.load(for: path, size: 128) == fresh)  // and stored again with the new MTime
    }

    @Test func aThumbnailBelongingToAnotherFileIsRejected() throws {
        let a = photo("a.jpg", (255, 0, 0)), b = photo("b.jpg", (0, 0, 255))
        _ = try cache.thumbnail(for: a, cellPixels: 128).get()
        let aThumb = cache.thumbnailPath(for: a, flavor: .normal), bThumb = cache.thumbnailPath(for: b, flavor: .normal)
        #expect(rename(aThumb, bThumb) == 0)
        #expect(cache.load(for: b, size: 128) == nil)
        #expect(isClose(try cache.thumbnail(for: b, cellPixels: 128).get().rgba(x: 5, y: 5), (0, 0, 255)))
    }

    @Test func aDamagedCacheFileIsIgnoredAndReplaced() throws {
        let path = photo("damaged.jpg", (9, 200, 9))
        try AtomicFile.makeDirectories(cache.root + "/normal", mode: 0o700)
        let thumb = cache.thumbnailPath(for: path, flavor: .normal)
        _ = TempDirectory.writeFile(thumb, Array("garbage".utf8))
        #expect(isClose(try cache.thumbnail(for: path, cellPixels: 64).get().rgba(x: 3, y: 3), (9, 200, 9)))
        #expect(cache.load(for: path, size: 64) != nil)
    }

    @Test func aFileThatDoesNotDecodeGivesTheReasonAndWritesNothing() {
        let path = photos.write("readme.jpg", Array("hello".utf8))
        #expect(cache.thumbnail(for: path, cellPixels: 128) == .failure(.notAnImage))
        #expect(listing(cacheHome.path).isEmpty)
    }

    @Test func theStandardCacheFollowsXDGCacheHomeAndIgnoresARelativeOne() {
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        setenv("XDG_CACHE_HOME", "/srv/cache", 1)
        #expect(ThumbnailCache.standard().root == "/srv/cache/thumbnails")
        setenv("XDG_CACHE_HOME", "relative/cache", 1)  // the XDG spec says: ignore relative paths
        #expect(ThumbnailCache.standard().root.hasSuffix("/.cache/thumbnails"))
    }
}

@Suite struct ThumbnailWarmingTests {
    let photos = TempDirectory()
    let cacheHome = TempDirectory()
    var cache: ThumbnailCache { ThumbnailCache(root: cacheHome.path + "/thumbnails") }

    func photo(_ name: String) -> String {
        photos.write(name, JPEGFixture.solid(width: 600, height: 400, (40, 90, 200)))
    }

    func succeeded(_ result: Result<Void, DecodeError>) -> Bool {
        if case .success = result { return true }
        return false
    }

    @Test func warmingStoresOnceAndThenDecodesNothing() throws {
        let path = photo("warm.jpg"), decoder = CountingDecoder()
        #expect(!cache.hasCurrentThumbnail(for: path, size: 256))
        #expect(succeeded(cache.warm(for: path, cellPixels: 256, decoder: decoder)))
        #expect(cache.hasCurrentThumbnail(for: path, size: 256))
        #expect(succeeded(cache.warm(for: path, cellPixels: 256, decoder: decoder)))
        #expect(decoder.count == 1)
        #expect(cache.load(for: path, size: 256)?.width == 256)
        #expect(!succeeded(cache.warm(for: photos.write("notes.jpg", Array("hello".utf8)), cellPixels: 256)))
    }

    @Test func aStaleEntryIsNotCurrentAndWarmingReplacesIt() throws {
        let path = photo("stale.jpg"), decoder = CountingDecoder()
        _ = cache.warm(for: path, cellPixels: 128, decoder: decoder)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(!cache.hasCurrentThumbnail(for: path, size: 128))
        _ = cache.warm(for: path, cellPixels: 128, decoder: decoder)
        #expect(decoder.count == 2)
        #expect(cache.hasCurrentThumbnail(for: path, size: 128))
    }

    @Test func anotherFilesEntryOrGarbageIsNotCurrent() throws {
        let a = photo("a.jpg"), b = photo("b.jpg")
        _ = cache.warm(for: a, cellPixels: 128)
        #expect(rename(cache.thumbnailPath(for: a, flavor: .normal), cache.thumbnailPath(for: b, flavor: .normal)) == 0)
        #expect(!cache.hasCurrentThumbnail(for: b, size: 128))
        _ = TempDirectory.writeFile(cache.thumbnailPath(for: b, flavor: .normal), Array("garbage".utf8))
        #expect(!cache.hasCurrentThumbnail(for: b, size: 128))
        #expect(!cache.hasCurrentThumbnail(for: photos.path + "/missing.jpg", size: 128))
    }

    @Test func keysBehindALongChunkAreStillFound() throws {
        let path = photo("gnome.jpg")
        let pixels = DecodedImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
        let png = PNGTextChunks.insert([
            ("Comment", String(repeating: "x", count: 3 * ThumbnailCache.headBytes)),
            ("Thumb::URI", FileURI.of(path: path)),
            ("Thumb::MTime", String(ThumbnailCache.modificationTime(of: path)!)),
        ], into: try PNGCodec.encode(pixels))
        try AtomicFile.makeDirectories(cache.root + "/normal", mode: 0o700)
        _ = TempDirectory.writeFile(cache.thumbnailPath(for: path, flavor: .normal), png)
        #expect(cache.hasCurrentThumbnail(for: path, size: 100))
        #expect(cache.load(for: path, size: 100) == pixels)
    }

    @Test func damagedPixelsBehindValidKeysAreRegeneratedWhenShown() throws {
        let path = photo("torn.jpg"), decoder = CountingDecoder()
        _ = cache.warm(for: path, cellPixels: 128, decoder: decoder)
        let thumb = cache.thumbnailPath(for: path, flavor: .normal)
        let png = try FileBytes.read(path: thumb, maxBytes: 1 << 20)
        _ = TempDirectory.writeFile(thumb, Array(png.prefix(png.count / 2)))
        #expect(cache.hasCurrentThumbnail(for: path, size: 128))  // the cheap check trusts the keys
        #expect(cache.load(for: path, size: 128) == nil)
        #expect(cache.thumbnail(for: path, cellPixels: 128, decoder: decoder).map(\.width) == .success(128))
        #expect(decoder.count == 2)
    }

    @Test func theCamerasThumbnailStandsInOnlyUntilTheCacheHoldsTheRealOne() throws {
        let small = JPEGFixture.solid(width: 160, height: 120, (250, 0, 0))
        let camera = photos.write("camera.jpg", ExifSegment.splice(ExifSegment.make(orientation: 6, thumbnail: small),
                                                                   into: JPEGFixture.solid(width: 640, height: 480, (0, 0, 250))))
        let stand = try #require(cache.placeholder(for: camera, cellPixels: 160))
        #expect(stand.width == 120 && stand.height == 160)  // turned like the photo
        #expect(isClose(stand.rgba(x: 60, y: 80), (250, 0, 0), tolerance: 30))
        _ = cache.warm(for: camera, cellPixels: 160)
        #expect(cache.placeholder(for: camera, cellPixels: 160) == nil)
        #expect(cache.placeholder(for: photo("plain.jpg"), cellPixels: 160) == nil)  // no EXIF thumbnail
    }
}
