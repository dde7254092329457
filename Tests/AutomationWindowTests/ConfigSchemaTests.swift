import Foundation
import PhotoConfig
@testable import sdlphoto
import Testing
import WindowTestSupport

/// docs/behaviour.md §13: a config file's keys are the program's long options. The table the program checks a
/// config file against (`ConfigArguments.schema`) and the options its command line parses
/// (`SDLPhoto`, ArgumentParser) are two lists; this keeps them one set.
@Suite struct ConfigSchemaTests {
    /// Long options a config file may not set, each for a reason: `config` names the file
    /// itself; `screenshot`, `at` and `replay` make one run do one job and exit, which a setting
    /// would do to every run; `help` and `version` print and exit. Any other option added to the
    /// command must be added to the schema (or here, with its reason), and the other way round.
    static let commandLineOnly: Set<String> = ["config", "screenshot", "at", "replay", "help", "version"]

    /// The command's arguments as ArgumentParser describes them (what `--experimental-dump-help`
    /// prints): each with its names, long and short.
    static func argumentNames() throws -> [[(kind: String, name: String)]] {
        let json = try JSONSerialization.jsonObject(with: Data(SDLPhoto._dumpHelp().utf8)) as? [String: Any]
        let command = try #require(json?["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        return arguments.map { argument in
            ((argument["names"] as? [[String: Any]]) ?? []).compactMap { name in
                guard let kind = name["kind"] as? String, let text = name["name"] as? String else { return nil }
                return (kind, text)
            }
        }
    }

    @Test func theConfigSchemaHoldsEveryLongOptionButTheCommandLineOnlyOnesAndNothingElse() throws {
        let arguments = try Self.argumentNames()
        let options = Set(arguments.flatMap { $0.filter { $0.kind == "long" }.map(\.name) })
        let keys = Set(ConfigArguments.schema.options.keys)
        // Sanity: the command was read (it has options), and its long options include known ones.
        #expect(options.isSuperset(of: ["recursive", "size", "kiosk", "config"]), "long options: \(options.sorted())")

        #expect(keys.subtracting(options).isEmpty, "config keys that are no option: \(keys.subtracting(options).sorted())")
        #expect(options.subtracting(keys).subtracting(Self.commandLineOnly).isEmpty,
                "options a config file cannot set: \(options.subtracting(keys).subtracting(Self.commandLineOnly).sorted())")
        #expect(keys.isDisjoint(with: Self.commandLineOnly), "command-line-only options in the schema: \(keys.intersection(Self.commandLineOnly).sorted())")
        // The exceptions are real options, not names left over from ones since removed.
        #expect(Self.commandLineOnly.isSubset(of: options), "no such options: \(Self.commandLineOnly.subtracting(options).sorted())")
        #expect(keys.union(Self.commandLineOnly) == options)
    }

    @Test func theShortNamesTheConfigMergeKnowsAreTheCommandsShortNames() throws {
        // `ConfigArguments.given` reads short options (say `-r`) as their long names, so that
        // a setting given as `-r` on the command line is left out of the config file's.
        var command: [Character: String] = [:]
        for names in try Self.argumentNames() {
            guard let long = names.first(where: { $0.kind == "long" })?.name else { continue }
            for short in names where short.kind == "short" {
                if let letter = short.name.first, short.name.count == 1 { command[letter] = long }
            }
        }
        #expect(ConfigArguments.shortNames == command)
    }
}
