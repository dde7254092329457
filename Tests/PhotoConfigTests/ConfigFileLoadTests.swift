import Foundation
import Testing
import PhotoConfig

@Suite struct ConfigFileLoadTests {
    private func loadError(_ path: String, required: Bool) -> ConfigError? {
        configError { () throws(ConfigError) in try ConfigFile.load(path: path, schema: programOptions, required: required) }
    }

    @Test func anUnknownKeyIsAnErrorNamingTheFileTheLineAndTheKey() throws {
        try withConfigFile("kiosk = true\n\ntextur-budget = 256\n") { path in
            let error = loadError(path, required: false)
            #expect(error?.description == "\(path):3: unknown key 'textur-budget'")
            #expect(error?.line == 3)
            #expect(error?.key == "textur-budget")
        }
    }

    @Test(arguments: [
        ("kiosk = 1", "'kiosk' must be true or false, not 1"),
        ("kiosk = \"yes\"", "'kiosk' must be true or false, not \"yes\""),
        ("idle = \"soon\"", "'idle' must be an integer, not \"soon\""),
        ("texture-budget = 2.5", "'texture-budget' must be an integer, not 2.5"),
        ("texture-budget = true", "'texture-budget' must be an integer, not true"),
        ("zoom-max = \"big\"", "'zoom-max' must be a number, not \"big\""),
        ("font = 12", "'font' must be a string, not 12"),
        ("fit = \"zoom\"", "'fit' must be one of \"fit\", \"fill\", not \"zoom\""),
        ("fit = false", "'fit' must be one of \"fit\", \"fill\", not false"),
        ("slideshow = \"often\"", "'slideshow' must be true, false or a number of seconds, not \"often\""),
        ("interval = 0", "'interval' must be true, false or a number of seconds from 0.1 to 86400.0, not 0"),
        ("rotate = 45", "'rotate' must be one of \"0\", \"90\", \"180\", \"270\", not 45"),
        ("disk-cache = -1", "'disk-cache' must be an integer of at least 0, not -1"),
        ("refresh = 0.1", "'refresh' must be a number from 0.5 to 600.0, not 0.1"),
        ("refresh = 601", "'refresh' must be a number from 0.5 to 600.0, not 601"),
    ])
    func aValueOfTheWrongKindIsAnErrorNamingTheFileTheLineAndTheKey(line: String, message: String) throws {
        try withConfigFile("# my settings\n\(line)\n") { path in
            let error = loadError(path, required: true)
            #expect(error?.description == "\(path):2: \(message)")
            #expect(error?.key == line.split(separator: " ").first.map(String.init))
        }
    }

    @Test func aDuplicateKeyIsAnErrorNamingTheSecondLine() throws {
        try withConfigFile("idle = 5\nkiosk = true\nidle = 7\n") { path in
            #expect(loadError(path, required: false)?.description == "\(path):3: duplicate key 'idle' (first set on line 1)")
        }
    }

    @Test func commentsAndBlankLinesAreSkippedAndLinesCountedThroughThem() throws {
        let text = """
            # sdlphoto settings

              # indented comment
            kiosk = true   # trailing comment
            \t
            font = "Sans # not a comment"
            """
        try withConfigFile(text) { path in
            let config = try ConfigFile.load(path: path, schema: programOptions, required: true)
            #expect(config.entries.map(\.key) == ["kiosk", "font"])
            #expect(config.entries.map(\.line) == [4, 6])
            #expect(config.entries.map(\.value) == [.boolean(true), .string("Sans # not a comment")])
        }
    }

    @Test func windowsLineEndingsCountLinesTheSameWay() throws {
        try withConfigFile("kiosk = true\r\n\r\nidle = \"x\"\r\n") { path in
            #expect(loadError(path, required: true)?.description == "\(path):3: 'idle' must be an integer, not \"x\"")
        }
    }

    @Test func aMissingFileAtTheDefaultPathIsAnEmptyConfig() throws {
        try withConfigFile(nil) { path in
            let config = try ConfigFile.load(path: path, schema: programOptions, required: false)
            #expect(config.entries.isEmpty)
            #expect(config.arguments(excluding: []).isEmpty)
        }
    }

    @Test func aMissingFileNamedByConfigIsAnErrorNamingIt() throws {
        try withConfigFile(nil) { path in
            let error = loadError(path, required: true)
            #expect(error?.description == "\(path): no such file")
            #expect(error?.line == nil)
        }
    }

    @Test func aFolderWhereTheFileShouldBeIsAnErrorEvenAtTheDefaultPath() throws {
        try withConfigFile(nil) { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(loadError(path, required: false)?.description == "\(path): is a folder, not a file")
        }
    }

    @Test func aFileThatIsNotUTF8IsAnError() throws {
        try withConfigFile(bytes: Data([0x6B, 0x3D, 0xFF, 0xFE])) { path in
            #expect(loadError(path, required: false)?.description == "\(path): is not UTF-8 text")
        }
    }
}
