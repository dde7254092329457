import Foundation
import PhotoCore
@testable import PhotoShell
import Testing

/// The slideshow's place in its file: kept whole, taken up for the same photos, and for changed
/// photos only as far as they still hold it.
@Suite struct SlideshowResumeTests {
    let photos = (0..<6).map { "/photos/p\($0).jpg" }

    func mark(at position: Int) throws -> SlideMark {
        var show = Slideshow(count: 6, start: 0, interval: 1000, shuffle: true, seed: 11, now: 0)
        let images = FakeReady()
        for step in 0..<position { _ = show.advance(to: Double(step + 1) * 1000, images: images) }
        return try #require(show.mark)
    }

    struct FakeReady: ImageStates {
        func fullImageIsReady(_ index: Int) -> Bool { true }
        func fullImageFailed(_ index: Int) -> Bool { false }
        func isBroken(_ index: Int) -> Bool { false }
    }

    @Test func aPlaceKeptIsTakenUpOnceAtLaunchForTheSamePhotos() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let path = SlideshowResume.path(sources: ["photos"], directory: "/home/ann", environment: ["XDG_STATE_HOME": state.path])
        #expect(path.hasPrefix(state.path + "/sdlphoto/resume-"))
        #expect(path == SlideshowResume.path(sources: ["/home/ann/photos"], directory: "/", environment: ["XDG_STATE_HOME": state.path]),
                "the same folder named from elsewhere")
        #expect(path != SlideshowResume.path(sources: ["/home/ann/other"], directory: "/", environment: ["XDG_STATE_HOME": state.path]))
        #expect(path != SlideshowResume.path(sources: ["photos"], display: "1", directory: "/home/ann", environment: ["XDG_STATE_HOME": state.path]),
                "two frames on two outputs keep a place each")
        let mark = try mark(at: 3)
        let photo = photos[try #require(mark.photo)]
        let running = SlideshowResume(path: path, launching: false), photos = photos
        running.keep(photo: photo, mark: mark, photos: { photos })
        running.finish()
        var next = SlideshowResume(path: path, launching: true)
        let taken = next.takeLaunch(photos: photos)
        #expect(taken?.mark == mark && taken?.index == mark.photo)
        #expect(next.takeLaunch(photos: photos) == nil, "only the launch's slideshow")
        var notLaunching = SlideshowResume(path: path, launching: false)
        #expect(notLaunching.takeLaunch(photos: photos) == nil, "a slideshow started by hand starts where it was asked")
    }

    @Test func changedPhotosStartOnTheSavedOneWhereItStayedAndNowhereElse() throws {
        let mark = try mark(at: 2)
        let index = try #require(mark.photo)
        let saved = SlideshowResume.Saved(listing: SlideshowResume.listing(of: photos), photo: photos[index], mark: mark)
        var added = photos
        added.insert("/photos/new.jpg", at: 0)
        let moved = try #require(SlideshowResume.resumption(of: saved, photos: added))
        #expect(moved.mark == nil && added[moved.index] == photos[index], "a new shuffle, on the same photo")
        let gone = photos.filter { $0 != photos[index] }
        #expect(SlideshowResume.resumption(of: saved, photos: gone) == nil, "its photo left: from the start")
        let same = try #require(SlideshowResume.resumption(of: saved, photos: photos))
        #expect(same.mark == mark)
    }

    @Test func anUnreadableOrDamagedFileIsNoPlaceAndTheFileIsTheProgramsOwnAlone() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let path = SlideshowResume.path(sources: ["/p"], directory: "/", environment: ["XDG_STATE_HOME": state.path])
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"listing\": 3".utf8).write(to: URL(fileURLWithPath: path))
        var launch = SlideshowResume(path: path, launching: true)
        #expect(launch.takeLaunch(photos: photos) == nil)
        let photos = photos
        launch.keep(photo: photos[0], mark: nil, photos: { photos })
        launch.finish()
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "readable by its owner alone")
        #expect(SlideshowResume(path: path, launching: false).load()?.photo == photos[0], "written whole over the damaged one")
    }
}
