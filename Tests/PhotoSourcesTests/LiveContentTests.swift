import Foundation
import PhotoLoading
@testable import PhotoSources
import Testing

/// Live content (docs/behaviour.md §11) with sources whose listings the tests decide: each
/// source is kept current by its renewal alone, and the main loop is woken once a new list waits.
/// The tests wait on the wake, never on the clock.
@Suite struct LiveContentTests {
    /// Back-off short enough for a test; the rules are RetryBackoff's own.
    let quick = RetryBackoff(firstDelay: 0.02, maximumDelay: 0.1)

    /// Starts `content` and returns a semaphore signalled on each wake.
    func started(_ content: LiveContent) -> DispatchSemaphore {
        let woken = DispatchSemaphore(value: 0)
        content.start { woken.signal() }
        return woken
    }

    func woke(_ woken: DispatchSemaphore) -> Bool { woken.wait(timeout: .now() + 10) == .success }

    /// Makes a change in a watched folder until the content wakes: the watcher starts on the
    /// content's queue, and a change made before it watches goes unseen.
    func change(_ write: () throws -> Void, until woken: DispatchSemaphore) throws -> Bool {
        for _ in 0..<10 {
            try write()
            if woken.wait(timeout: .now() + 1) == .success { return true }
        }
        return false
    }

    @Test func aRefreshedSourcesNewListingIsPublishedAfterTheOthersInOrder() throws {
        let fixed = FakeSource(.never) { _ in photos("x") }
        let refreshed = FakeSource(.refreshed(every: 0.01)) { _ in photos("a", "b") }
        let content = LiveContent(sources: [(fixed, photos("x")), (refreshed, photos("a"))], backoff: quick)
        let woken = started(content)
        try #require(woke(woken))
        #expect(content.takeUpdate() == photos("x", "a", "b").items)
        #expect(content.takeUpdate() == nil)
        #expect(fixed.calls == 0)
    }

    /// Memories change at midnight: a listing that says when it goes stale is listed again then,
    /// though its folder never changed.
    @Test func aListingThatGoesStaleIsListedAgainThen() throws {
        let watched = FakeSource(.watched) { call in
            var listing = call == 0 ? photos("today") : photos("tomorrow")
            listing.staleAfter = call == 0 ? 0.05 : nil
            return listing
        }
        let first = try watched.list()
        let content = LiveContent(sources: [(watched, first)], backoff: quick)
        let woken = started(content)
        try #require(woke(woken))
        #expect(content.takeUpdate() == photos("tomorrow").items)
        #expect(watched.calls == 2)
    }

    @Test func aSourceThatFailsKeepsItsLastListingAndIsTriedAgain() throws {
        let flaky = FakeSource(.refreshed(every: 0.01)) { call in
            if call < 2 { throw FakeSource.Failed() }
            return photos("a", "b")
        }
        let content = LiveContent(sources: [(flaky, photos("a"))], backoff: quick)
        let woken = started(content)
        try #require(woke(woken))
        // Had a failure published anything, this first list would not be the third call's.
        #expect(content.takeUpdate() == photos("a", "b").items)
        #expect(flaky.calls >= 3)
    }

    @Test func aSourceNotReachableAtStartIsWaitedForAndShowsWhenItLists() throws {
        let late = FakeSource(.refreshed(every: 0)) { call in
            if call == 0 { throw FakeSource.Failed() }
            return photos("a")
        }
        let content = LiveContent(sources: [(late, nil)], backoff: quick)
        let woken = started(content)
        try #require(woke(woken))
        #expect(content.takeUpdate() == photos("a").items)
        #expect(late.calls == 2)
    }

    @Test func aWatchedSourceIsListedAgainWhenItsFolderChanges() throws {
        let folder = try TempFolder()
        let watched = FakeSource(.watched) { _ in Self.listing(of: folder) }
        let content = LiveContent(sources: [(watched, Self.listing(of: folder))], backoff: quick)
        let woken = started(content)
        let path = folder.path("new.jpg")
        try #require(try change({ try folder.write("new.jpg") }, until: woken))
        #expect(content.takeUpdate()?.map(\.image) == [.file(path)])
    }

    @Test func aWatchedSourceThatFailsKeepsItsLastListingWhileOthersChange() throws {
        let folder = try TempFolder()
        let broken = FakeSource(.watched) { _ in throw FakeSource.Failed() }
        let watched = FakeSource(.watched) { _ in Self.listing(of: folder) }
        let content = LiveContent(sources: [(broken, photos("a")), (watched, Self.listing(of: folder))], backoff: quick)
        let woken = started(content)
        let path = folder.path("new.jpg")
        try #require(try change({ try folder.write("new.jpg") }, until: woken))
        #expect(content.takeUpdate()?.map(\.image) == photos("a").items.map(\.image) + [.file(path)])
        #expect(broken.calls >= 1)
    }

    @Test func theProgramsOwnFilesAreNeverListed() throws {
        let folder = try TempFolder()
        let watched = FakeSource(.watched) { _ in Self.listing(of: folder) }
        let content = LiveContent(sources: [(watched, Self.listing(of: folder))], excluded: ExcludedFiles([folder.path("./shot.png")]), backoff: quick)
        let woken = started(content)
        let path = folder.path("new.jpg")
        try #require(try change({
            try folder.write("shot.png")
            try folder.write("new.jpg")
        }, until: woken))
        #expect(content.takeUpdate()?.map(\.image) == [.file(path)])
    }

    /// The folder's files by name, and the folder to watch.
    static func listing(of folder: TempFolder) -> SourceListing {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return SourceListing(items: names.map { SourceItem(image: .file(folder.path($0))) }, folders: [folder.path])
    }
}
