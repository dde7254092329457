import PhotoCore
@testable import PhotoShell
import Testing

/// A clip's controls (docs/behaviour.md §19): shown by a tap, hidden 3 s after the last touch
/// while it plays, and their touches their own: a press on a button acts on release, a press or
/// drag on the track seeks as it goes.
@Suite struct VideoControlsTests {
    let viewport = Size(width: 800, height: 600)
    var layout: VideoControls.Layout { VideoControls.Layout(viewport) }

    func touch(_ phase: TouchPhase, _ p: Point, at time: Double, id: Int = 1) -> InputEvent {
        .touch(Touch(id: id, phase: phase, point: p, time: time))
    }

    @Test func hiddenTheyTakeNothing() {
        var controls = VideoControls()
        #expect(controls.take(touch(.began, layout.play, at: 0), viewport: viewport, at: 0, playing: true) == .passOn)
    }

    @Test func aButtonActsWhenTheFingerLifts() {
        var controls = VideoControls()
        controls.toggle(at: 0, playing: true)
        #expect(controls.take(touch(.began, layout.play, at: 100), viewport: viewport, at: 100, playing: true) == .swallow)
        #expect(controls.take(touch(.ended, layout.play, at: 150), viewport: viewport, at: 150, playing: true) == .act(.togglePlay))
        #expect(controls.take(touch(.began, layout.sound, at: 200), viewport: viewport, at: 200, playing: true) == .swallow)
        // Dragged off and cancelled: nothing.
        #expect(controls.take(touch(.cancelled, layout.sound, at: 250), viewport: viewport, at: 250, playing: true) == .swallow)
    }

    @Test func theTrackSeeksWhereTheFingerIsAndFollowsIt() {
        var controls = VideoControls()
        controls.toggle(at: 0, playing: true)
        let y = layout.track.y, quarter = layout.track.from + (layout.track.to - layout.track.from) / 4
        #expect(controls.take(touch(.began, Point(x: quarter, y: y), at: 10), viewport: viewport, at: 10, playing: true) == .act(.seek(0.25)))
        // The finger may leave the bar's height while it drags; past the end is the end.
        #expect(controls.take(touch(.moved, Point(x: layout.track.to + 100, y: y - 200), at: 20), viewport: viewport, at: 20, playing: true) == .act(.seek(1)))
        #expect(controls.take(touch(.ended, Point(x: layout.track.from - 50, y: y), at: 30), viewport: viewport, at: 30, playing: true) == .act(.seek(0)))
        // A touch elsewhere is the page's.
        #expect(controls.take(touch(.began, Point(x: 400, y: 300), at: 40, id: 2), viewport: viewport, at: 40, playing: true) == .passOn)
    }

    @Test func theyHideThreeSecondsAfterTheLastTouchWhilePlayingAndStayWhilePaused() {
        var controls = VideoControls()
        controls.toggle(at: 1000, playing: true)
        #expect(controls.isVisible(at: 3900, playing: true))
        #expect(controls.hidesAt(playing: true) == 4000)
        #expect(!controls.isVisible(at: 4001, playing: true))
        #expect(controls.isVisible(at: 9000, playing: false))
        // A tap while shown hides them.
        controls.toggle(at: 1500, playing: true)
        #expect(!controls.isVisible(at: 1600, playing: true))
    }
}
