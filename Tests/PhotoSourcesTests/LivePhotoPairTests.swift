import Foundation
import Testing
@testable import PhotoSources

/// Apple's Live Photos in a folder (docs/behaviour.md §19): a still and a `.MOV` of one base name
/// are one item with the clip as its motion; a lone `.MOV` stays a clip.
@Suite struct LivePhotoPairTests {
    func items(_ names: [String]) -> [SourceItem] { names.map { SourceItem(image: .file("/photos/" + $0)) } }

    @Test func aStillAndItsMovAreOneItem() {
        let folded = LivePhotoPairs.fold(items(["IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0002.JPG", "IMG_0003.MOV", "IMG_0004.jpg", "img_0004.mov"]))
        #expect(folded.map(\.image.description) == ["/photos/IMG_0001.HEIC", "/photos/IMG_0002.JPG", "/photos/IMG_0003.MOV", "/photos/IMG_0004.jpg"])
        #expect(folded[0].motion == .file("/photos/IMG_0001.MOV"))
        #expect(folded[1].motion == nil)
        #expect(folded[2].motion == nil)
        #expect(folded[3].motion == .file("/photos/img_0004.mov"))
    }

    @Test func aWalkedFolderFoldsItsPairs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0002.MOV"] { try Data([1]).write(to: dir.appendingPathComponent(name)) }
        let walk = try #require(FolderWalk(path: dir.path, recursive: false))
        let names = walk.photos.map { ($0.image.description as NSString).lastPathComponent }.sorted()
        #expect(names == ["IMG_0001.HEIC", "IMG_0002.MOV"])
    }
}
