import Foundation
import PhotoCore
import PhotoPipeline

/// How a photo is presented beyond its pixels (docs/behaviour.md §6 and §9): its caption, a
/// clock, what fills the screen around it in the slideshow, and, in kiosk mode, overlays that
/// shift a little every few minutes so no pixel shows the same thing for months.
package struct Presentation {
    var caption = CaptionFormat.standard
    /// `--captions`: every photo has a caption, its file name where the format gives nothing.
    var namesWhenEmpty = false
    /// strftime format of `--clock`; nil for no clock.
    var clock: String?
    var fill = Slideshow.Fill.black
    var drifts = false

    package static let defaultClock = "%H:%M"

    /// The caption of an item with `caption` (the source's), file `name` and EXIF `facts`.
    func caption(caption: String?, name: String, facts: ImageFacts?) -> String? {
        var values: [CaptionFormat.Field: String] = [.name: name]
        values[.caption] = caption
        values[.date] = facts?.taken.map(Self.dateText)
        values[.ago] = facts?.taken.flatMap { CalendarDay(year: $0.year, month: $0.month, day: $0.day)?.yearsAgo(today: LocalDate.now().day) }
            .map(Self.dates.yearsAgo)
        values[.camera] = facts?.camera
        values[.place] = facts?.place
        values[.people] = facts?.people?.joined(separator: ", ")
        return self.caption.text(values) ?? (namesWhenEmpty ? name : nil)
    }

    /// When it was taken, in the locale's words ("14 July 2024", "2024年7月14日").
    package static func dateText(_ taken: ImageFacts.TakenAt) -> String {
        dates.text(year: taken.year, month: taken.month, day: taken.day)
    }

    private static let dates = CaptionDate(locale: CaptionDate.locale())

    /// Where overlays are offset at `nowMs` (none unless `drifts`).
    func drift(atMs nowMs: Double) -> Point { drifts ? BurnIn().offset(atMs: nowMs) : .zero }

    /// The next moment the drift moves, after `nowMs`; nil unless `drifts`.
    func nextDriftMs(after nowMs: Double) -> Double? { drifts ? BurnIn().nextMoveMs(after: nowMs) : nil }

    package init(caption: CaptionFormat = .standard, namesWhenEmpty: Bool = false, clock: String? = nil, fill: Slideshow.Fill = .black, drifts: Bool = false) {
        (self.caption, self.namesWhenEmpty, self.clock, self.fill, self.drifts) = (caption, namesWhenEmpty, clock, fill, drifts)
    }
}
