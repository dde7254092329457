// swift-tools-version:6.0
import PackageDescription

/// libFuzzer targets for every parser that reads bytes from outside (issue 19), kept out of the
/// main package so its build is untouched. Build and run them with `scripts/fuzz` (from the root):
/// `swift build --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` (both flags: either alone
/// gives no coverage or no AddressSanitizer). Each target reaches the parsers' internals through
/// `@testable import`, which a debug build allows.
let targets = [
    "FuzzTIFFDirectory", "FuzzPNGChunks", "FuzzHeaderProbe", "FuzzDecode", "FuzzManifest",
    "FuzzTOML", "FuzzReplay", "FuzzCacheControl", "FuzzCacheEntry", "FuzzAnimation", "FuzzProgressiveJPEG",
]

let package = Package(
    name: "sdlphoto-fuzz",
    dependencies: [.package(name: "sdlphoto", path: "..")],
    targets: targets.map { name in
        .executableTarget(name: name, dependencies: [.product(name: "PhotoParsers", package: "sdlphoto")])
    }
)
