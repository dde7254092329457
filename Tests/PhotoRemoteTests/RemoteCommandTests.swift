import Testing
@testable import PhotoRemote

@Suite struct RemoteCommandTests {
    func parse(_ name: String, _ body: String = "", count: Int = 10) throws(RemoteCommand.Rejection) -> RemoteCommand {
        try RemoteCommand.parse(name: name, body: Array(body.utf8), count: count)
    }

    /// An MQTT command's payload.
    func mqtt(_ text: String) throws(RemoteCommand.Rejection) -> RemoteCommand { try RemoteCommand.parse(payload: Array(text.utf8), count: 10) }

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

    /// A phone picks "memories" or "2019" on the frame without a restart (docs/behaviour.md §15).
    /// An Immich library's albums, people, tags and favourites, chosen live: a name or a list of
    /// names over HTTP; over MQTT a name is the words up to the next word `select` knows.
    @Test func selectTakesAnImmichLibrarysAlbumsPeopleTagsAndFavourites() throws {
        var summer = RemoteSelection(rating: 4)
        (summer.albums, summer.people, summer.favorites) = (["Summer 2024"], ["Ada", "Bob"], true)
        #expect(try parse("select", #"{"album": "Summer 2024", "person": ["Ada", "Bob"], "favorites": true, "rating": 4}"#) == .select(summer))
        #expect(try mqtt("select album Summer 2024 person Ada person Bob favorites rating 4") == .select(summer))
        var tagged = RemoteSelection()
        tagged.tags = ["Holidays/Alps"]
        #expect(try mqtt("select tag Holidays/Alps") == .select(tagged))
        #expect(try parse("select", #"{"tag": ["Holidays/Alps"]}"#) == .select(tagged))
    }

    @Test func selectTakesDatesARatingOrMemoriesOverHTTPAndMQTT() throws {
        #expect(try parse("select", #"{"since": "2019", "until": "2019-12-31"}"#) == .select(RemoteSelection(since: "2019", until: "2019-12-31")))
        #expect(try parse("select", #"{"memories": 2, "rating": 4}"#) == .select(RemoteSelection(rating: 4, memories: 2)))
        #expect(try parse("select", "{}") == .select(RemoteSelection()))
        #expect(try parse("select") == .select(RemoteSelection()))
        #expect(try mqtt("select memories") == .select(RemoteSelection(memories: 0)))
        #expect(try mqtt("select memories 3 rating 2") == .select(RemoteSelection(rating: 2, memories: 3)))
        #expect(try mqtt(" select since 2019-07 until 2020 ") == .select(RemoteSelection(since: "2019-07", until: "2020")))
        #expect(try mqtt("select all") == .select(RemoteSelection()))
        for bad in [#"{"since": "July"}"#, #"{"rating": 9}"#, #"{"until": 2019}"#, #"{"memories": -1}"#, #"{"since": "+123"}"#, #"{"until": "2019-+1"}"#,
                    #"{"album": ""}"#, #"{"person": 3}"#, #"{"favorites": "yes"}"#] {
            #expect(throws: RemoteCommand.Rejection.self, "\(bad)") { try parse("select", bad) }
        }
        for bad in ["select since", "select rating four", "select yesterday", "select until 2019-13", "select album", "select album rating 4"] {
            #expect(throws: RemoteCommand.Rejection.self, "\(bad)") { try mqtt(bad) }
        }
    }

    /// Weather, a calendar line or a note pushed to the frame (docs/behaviour.md §15).
    @Test func aMessageIsOneLineForSomeSecondsOverHTTPAndMQTT() throws {
        #expect(try parse("message", #"{"text": "Dinner at 7", "seconds": 90}"#) == .message("Dinner at 7", seconds: 90))
        #expect(try parse("message", #"{"text": "晚饭 7 点\n  好了"}"#) == .message("晚饭 7 点 好了", seconds: RemoteCommand.messageSeconds))
        #expect(try parse("message", #"{"text": ""}"#) == .message("", seconds: RemoteCommand.messageSeconds))
        #expect(try mqtt("message Dinner at 7 60") == .message("Dinner at 7", seconds: 60))
        #expect(try mqtt("message Dinner at 7") == .message("Dinner at", seconds: 7))
        #expect(try mqtt("message 42") == .message("42", seconds: RemoteCommand.messageSeconds))
        // A last word that is no whole number of seconds the frame takes stays in the text.
        #expect(try mqtt("message Temperature -3") == .message("Temperature -3", seconds: RemoteCommand.messageSeconds))
        #expect(try mqtt("message Call 5551234567") == .message("Call 5551234567", seconds: RemoteCommand.messageSeconds))
        #expect(try mqtt("message Not nan") == .message("Not nan", seconds: RemoteCommand.messageSeconds))
        #expect(try mqtt("message " + String(repeating: "ü", count: 200)) == .message(String(repeating: "ü", count: 200), seconds: RemoteCommand.messageSeconds))
        for bad in [#"{"seconds": 5}"#, #"{"text": "x", "seconds": 0}"#, #"{"text": "x", "seconds": 90000}"#, #"{"text": 7}"#,
                    "{\"text\": \"\(String(repeating: "a", count: 281))\"}"] {
            #expect(throws: RemoteCommand.Rejection.self, "\(bad)") { try parse("message", bad) }
        }
        #expect(throws: RemoteCommand.Rejection.self) { try mqtt("message " + String(repeating: "a", count: 2100)) }
        #expect(throws: RemoteCommand.Rejection.self) { try mqtt("next " + String(repeating: "a", count: 100)) }
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
        #expect(status.json == #"{"mode":"browsing","index":3,"count":12,"image":"/p/a \"b\".jpg","caption":"Line\nTab\t\u0001é","playing":false,"loading":false}"#)
    }

    @Test func theSettingsInForceGoLastNamedByTheirConfigKeys() {
        var status = FrameStatus(mode: .slideshow, index: 0, count: 2, image: "/p/a.jpg", caption: "", playing: true)
        status.settings = FrameStatus.Settings(slideshow: 7.5, transition: "slide", shuffle: true, loop: false, pair: "portraits", caption: "{name} \"x\"", captions: false,
                                               clock: nil, fill: "blur", sleep: "22:30", wake: "07:00")
        #expect(status.json.hasSuffix(#""playing":true,"loading":false,"settings":{"slideshow":7.5,"transition":"slide","shuffle":true,"loop":false,"pair":"portraits","caption":"{name} \"x\"","#
            + #""captions":false,"clock":null,"fill":"blur","sleep":"22:30","wake":"07:00"}}"#), "\(status.json)")
        status.settings?.slideshow = 8
        #expect(status.json.contains(#""slideshow":8,"#), "whole seconds without a fraction")
    }
}
