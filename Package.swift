// swift-tools-version:6.0
import PackageDescription

/// C libraries at the edge, each a thin system-library module (pkg-config name, Debian provider).
func system(_ name: String, _ pkg: String, _ apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/C/\(name)", pkgConfig: pkg, providers: [.apt([apt])])
}

// Every target compiles in Swift 6 language mode (the tools version's): data races are checked
// everywhere, the C wrappers and the threads included.

let package = Package(
    name: "sdlphoto",
    products: [
        .executable(name: "sdlphoto", targets: ["sdlphoto"]),
        // For Fuzz/, the libFuzzer package, which can reach another package's targets only as products.
        .library(name: "PhotoParsers", targets: ["PhotoCore", "PhotoPipeline", "PhotoNetwork", "PhotoConfig"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // For the network tests' HTTPS server only (TLS, HTTP/2); the program does not link them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
    ],
    targets: [
        // SDL's pkg-config files add -D_REENTRANT, a flag SwiftPM refuses with a warning (and glibc
        // ignores); the headers need no search path: they include each other by quoted name.
        .systemLibrary(name: "CSDL2", path: "Sources/C/CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", path: "Sources/C/CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", path: "Sources/C/CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        system("CCurl", "libcurl", "libcurl4-openssl-dev"),
        system("CTurboJPEG", "libturbojpeg", "libturbojpeg0-dev"),
        system("CExif", "libexif", "libexif-dev"),
        system("CGLES3", "glesv2", "libgles-dev"),
        system("CFontconfig", "fontconfig", "libfontconfig-dev"),
        system("CPNG", "libpng16", "libpng-dev"),
        .systemLibrary(name: "CMalloc", path: "Sources/C/CMalloc"),
        // Bidi levels (FriBidi) and scripts (HarfBuzz) for text in any script; SDL_ttf shapes.
        .target(name: "CText", path: "Sources/C/CText", linkerSettings: [.linkedLibrary("fribidi"), .linkedLibrary("harfbuzz")]),
        // A launch's first picture put straight into its X11 window, scaled by the X server (XRender).
        .target(name: "CEarlyPicture", path: "Sources/C/CEarlyPicture", linkerSettings: [.linkedLibrary("SDL2"), .linkedLibrary("X11"), .linkedLibrary("Xrender")]),
        // The window's X11 or Wayland display, for libmpv's hardware decoding interop.
        .target(name: "CNativeDisplay", path: "Sources/C/CNativeDisplay", linkerSettings: [.linkedLibrary("SDL2")]),
        // The display turned off while the frame sleeps: wlroots' output power protocol, with
        // libwayland-client opened when first asked.
        .target(name: "COutputPower", path: "Sources/C/COutputPower"),
        // A progressive JPEG scan by scan as its bytes arrive: libjpeg's buffered-image mode, which
        // the TurboJPEG API does not offer.
        .target(name: "CJPEGStream", path: "Sources/C/CJPEGStream", linkerSettings: [.linkedLibrary("jpeg")]),
        // PNG written with libpng's classic API, whose filter and zlib settings the simplified
        // API does not offer (its errors longjmp, so the calls stay in C).
        .target(name: "CPNGWrite", dependencies: ["CPNG", "CZlib"], path: "Sources/C/CPNGWrite"),
        // PNG read with the classic API too: raw samples (colour converted by Little CMS, as for
        // every format) and libpng's messages kept for the file's one line, never printed.
        .target(name: "CPNGRead", dependencies: ["CPNG"], path: "Sources/C/CPNGRead"),
        // TIFF through libtiff with handlers of its own per file (libtiff 4.5), so that nothing it
        // says is printed, and its strips checked against the file before a pixel is allocated.
        .target(name: "CTIFFRead", path: "Sources/C/CTIFFRead", linkerSettings: [.linkedLibrary("tiff")]),
        system("CZlib", "zlib", "zlib1g-dev"),
        system("CSQLite", "sqlite3", "libsqlite3-dev"),
        // libheif and libjxl: headers only here; CLazyLibraries opens each on its first call, so
        // a launch does not load them and their codecs (docs/behaviour.md §12, Start).
        .systemLibrary(name: "CHeif", path: "Sources/C/CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CJXL", path: "Sources/C/CJXL", providers: [.apt(["libjxl-dev"])]),
        // libmpv, ffmpegthumbnailer and libavformat for video (docs/behaviour.md §19): headers
        // only, opened on first use like libheif, so a launch on photos loads no video codec.
        .systemLibrary(name: "CVideo", path: "Sources/C/CVideo", providers: [.apt(["libmpv-dev", "libffmpegthumbnailer-dev", "libavformat-dev"])]),
        .target(name: "CLazyLibraries", path: "Sources/C/CLazyLibraries"),
        system("CLCMS2", "lcms2", "liblcms2-dev"),
        // Animations, streamed a frame at a time: giflib (no pkg-config file) and libwebp's demux.
        .systemLibrary(name: "CGif", path: "Sources/C/CGif", providers: [.apt(["libgif-dev"])]),
        system("CWebPDemux", "libwebpdemux", "libwebp-dev"),
        system("CMosquitto", "libmosquitto", "libmosquitto-dev"),

        // The pure heart: geometry, motion, gestures, models, scene. Imports no C module.
        .target(name: "PhotoCore"),
        .testTarget(name: "PhotoCoreTests", dependencies: ["PhotoCore", "TestImages"]),

        // Remote control's vocabulary and meeting point (docs/behaviour.md §15-16): commands, the
        // frame's status, MQTT topics, Home Assistant discovery, and the board where the control
        // server, the MQTT client and the main loop meet. Neither the core nor a server owns it.
        .target(name: "PhotoRemote"),
        .testTarget(name: "PhotoRemoteTests", dependencies: ["PhotoRemote"]),

        // Where every item's images stand and the rules that move them (docs/loading.md). Pure Swift.
        .target(name: "PhotoLoading", dependencies: ["PhotoCore"]),
        .testTarget(name: "PhotoLoadingTests", dependencies: ["PhotoLoading", "PhotoCore"]),

        // GPU drawing of display lists; shaders/ is embedded at build time.
        .target(
            name: "PhotoRender",
            dependencies: ["PhotoCore", "CGLES3"],
            plugins: ["EmbedShaders"]),
        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),

        // SDL window, GL context, input, fonts: everything that talks to the desktop.
        .target(
            name: "PhotoPlatform",
            dependencies: ["PhotoCore", "CSDL2", "CSDL2TTF", "CFontconfig", "CText", "CEarlyPicture", "CNativeDisplay", "COutputPower"]),

        // Video clips played by libmpv into a framebuffer of the renderer's (docs/behaviour.md §19).
        .target(name: "PhotoVideo", dependencies: ["CVideo", "CLazyLibraries", "PhotoLog"]),

        // The one logging path (swift-log): problems said once, and the program's stderr lines.
        .target(name: "PhotoLog", dependencies: [.product(name: "Logging", package: "swift-log")]),

        // Files on disk, pure Swift: writes a crash never leaves half of (both caches), the FNV-1a
        // checksum (the disk cache, the gallery server's ETags), and which file names are images
        // (a folder's listing, the gallery server).
        .target(name: "PhotoStorage"),

        // Files to pixels: decoders (libjpeg-turbo, libheif for HEIC and AVIF, libjxl, libpng, libtiff, SDL2_image),
        // EXIF orientation, colour profiles to sRGB (Little CMS), thumbnail cache, and the one PNG
        // encoder (thumbnails and screenshots). Pixels are PhotoCore's `DecodedImage`, which the
        // renderer uploads as they are.
        .target(
            name: "PhotoPipeline",
            dependencies: ["PhotoCore", "CSDL2", "CSDL2Image", "CTurboJPEG", "CJPEGStream", "CExif", "CPNG", "CPNGWrite", "CPNGRead", "CTIFFRead", "CZlib", "CHeif", "CJXL", "CVideo", "CLazyLibraries", "CLCMS2", "CGif", "CWebPDemux", "PhotoStorage", "PhotoLog"]
        ),
        .testTarget(
            name: "PhotoPipelineTests",
            dependencies: ["PhotoPipeline", "PhotoCore", "PhotoStorage", "CTurboJPEG", "CPNG", "CZlib", "CHeif", "CLCMS2", "TestImages"],
            // The HEIF fixtures are encoded with libheif's own encoder, which the program never calls.
            linkerSettings: [.linkedLibrary("heif")]
        ),

        // bench/phone-formats' timer: ImageDecoder on each format, whole, page-sized and thumbnail-sized.
        .executableTarget(name: "decode-bench", dependencies: ["PhotoPipeline", "PhotoCore"], path: "Sources/DecodeBench"),
        // bench/library's timer: a folder tree listed as the program lists it at start.
        .executableTarget(name: "listing-bench", dependencies: ["PhotoSources", "PhotoIndex", "PhotoNetwork"], path: "Sources/ListingBench"),

        // The demo gallery that a run with no arguments shows, and the offline place names.
        .target(name: "DemoGallery", path: "Resources", exclude: ["demo/LICENSE.md", "kiosk", "places/LICENSE.md"], sources: ["DemoGallery.swift", "InstalledResource.swift", "PlaceData.swift"],
                resources: [.copy("demo"), .copy("places")]),

        // Network: libcurl transfers, the disk cache, manifests, the loopback gallery server.
        // A C shim for libcurl's variadic calls (curl_easy_setopt and friends cannot be called from Swift).
        .target(name: "CCurlShim", dependencies: ["CCurl"], path: "Sources/C/CCurlShim"),
        // Transfers on one libcurl multi handle, the disk cache, manifest parsing. Imports no UI module.
        .target(
            name: "PhotoNetwork",
            dependencies: ["CCurl", "CCurlShim", "PhotoStorage", "PhotoLog"]),
        // The loopback HTTP server that serves the demo gallery (and the network tests' servers), and
        // the remote control server (docs/behaviour.md §15).
        .target(
            name: "PhotoServe",
            dependencies: ["PhotoStorage", "PhotoCore", "PhotoRemote", .product(name: "FlyingFox", package: "FlyingFox")]),
        // The MQTT client (libmosquitto): commands in, the status out, Home Assistant discovery
        // (docs/behaviour.md §15).
        .target(name: "PhotoMQTT", dependencies: ["PhotoCore", "PhotoRemote", "PhotoLog", "CMosquitto"]),
        // Faults no HTTP server makes (a TCP reset mid-body), for the tests only: not in the program.
        .target(name: "NetworkFaults"),
        .testTarget(
            name: "PhotoNetworkTests",
            dependencies: [
                "PhotoNetwork", "PhotoServe", "PhotoRemote", "NetworkFaults", "PhotoStorage", "PhotoCore", "TestImages", .product(name: "FlyingFox", package: "FlyingFox"),
                // The HTTPS server of the TLS tests (Support/TLSServer.swift). Named here, not in a
                // target of Sources/, so that only a build of the tests compiles NIO and BoringSSL.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ]),

        // Config: config.toml, checked against the program's long options and turned into
        // arguments that go before the user's. Pure Swift: its own strict TOML subset, no C.
        .target(name: "PhotoConfig"),
        .testTarget(name: "PhotoConfigTests", dependencies: ["PhotoConfig"]),

        // When photos were taken (and their ratings and places), read from their headers once and
        // kept in SQLite by each file's identity: the library index of docs/behaviour.md §1.
        .target(name: "PhotoIndex", dependencies: ["PhotoPipeline", "PhotoLog", "CSQLite"]),
        .testTarget(name: "PhotoIndexTests", dependencies: ["PhotoIndex", "PhotoPipeline", "TestImages"]),

        // Where the photos come from (docs/sources.md): each kind of source (a watched folder, a
        // manifest file or URL, single files and URLs, deep zoom descriptions) is one type behind
        // the `PhotoSource` protocol, and `LiveContent` keeps them current.
        .target(name: "PhotoSources", dependencies: ["PhotoCore", "PhotoLoading", "PhotoNetwork", "PhotoStorage", "PhotoLog", "PhotoIndex", "PhotoRemote"]),
        // The manifest on a server is tested against the gallery server, WebDAV folders against
        // Apache and rclone (WindowTestSupport's servers), through the real loader.
        .testTarget(name: "PhotoSourcesTests", dependencies: ["PhotoSources", "PhotoCore", "PhotoLoading", "PhotoNetwork", "PhotoServe", "TestImages", "WindowTestSupport", "PhotoIndex", "PhotoStorage"]),

        // Photos to decoded pixels off the main thread (docs/loading.md): the loader's workers, the
        // network's transfers, progressive scans and deep zoom descriptions, on the ledger's rules.
        .target(name: "PhotoLoader", dependencies: ["PhotoCore", "PhotoLoading", "PhotoSources", "PhotoPipeline", "PhotoNetwork", "PhotoLog"]),

        .testTarget(name: "PhotoLoaderTests", dependencies: ["PhotoLoader", "PhotoSources", "PhotoCore", "PhotoNetwork", "PhotoPipeline", "TestImages"]),

        // The main loop and what it wires: input, the scene, overlays, the slideshow and the
        // frame's operation, the screenshots and the replay (docs/behaviour.md).
        .target(
            name: "PhotoShell",
            dependencies: [
                "PhotoCore", "PhotoLoading", "PhotoLoader", "PhotoSources", "PhotoRender", "PhotoPlatform", "PhotoPipeline", "PhotoNetwork", "PhotoServe", "PhotoRemote", "PhotoMQTT", "PhotoStorage", "PhotoLog", "PhotoVideo", "CMalloc",
                .product(name: "Logging", package: "swift-log"),
            ]),

        .testTarget(name: "PhotoShellTests", dependencies: ["PhotoShell", "PhotoCore", "PhotoLoading", "PhotoRender", "PhotoLoader", "PhotoNetwork", "PhotoPlatform", "PhotoPipeline", "TestImages"]),

        // The command line only: options, the config file, and the sources it names.
        .executableTarget(
            name: "sdlphoto",
            dependencies: [
                "PhotoShell", "PhotoSources", "PhotoLoader", "PhotoCore", "PhotoNetwork", "PhotoServe", "PhotoRemote", "PhotoMQTT", "PhotoConfig", "PhotoLog", "PhotoPipeline", "PhotoPlatform", "PhotoIndex", "DemoGallery",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Test pictures made in code (GIFs need no encoder), for the pipeline and window tests.
        .target(name: "TestImages", dependencies: ["CTurboJPEG", "PhotoCore"], path: "Tests/TestImages"),
        // The window tests' eyes under Xvfb: the screen read back over X, not through GL.
        .target(name: "CXScreen", path: "Tests/CXScreen", linkerSettings: [.linkedLibrary("X11")]),
        // What the window tests share: the built program run as a child process, its events file,
        // test photos and screenshots, and the real servers and clients around it (nginx,
        // mosquitto, curl, Chromium).
        .target(name: "WindowTestSupport", dependencies: ["PhotoCore", "PhotoPipeline", "PhotoServe"], path: "Tests/WindowTestSupport"),
        // The program itself in real SDL windows: screenshots checked pixel by pixel, shaders.
        .testTarget(
            name: "RenderTests",
            dependencies: ["sdlphoto", "WindowTestSupport", "PhotoCore", "PhotoPipeline", "PhotoPlatform", "PhotoServe", "NetworkFaults", "TestImages", "CTurboJPEG", "CXScreen"]),
        // The program driven from outside: replay scripts, events, exit codes, options and config,
        // a kill at any moment.
        .testTarget(
            name: "AutomationWindowTests",
            dependencies: ["sdlphoto", "WindowTestSupport", "PhotoCore", "PhotoPipeline", "PhotoServe", "PhotoConfig"]),
        // The frame controlled from elsewhere: the HTTP API and its page in a real browser, MQTT
        // with a real broker, the sleep schedule.
        .testTarget(
            name: "RemoteControlWindowTests",
            dependencies: ["WindowTestSupport", "PhotoCore"]),
    ]
)
