import Foundation
import PhotoIndex
@testable import PhotoSources
import TestImages
import Testing

/// A folder by when its photos were taken, and only some of them (docs/behaviour.md §1:
/// `--sort date`, `--since`, `--until`, `--rating`), through the library index: dates and
/// ratings written by exiftool, as a phone or a photo manager writes them.
@Suite(.serialized) struct LibraryDatesTests {
    func exiftool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-q", "-overwrite_original"] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "exiftool \(arguments)")
    }

    /// p0 … p4, named against the order they were taken in; p4 has no date, only a file time.
    func library() throws -> TempFolder {
        let folder = try TempFolder()
        let taken = ["2021:03:01 10:00:00", "2019:07:14 18:05:31", "2020:12:24 20:00:00", "2019:01:01 00:00:01"]
        for i in 0..<5 {
            let path = folder.path("p\(i).jpg")
            try Data(JPEGFixture.make(width: 32, height: 24) { _, _ in (UInt8(i * 40), 80, 80) }).write(to: URL(fileURLWithPath: path))
            if i < 4 { try exiftool(["-DateTimeOriginal=\(taken[i])"] + (i == 2 ? ["-XMP-xmp:Rating=4"] : i == 1 ? ["-EXIF:Rating=2"] : []) + [path]) }
        }
        // p4's file time, in local time: 2020-06-01 12:00.
        var parts = tm(tm_sec: 0, tm_min: 0, tm_hour: 12, tm_mday: 1, tm_mon: 5, tm_year: 120, tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
        var times = [timespec(tv_sec: mktime(&parts), tv_nsec: 0), timespec(tv_sec: mktime(&parts), tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path("p4.jpg"), &times, 0) == 0)
        return folder
    }

    func names(_ folder: TempFolder, _ order: FolderOrder, _ selection: DateSelection = DateSelection(), index: CaptureIndex) -> [String] {
        FolderSource(path: folder.path, recursive: false, order: order, control: SelectionControl(selection, index: index)).list().items.map(\.image.name)
    }

    @Test func byDateTakenAPhotoWithNoDateTakingItsFileTime() throws {
        let folder = try library()
        let index = try CaptureIndex(path: folder.path("index.sqlite3"))
        #expect(names(folder, .date, index: index) == ["p3.jpg", "p1.jpg", "p4.jpg", "p2.jpg", "p0.jpg"])
        #expect(names(folder, .name, index: index) == ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"])
    }

    @Test func sinceAndUntilTakeWholeYearsMonthsAndDays() throws {
        let folder = try library()
        let index = try CaptureIndex(path: folder.path("index.sqlite3"))
        #expect(names(folder, .date, DateSelection(since: "2019-07", until: "2020"), index: index) == ["p1.jpg", "p4.jpg", "p2.jpg"])
        #expect(names(folder, .date, DateSelection(until: "2019-07-14"), index: index) == ["p3.jpg", "p1.jpg"])
        #expect(names(folder, .name, DateSelection(since: "2020-12-24"), index: index) == ["p0.jpg", "p2.jpg"])
        #expect(DateSelection.isDate("2019") && DateSelection.isDate("2019-07-14") && !DateSelection.isDate("2019-13") && !DateSelection.isDate("19-07"))
    }

    @Test func aRatingKeepsPhotosWithAtLeastThatManyStars() throws {
        let folder = try library()
        let index = try CaptureIndex(path: folder.path("index.sqlite3"))
        #expect(names(folder, .name, DateSelection(minimumRating: 2), index: index) == ["p1.jpg", "p2.jpg"])
        #expect(names(folder, .name, DateSelection(minimumRating: 3), index: index) == ["p2.jpg"])
    }

    /// A remote `select` lists the folder again with the new selection, its folder unchanged.
    @Test func aNewSelectionWhileRunningListsTheFolderAgain() throws {
        let folder = try library()
        let control = SelectionControl(DateSelection(), index: try CaptureIndex(path: folder.path("index.sqlite3")))
        let source = FolderSource(path: folder.path, recursive: false, order: .date, control: control)
        let content = LiveContent(sources: [(source, source.list())], selection: control)
        let woken = DispatchSemaphore(value: 0)
        content.start { woken.signal() }
        content.select(DateSelection(since: "2020"))
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(content.takeUpdate()?.map(\.image.name) == ["p4.jpg", "p2.jpg", "p0.jpg"])
        content.select(DateSelection())
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(content.takeUpdate()?.count == 5)
    }

    /// A library larger than a listing reads at once opens on the photos whose headers were
    /// read, in their final order, and grows as the rest are read in the background.
    @Test func aLargeNewLibraryShowsWhatIsKnownInItsFinalOrderAndGrows() throws {
        let folder = try library()
        let index = try CaptureIndex(path: folder.path("index.sqlite3"))
        let control = SelectionControl(DateSelection(), index: index, inlineReads: 2, fillSeconds: 0.05)
        let source = FolderSource(path: folder.path, recursive: false, order: .date, control: control)
        let first = source.list()
        #expect(first.items.count == 2 && first.staleAfter == 0.05)
        let final = ["p3.jpg", "p1.jpg", "p4.jpg", "p2.jpg", "p0.jpg"]
        #expect(namesAsTheListGrows(source, from: first, control: control, to: final) == final)
        #expect(index.headersRead == 5)
    }

    /// While a library's headers are read in the background its list is still growing, and
    /// says so (`loading` in the remote control's status), until the reading ends.
    @Test func aListStillBeingReadSaysItIsGrowingUntilTheReadingEnds() throws {
        let control = SelectionControl(DateSelection(), index: nil)
        let content = LiveContent(sources: [], selection: control)
        #expect(!content.isGrowing)
        let release = DispatchSemaphore(value: 0)
        control.fill("/photos") { release.wait() }
        #expect(content.isGrowing)
        release.signal()
        let deadline = Date().addingTimeInterval(10)
        while content.isGrowing, Date() < deadline { usleep(1000) }
        #expect(!content.isGrowing)
    }

    @Test func listedAgainTheFolderReadsNoHeader() throws {
        let folder = try library()
        _ = names(folder, .date, index: try CaptureIndex(path: folder.path("index.sqlite3")))
        let again = try CaptureIndex(path: folder.path("index.sqlite3"))
        #expect(names(folder, .date, index: again) == ["p3.jpg", "p1.jpg", "p4.jpg", "p2.jpg", "p0.jpg"])
        #expect(again.headersRead == 0)
    }
}
