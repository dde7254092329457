@testable import PhotoConfig

/// config.toml: the TOML subset's line scanner and numbers, then the schema checks and the
/// arguments a config adds, against a schema with every kind of option the program's has.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let file = try ConfigFile.parse(text, path: "config.toml", schema: schema)
        _ = file.arguments(excluding: ["size"])
    } catch {
        precondition(error.line.map { $0 >= 1 } ?? true)
        _ = error.description
    }
    return 0
}

private let schema = ConfigSchema([
    "kiosk": .flag, "size": .string, "position": .string, "count": .integer, "scale": .number,
    "sort": .choice(["name", "mtime", "random"]), "rotate": .choice(["0", "90", "180", "270"]),
    "texture-budget": .integerIn(16...Int.max), "disk-cache": .integerIn(0...Int.max),
    "refresh": .numberIn(0...Double.infinity), "frame-ms": .numberIn(0.001...1000),
    "slideshow": .flagOrNumber(0.1...86_400),
])
