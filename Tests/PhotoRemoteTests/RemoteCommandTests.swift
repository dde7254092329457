import Testing
@testable import PhotoRemote

@Suite struct RemoteCommandTests {
    func parse(_ name: String, _ body: String = "", count: Int = 10) throws(RemoteCommand.Rejection) -> RemoteCommand {
        try RemoteCommand.parse(name: name, body: Array(body.utf8), count: count)
    }

    @Test func eachCommandNameIsItsCommandWithAnEmptyBodyOrAnEmptyObject() throws {
        #expect(try parse("next") == .next)
        #expect(try parse("previous", "{}") == .previous)
        #expect(try parse("play", " \n") == .play)
        #expect(try parse("pause") == .pause)
        #expect(try parse("sleep") == .sleep)
        #expect(try parse("wake", "{\"extra\": 1}") == .wake)
    }

    @Test func showTakesAnIndexInsideTheList() throws {
        #expect(try parse("show", "{\"index\": 0}") == .show(0))
        #expect(try parse("show", "{\"index\": 9}") == .show(9))
        #expect(throws: RemoteCommand.Rejection.self) { try parse("show", "{\"index\": 10}") }
        #expect(throws: RemoteCommand.Rejection.self) { try parse("show", "{\"index\": -1}") }
        #expect(throws: RemoteCommand.Rejection.self) { try parse("show", "{\"index\": 99999}") }
    }

    @Test func showRefusesAnIndexThatIsNoWholeNumber() {
        for body in ["{}", "{\"index\": 1.5}", "{\"index\": \"2\"}", "{\"index\": true}", "{\"index\": null}", "[1]"] {
            #expect(throws: RemoteCommand.Rejection.self, "\(body)") { try parse("show", body) }
        }
    }

    @Test func malformedJSONAndUnknownNamesAreRejected() {
        #expect(throws: RemoteCommand.Rejection.self) { try parse("next", "{\"oops\"") }
        #expect(throws: RemoteCommand.Rejection.self) { try parse("next", "[]") }
        #expect(throws: RemoteCommand.Rejection("unknown command: dance")) { try parse("dance") }
        #expect(throws: RemoteCommand.Rejection.self) { try parse("show", "{\"index\": 1}", count: 0) }
    }
}

@Suite struct FrameStatusTests {
    @Test func theStatusIsOneJSONObjectWithTheKeysInTheDocumentedOrder() {
        let status = FrameStatus(mode: .browsing, index: 3, count: 12, image: "/p/a \"b\".jpg", caption: "Line\nTab\t\u{1}é", playing: false)
        #expect(status.json == #"{"mode":"browsing","index":3,"count":12,"image":"/p/a \"b\".jpg","caption":"Line\nTab\t\u0001é","playing":false}"#)
    }
}
