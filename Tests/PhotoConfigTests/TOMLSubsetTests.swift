import Testing
import PhotoConfig

@Suite struct TOMLSubsetTests {
    private func value(of line: String) throws -> ConfigValue? {
        let schema = ConfigSchema(["font": .string, "idle": .integer, "zoom-max": .number])
        return try ConfigFile.parse(line, path: "c.toml", schema: schema).entries.first?.value
    }

    @Test func basicStringsDecodeTOMLEscapes() throws {
        #expect(try value(of: #"font = "a\"b\\c\té\u00e9\U0001F600\n""#) == .string("a\"b\\c\té\u{e9}\u{1F600}\n"))
    }

    @Test func literalStringsKeepBackslashes() throws {
        #expect(try value(of: #"font = 'C:\fonts\x.ttf'"#) == .string(#"C:\fonts\x.ttf"#))
    }

    @Test(arguments: [
        ("idle = 1_000", ConfigValue.integer(1000)),
        ("idle = +7", .integer(7)),
        ("idle = -0", .integer(0)),
        ("zoom-max = 0.5", .float(0.5)),
        ("zoom-max = 1e2", .float(100)),
        ("zoom-max = -2.5E-1", .float(-0.25)),
    ])
    func numbersReadAsTOMLDefinesThem(line: String, expected: ConfigValue) throws {
        #expect(try value(of: line) == expected)
    }

    @Test(arguments: [
        ("[view]", "tables such as '[view]' are not supported; write every key at the top level"),
        ("[[photos]] # list", "arrays of tables such as '[[photos]]' are not supported; write every key at the top level"),
        ("font = [\"a\", \"b\"]", "'font': arrays are not supported; an option takes one value"),
        ("font = { name = \"a\" }", "'font': inline tables are not supported; write every key at the top level"),
        ("view.fit = \"fill\"", "'view': dotted keys are not supported; write every key at the top level"),
        ("\"font\" = \"a\"", "quoted keys are not supported; keys are option names"),
        ("font = \"\"\"a\"\"\"", "'font': multi-line strings are not supported"),
        ("font = Sans", "'font': Sans is not a TOML value (strings need quotes: \"Sans\")"),
        ("font = \"Sans\" bold", "'font': unexpected text after the value: 'bold'"),
        ("font = \"Sans", "'font': unterminated string; it needs a closing \" on the same line"),
        ("font = \"a\\qb\"", "'font': unknown escape '\\q' in a string"),
        ("font =", "'font': missing value after '='"),
        ("font \"a\"", "'font': expected '=' after the key"),
        ("idle = 007", "'idle': 007 is not a TOML value (strings need quotes: \"007\")"),
        ("idle = 1__0", "'idle': 1__0 is not a TOML value (strings need quotes: \"1__0\")"),
        ("idle = 0x1F", "'idle': 0x1F is not a TOML value (strings need quotes: \"0x1F\")"),
        ("zoom-max = inf", "'zoom-max': inf is not a TOML value (strings need quotes: \"inf\")"),
        ("idle = 99999999999999999999", "'idle': 99999999999999999999 is too large"),
        ("zoom-max = 1e999", "'zoom-max': 1e999 is too large"),
    ])
    func textOutsideTheSubsetIsAnErrorSayingWhat(line: String, message: String) {
        let schema = ConfigSchema(["font": .string, "idle": .integer, "zoom-max": .number])
        let error = configError { () throws(ConfigError) in try ConfigFile.parse("# x\n" + line, path: "c.toml", schema: schema) }
        #expect(error?.description == "c.toml:2: \(message)")
    }
}
