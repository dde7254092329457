import PhotoCore
import Testing

@Suite struct CaptionFormatTests {
    @Test func aFormatReadsBackAsWritten() throws {
        for format in ["{caption}", "{name} · {date}", "Holidays: {place}, {ago}!", "plain", ""] {
            #expect(try CaptionFormat(format).format == format)
        }
    }

    @Test func fieldsAreFilledIn() throws {
        let format = try CaptionFormat("{caption} — {date} ({camera})")
        #expect(format.text([.caption: "Beach", .date: "14 July 2024", .camera: "Canon EOS R6"]) == "Beach — 14 July 2024 (Canon EOS R6)")
    }

    @Test func aFieldWithNothingToSayGoesWithWhatJoinsIt() throws {
        let format = try CaptionFormat("{caption} · {date} · {camera}")
        #expect(format.text([.date: "14 July 2024", .camera: "R6"]) == "14 July 2024 · R6")
        #expect(format.text([.caption: "Beach", .camera: "R6"]) == "Beach · R6")
        #expect(format.text([.caption: "Beach"]) == "Beach")
        #expect(try CaptionFormat("{name} ({date})").text([.name: "a.jpg"]) == "a.jpg")
    }

    @Test func nothingToSayIsNoCaption() throws {
        #expect(CaptionFormat.standard.text([.name: "a.jpg"]) == nil)
        #expect(CaptionFormat.standard.text([.caption: ""]) == nil)
        #expect(try CaptionFormat("Photo: {caption}").text([:]) == nil)
        #expect(try CaptionFormat("Our holiday").text([:]) == "Our holiday")
    }

    @Test func anUnknownFieldIsRefusedByName() {
        #expect(throws: CaptionFormat.Unknown(name: "weather")) { try CaptionFormat("{caption} {weather}") }
    }
}

@Suite struct CaptionDateTests {
    @Test(arguments: [("ja_JP.UTF-8", "2024年7月14日"), ("de_DE.UTF-8", "14. Juli 2024"), ("en_GB.UTF-8", "14 July 2024"), ("C.UTF-8", "July 14, 2024")])
    func theDateIsInTheLocalesWords(lang: String, expected: String) {
        let dates = CaptionDate(locale: CaptionDate.locale(environment: ["LANG": lang]))
        #expect(dates.text(year: 2024, month: 7, day: 14) == expected)
    }

    @Test func lcAllAndLcTimeComeBeforeLang() {
        #expect(CaptionDate.locale(environment: ["LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.UTF-8"]).identifier == "de_DE")
        #expect(CaptionDate.locale(environment: ["LC_ALL": "ja_JP", "LC_TIME": "de_DE.UTF-8"]).identifier == "ja_JP")
    }
}

@Suite struct BurnInTests {
    @Test func overlaysMoveAFewPointsEveryFewMinutesAndComeBack() {
        let burnIn = BurnIn()
        let offsets = (0..<8).map { burnIn.offset(atMs: Double($0) * BurnIn.periodMs + 1) }
        #expect(Set(offsets.map { "\($0.x),\($0.y)" }).count == 8)
        #expect(offsets.allSatisfy { ($0.x * $0.x + $0.y * $0.y).squareRoot() <= BurnIn.reach + 1 })
        #expect(burnIn.offset(atMs: 8 * BurnIn.periodMs + 1) == offsets[0])
        #expect(burnIn.offset(atMs: BurnIn.periodMs - 1) == offsets[0])
        #expect(burnIn.nextMoveMs(after: 1000) == BurnIn.periodMs)
    }
}
