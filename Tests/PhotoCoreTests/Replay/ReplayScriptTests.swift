import Testing
@testable import PhotoCore

@Suite struct ReplayScriptTests {
    @Test func theSpecExampleParses() throws {
        let text = """
        0     touch down 1 640 400        # finger id, x, y
        16    touch move 1 640 420
        300   touch up 1 640 700
        400   mouse down left 200 150     # also: mouse move X Y / mouse up left X Y
        450   mouse up left 200 150
        500   click 200 150               # down+up at once; doubleclick X Y likewise
        600   wheel 0 -3 640 400          # dx dy, at x y
        700   key Right                   # SDL key names: Right, Escape, Space, Q, F11 ...
        800   screenshot out/state.png    # PNG of the drawable at this moment
        900   quit
        """
        let s = try ReplayScript.parse(text)
        #expect(s.events.map(\.time) == [0, 16, 300, 400, 450, 500, 600, 700, 800, 900])
        #expect(s.events[0].kind == .touch(id: 1, phase: .began, point: Point(x: 640, y: 400)))
        #expect(s.events[2].kind == .touch(id: 1, phase: .ended, point: Point(x: 640, y: 700)))
        #expect(s.events[3].kind == .mouseDown(Point(x: 200, y: 150)))
        #expect(s.events[5].kind == .click(Point(x: 200, y: 150)))
        #expect(s.events[6].kind == .wheel(dx: 0, dy: -3, at: Point(x: 640, y: 400)))
        #expect(s.events[7].kind == .key("Right"))
        #expect(s.events[8].kind == .screenshot("out/state.png"))
        #expect(s.events[9].kind == .quit && s.endTime == 900)
        #expect(s.events[9].line == 10)
    }

    @Test func errorsNameTheirLine() {
        let bad = "0 touch down 1 10 10\n# fine\n\n20 touch wiggle 1 10 10\n"
        #expect(throws: ReplayScript.ParseError(line: 4, message: "unknown touch phase wiggle")) { try ReplayScript.parse(bad) }
        #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("x click 1 2") }
        #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("5 click 1") }
        #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("5 mouse down right 1 2") }
        #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("5 fly 1 2") }
        #expect(throws: ReplayScript.ParseError.self) { try ReplayScript.parse("5 quit now") }
    }

    // Found by Fuzz/FuzzReplay: Int(1e300) trapped and took the program down.
    @Test func aFingerIdBeyondAnyIntegerIsABadLineNotACrash() {
        #expect(throws: ReplayScript.ParseError(line: 2, message: "finger id is not an integer")) {
            try ReplayScript.parse("# all verbs all verbs\n0 touch down 11e300# al\n")
        }
        #expect(throws: ReplayScript.ParseError(line: 1, message: "finger id is not an integer")) {
            try ReplayScript.parse("0 touch down 9223372036854775808 1 1")
        }
    }

    @Test func withoutQuitTheScriptEndsTwoSecondsAfterItsLastEvent() throws {
        #expect(try ReplayScript.parse("100 key Right\n40 key Left").endTime == 2100)
        #expect(try ReplayScript.parse("100 key Right\n40 key Left").events.map(\.time) == [40, 100])
    }

    @Test func aWaitNamesAnEventAndItsFirstArguments() throws {
        let s = try ReplayScript.parse("0 key Right\n850 wait image_shown 3   # the photo is up\n900 quit")
        #expect(s.events[1].kind == .wait(event: ["image_shown", "3"]) && s.events[1].inputEvents.isEmpty)
        #expect(s.waitsOnEvents)
        #expect(try ReplayScript.parse("10 wait thumbs_done").events[0].kind == .wait(event: ["thumbs_done"]))
        #expect(try !ReplayScript.parse("0 key Right").waitsOnEvents)
        #expect(throws: ReplayScript.ParseError(line: 2, message: "missing event name")) { try ReplayScript.parse("0 key Right\n5 wait # what?") }
    }

    @Test func aDoubleClickIsTwoClicksAtOnce() throws {
        let e = try ReplayScript.parse("10 doubleclick 5 6").events[0]
        let p = Point(x: 5, y: 6)
        #expect(e.inputEvents == [.mouseDown(p, time: 10), .mouseUp(p, time: 10), .mouseDown(p, time: 10), .mouseUp(p, time: 10)])
    }
}
