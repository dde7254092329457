import Foundation
@testable import PhotoSources
import Testing

/// A folder tree listed as the viewer lists it (docs/behaviour.md §1): photos by extension, hidden
/// names left out, symbolic links listed as files and never followed into, a folder that cannot be
/// read watched but empty, and each photo's stamp from the file it names.
@Suite struct FolderListingTests {
    /// A library's shape: photos in nested folders, with hidden and other files among them.
    func library() throws -> TempFolder {
        let folder = try TempFolder()
        for name in [
            "top.jpg", "notes.txt", "clip.mov", ".hidden.jpg", "README",
            "2023/05/IMG_0002.jpg", "2023/05/IMG_0010.JPG", "2023/05/.trash.jpg", "2023/06/pano.heic",
            "2023/06/deeper/still/old.png", "2024/a b.webp", ".thumbnails/cache.png", "empty/.keep",
        ] { try folder.write(name, name) }
        return folder
    }

    func paths(_ listing: SourceListing) -> [String] { listing.items.map(\.image.description) }

    @Test func recursiveListsEveryPhotoOfTheTreeInNaturalOrderWithItsStamp() throws {
        let folder = try library()
        let listing = FolderSource(path: folder.path, recursive: true, order: .name).list()
        // A clip is listed beside the photos (docs/behaviour.md §19); other files are not.
        let expected = ["2023/05/IMG_0002.jpg", "2023/05/IMG_0010.JPG", "2023/06/deeper/still/old.png", "2023/06/pano.heic", "2024/a b.webp", "clip.mov", "top.jpg"]
        #expect(paths(listing) == expected.map(folder.path))
        for item in listing.items {
            let size = try FileManager.default.attributesOfItem(atPath: item.image.description)[.size] as? Int
            #expect(item.stamp.map { Int($0.size) } == size)
        }
        let folders = ["2023", "2023/05", "2023/06", "2023/06/deeper", "2023/06/deeper/still", "2024", "empty"].map(folder.path)
        #expect(listing.folders.first == folder.path)
        #expect(Set(listing.folders) == Set([folder.path] + folders) && listing.folders.count == folders.count + 1)
    }

    @Test func withoutRecursiveOnlyTheFolderItselfIsListed() throws {
        let folder = try library()
        let listing = FolderSource(path: folder.path, recursive: false, order: .name).list()
        #expect(paths(listing) == [folder.path("clip.mov"), folder.path("top.jpg")])
        #expect(listing.folders == [folder.path])
    }

    @Test func symbolicLinksAreListedAsFilesAndNeverFollowedIntoAFolder() throws {
        let folder = try TempFolder(), elsewhere = try TempFolder()
        let photo = try elsewhere.write("photo.jpg", "twelve bytes")
        try elsewhere.write("album/inside.jpg")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.path("link.jpg"), withDestinationPath: photo)
        try fm.createSymbolicLink(atPath: folder.path("dangling.jpg"), withDestinationPath: elsewhere.path("gone.jpg"))
        try fm.createSymbolicLink(atPath: folder.path("album"), withDestinationPath: elsewhere.path("album"))
        try folder.write("own.jpg")
        for recursive in [false, true] {
            let listing = FolderSource(path: folder.path, recursive: recursive, order: .name).list()
            #expect(paths(listing) == ["dangling.jpg", "link.jpg", "own.jpg"].map(folder.path))
            #expect(listing.items.map { $0.stamp?.size } == [nil, 12, 1])
            #expect(listing.folders == [folder.path])
        }
    }

    @Test func aFolderThatCannotBeReadIsWatchedAndListsWhatCanBeRead() throws {
        let folder = try TempFolder()
        try folder.write("a.jpg")
        try folder.write("locked/b.jpg")
        let locked = folder.path("locked")
        chmod(locked, 0)
        defer { chmod(locked, 0o755) }
        // root reads it anyway; anyone else gets nothing from it.
        let readable = (try? FileManager.default.contentsOfDirectory(atPath: locked)) != nil
        let listing = FolderSource(path: folder.path, recursive: true, order: .name).list()
        #expect(paths(listing) == (readable ? ["a.jpg", "locked/b.jpg"] : ["a.jpg"]).map(folder.path))
        #expect(listing.folders == [folder.path, locked])
    }

    @Test func mtimeOrdersTheWholeTreeOldestFirstAndEqualTimesByName() throws {
        let folder = try TempFolder()
        let moments = ["z/new.jpg": 3000.0, "b/old.jpg": 1000, "b/img10.jpg": 2000, "a/img9.jpg": 2000, "b/img9.jpg": 2000, "top.jpg": 1500]
        for (name, seconds) in moments {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: folder.write(name))
        }
        let listing = FolderSource(path: folder.path, recursive: true, order: .mtime).list()
        #expect(paths(listing) == ["b/old.jpg", "top.jpg", "a/img9.jpg", "b/img9.jpg", "b/img10.jpg", "z/new.jpg"].map(folder.path))
    }

    @Test func aFolderGivenThroughALinkIsListedWithRecursiveToo() throws {
        let folder = try TempFolder(), elsewhere = try TempFolder()
        try elsewhere.write("b.jpg")
        try elsewhere.write("sub/a.jpg")
        let link = folder.path("library")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere.path)
        let listing = FolderSource(path: link, recursive: true, order: .name).list()
        #expect(paths(listing) == [link + "/b.jpg", link + "/sub/a.jpg"])
        #expect(listing.folders == [link, link + "/sub"])
    }

    @Test func aSubfolderWhosePathRepeatsTheFolderKeepsItsPath() throws {
        let folder = try TempFolder()
        let photo = try folder.write("x" + folder.path + "/c.jpg")
        #expect(paths(FolderSource(path: folder.path, recursive: true, order: .name).list()) == [photo])
    }

    @Test func aFolderNamedLikeAPhotoIsNoPhoto() throws {
        let folder = try TempFolder()
        try folder.write("trip.jpg/inside.jpg")
        try folder.write("a.jpg")
        #expect(paths(FolderSource(path: folder.path, recursive: false, order: .name).list()) == [folder.path("a.jpg")])
    }
}
