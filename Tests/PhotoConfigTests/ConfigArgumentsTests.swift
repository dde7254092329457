import Testing
import PhotoConfig

@Suite struct ConfigArgumentsTests {
    private func arguments(of text: String, excluding given: Set<String> = []) throws -> [String] {
        var result: [String] = []
        try withConfigFile(text) { path in
            result = try ConfigFile.load(path: path, schema: programOptions, required: true).arguments(excluding: given)
        }
        return result
    }

    @Test func aValidFileBecomesArgumentsInFileOrder() throws {
        let text = """
            texture-budget = 256
            kiosk = true
            verbose = false
            zoom-max = 2.5
            font = "DejaVu Sans"
            fit = "fill"
            slideshow = 5
            """
        #expect(try arguments(of: text) == [
            "--texture-budget", "256", "--kiosk", "--zoom-max", "2.5",
            "--font", "DejaVu Sans", "--fit", "fill", "--slideshow=5",
        ])
    }

    @Test func optionsOnTheCommandLineAreDroppedFromTheConfigsArguments() throws {
        let text = "texture-budget = 256\nkiosk = true\nfit = \"fill\"\n"
        #expect(try arguments(of: text, excluding: ["texture-budget", "kiosk"]) == ["--fit", "fill"])
    }

    @Test func aChoiceOfNumbersMayBeWrittenAsANumber() throws {
        #expect(try arguments(of: "rotate = 90\n", excluding: []) == ["--rotate", "90"])
    }

    @Test(arguments: [
        ("slideshow = true", ["--slideshow"]),
        ("slideshow = false", []),
        ("slideshow = 2.5", ["--slideshow=2.5"]),
        ("slideshow = 10", ["--slideshow=10"]),
    ])
    func slideshowIsAFlagOrANumberOfSeconds(line: String, expected: [String]) throws {
        #expect(try arguments(of: line) == expected)
    }

    @Test func aWholeNumberForANumberOptionIsWrittenWithoutAFraction() throws {
        #expect(try arguments(of: "zoom-max = 5\n") == ["--zoom-max", "5"])
    }

    @Test func aValueThatBeginsWithADashIsJoinedToItsOption() throws {
        #expect(try arguments(of: "idle = -3\nfont = \"-x\"\n") == ["--idle=-3", "--font=-x"])
    }
}
