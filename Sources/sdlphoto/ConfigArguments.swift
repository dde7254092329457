import Foundation
import PhotoConfig
import PhotoCore
import PhotoSources

/// The config file of docs/behaviour.md §13: `$XDG_CONFIG_HOME/sdlphoto/config.toml` (or `--config PATH`) with the
/// long options' names as keys. Its settings go before the command line's, and any option also
/// given on the command line is left out of them: options win.
enum ConfigArguments {
    /// Every long option a config file may set, with the kind of value it takes. The command
    /// line's values are checked against the same table (`SDLPhoto.validate`).
    static let schema = ConfigSchema([
        "recursive": .flag, "sort": .choice(FolderOrder.allCases.map(\.rawValue)), "since": .string, "until": .string, "rating": .integerIn(0...5), "memories": .flagOrNumber(0...183), "size": .string,
        "fullscreen": .flag, "position": .string, "display": .string, "texture-budget": .integerIn(16...Int.max), "disk-cache": .integerIn(0...Int.max), "netrc": .string, "immich-key-file": .string, "ca-file": .string, "thumbnails-ahead": .integerIn(0...Int.max),
        "refresh": .numberIn(0...Double.infinity), "start": .integerIn(1...Int.max), "captions": .flag, "stats": .flag,
        "events": .string, "frame-ms": .numberIn(0.001...1000),
        "realtime": .flag, "verbose": .flag, "slideshow": .flagOrNumber(0.1...86_400),
        "transition": .choice(Slideshow.Transition.allCases.map(\.rawValue)), "shuffle": .flag, "loop": .flag, "pair": .choice(PairOption.allCases.map(\.rawValue)), "no-resume": .flag,
        "kiosk": .flag, "idle": .numberIn(1...Double.infinity), "audio": .flag, "video-max": .numberIn(1...86_400), "live-photos": .choice(["still", "play"]), "tap": .choice(["close", "controls"]), "reduce-motion": .flag, "allow-delete": .flag, "rotate": .choice(["0", "90", "180", "270"]),
        "caption": .string, "clock": .flagOrString, "overlay-file": .string, "fill": .choice(Slideshow.Fill.allCases.map(\.rawValue)),
        // The photo frame (docs/behaviour.md §15–16).
        "control": .string, "control-token": .string, "mqtt": .string, "mqtt-topic": .string,
        "sleep": .string, "wake": .string, "on-sleep": .string, "on-wake": .string, "keep-display-on": .flag,
    ])

    static let shortNames: [Character: String] = ["r": "recursive", "h": "help"]

    /// `arguments` with the config file's settings put in front. Throws `ConfigError` for a
    /// file that does not parse, an unknown key or a bad value (exit 2, naming file and line).
    static func merged(_ arguments: [String], environment: [String: String]) throws -> [String] {
        let (path, rest) = try configOption(in: arguments)
        let file = try ConfigFile.load(path: path ?? ConfigFile.defaultPath(environment: environment), schema: schema, required: path != nil)
        return file.arguments(excluding: given(rest)) + rest
    }

    /// The config file `arguments` read: `--config PATH`'s, else the default one.
    static func path(in arguments: [String], environment: [String: String]) -> String {
        ((try? configOption(in: arguments))?.path) ?? ConfigFile.defaultPath(environment: environment)
    }

    /// `--config PATH` (or `--config=PATH`) taken out of `arguments`: its path, and the rest.
    private static func configOption(in arguments: [String]) throws -> (path: String?, rest: [String]) {
        var rest = arguments
        guard let i = rest.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return (nil, rest) }
        if rest[i] == "--config" {
            guard i + 1 < rest.count else { throw ConfigError(path: "--config", line: nil, key: nil, message: "needs a path") }
            let path = rest[i + 1]
            rest.removeSubrange(i...(i + 1))
            return (path, rest)
        }
        let path = String(rest[i].dropFirst("--config=".count))
        rest.remove(at: i)
        return (path, rest)
    }

    /// Long option names on the command line, up to `--` (after it everything is a source).
    static func given(_ arguments: [String]) -> Set<String> {
        var names: Set<String> = []
        for argument in arguments {
            if argument == "--" { break }
            if argument.hasPrefix("--") {
                names.insert(String(argument.dropFirst(2).prefix { $0 != "=" }))
            } else if argument.hasPrefix("-"), argument.count > 1 {
                for c in argument.dropFirst() { if let name = shortNames[c] { names.insert(name) } }
            }
        }
        return names
    }
}
