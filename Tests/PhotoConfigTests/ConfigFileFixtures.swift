import Foundation
import PhotoConfig

/// Runs `body` with the path of a real config.toml, in a folder of its own under the system's
/// temporary folder (so tests may run in parallel), and removes the folder afterwards.
/// `bytes` nil leaves the file absent.
func withConfigFile(bytes: Data?, _ body: (_ path: String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PhotoConfigTests-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config.toml"
    if let bytes { try bytes.write(to: URL(fileURLWithPath: path)) }
    try body(path)
}

/// ``withConfigFile(bytes:_:)`` with UTF-8 text.
func withConfigFile(_ text: String?, _ body: (_ path: String) throws -> Void) throws {
    try withConfigFile(bytes: text.map { Data($0.utf8) }, body)
}

/// Options shaped like the program's own: one of each kind.
let programOptions = ConfigSchema([
    "texture-budget": .integer,
    "idle": .integer,
    "kiosk": .flag,
    "verbose": .flag,
    "zoom-max": .number,
    "font": .string,
    "fit": .choice(["fit", "fill"]),
    "slideshow": .flagOrNumber(-.infinity ... .infinity),
    "interval": .flagOrNumber(0.1...86_400),
    "rotate": .choice(["0", "90", "180", "270"]),
    "disk-cache": .integerIn(0...Int.max),
    "refresh": .numberIn(0.5...600),
])

/// The error `body` throws, or nil when it throws none.
func configError(_ body: () throws(ConfigError) -> ConfigFile) -> ConfigError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
