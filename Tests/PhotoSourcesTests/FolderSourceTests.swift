import Foundation
@testable import PhotoSources
import Testing

/// A folder given as a source lists its image files, by extension and in the order `--sort`
/// asks (docs/behaviour.md §1), and names the folders to watch.
@Suite struct FolderSourceTests {
    func names(_ listing: SourceListing) -> [String] { listing.items.map(\.image.name) }

    @Test func aFolderListsItsImagesInNaturalOrderAndLeavesOutHiddenAndOtherFiles() throws {
        let folder = try TempFolder()
        for name in ["img10.jpg", "img2.JPG", "b.png", ".hidden.jpg", "notes.txt", "sub/c.jpg"] { try folder.write(name) }
        let source = FolderSource(path: folder.path, recursive: false, order: .name)
        let listing = source.list()
        #expect(names(listing) == ["b.png", "img2.JPG", "img10.jpg"])
        #expect(listing.folders == [folder.path])
        #expect(listing.items.allSatisfy { $0.stamp != nil && $0.usesThumbnailCache })
        #expect(source.renewal == .watched)
    }

    @Test func recursiveListsSubfoldersButNotHiddenOnesAndWatchesEach() throws {
        let folder = try TempFolder()
        for name in ["a.jpg", "sub/b.jpg", ".cache/c.jpg"] { try folder.write(name) }
        let listing = FolderSource(path: folder.path, recursive: true, order: .name).list()
        #expect(names(listing) == ["a.jpg", "b.jpg"])
        #expect(listing.folders == [folder.path, folder.path("sub")])
    }

    @Test func mtimeListsTheOldestFirstAndEqualTimesByName() throws {
        let folder = try TempFolder()
        let moments = ["new.jpg": 3000.0, "old.jpg": 1000, "b.jpg": 2000, "a.jpg": 2000]
        for (name, seconds) in moments {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: folder.write(name))
        }
        #expect(names(FolderSource(path: folder.path, recursive: false, order: .mtime).list()) == ["old.jpg", "a.jpg", "b.jpg", "new.jpg"])
    }

    @Test func randomKeepsItsOrderWhenTheFolderChanges() throws {
        let folder = try TempFolder()
        for i in 0..<12 { try folder.write("p\(i).jpg") }
        let source = FolderSource(path: folder.path, recursive: false, order: .random)
        let before = names(source.list())
        try folder.write("new.jpg")
        #expect(names(source.list()).filter { $0 != "new.jpg" } == before)
    }

    @Test func aFolderThatWentListsNothingAndWatchesNothing() throws {
        let folder = try TempFolder()
        let gone = folder.path("gone")
        let listing = FolderSource(path: gone, recursive: false, order: .name).list()
        #expect(listing == SourceListing(items: []))
    }
}
