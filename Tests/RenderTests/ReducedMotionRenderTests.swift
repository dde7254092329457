import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// Less motion (docs/behaviour.md §3) in a real window: asked for by GNOME's
/// `enable-animations` (read by the real `gsettings`, from a keyfile), by KDE's animation speed,
/// or by `--reduce-motion`, a tapped cell's photo fades in over the whole window instead of
/// flying out of its cell.
@Suite(.serialized) struct ReducedMotionRenderTests {
    static let red = (200, 60, 60)
    /// The window's lower right corner: 50 ms into the flight the photo has not reached it;
    /// fading in place it is there, part seen, from the first frame.
    static let corner = Rect(x: 660, y: 460, width: 120, height: 120)

    /// The corner's red, 50 ms after a tap on the first cell; `configure` fills the config home.
    func cornerRed(extra: [String] = [], configure: (URL) throws -> Void = { _ in }) async throws -> Double {
        let dir = try Fixtures.folder("reduced-motion")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 0..<6 {
            try Data(JPEGFixture.solid(width: 1200, height: 900, (UInt8(Self.red.0), UInt8(Self.red.1), UInt8(Self.red.2))))
                .write(to: photos.appendingPathComponent("p\(i).jpg"))
        }
        let config = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try configure(config)
        let (script, _) = try BrowserSession.writeScript("""
            300 touch down 1 60 60
            340 touch up 1 60 60
            390 screenshot mid.png
            500 quit
            """, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--replay", script.path] + extra + [photos.path],
                                           environment: ["XDG_CONFIG_HOME": config.path, "GSETTINGS_BACKEND": "keyfile",
                                                         "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 120)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        return try Screenshot(path: dir.appendingPathComponent("mid.png").path).mean(Self.corner).r
    }

    /// The real gsettings writes GNOME's setting into the keyfile backend's file.
    static func gnomeAnimations(_ on: Bool, in config: URL) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config.path
        environment["GSETTINGS_BACKEND"] = "keyfile"
        let gsettings = URL(fileURLWithPath: "/usr/bin/gsettings")
        let child = try ChildProcess(gsettings, ["set", "org.gnome.desktop.interface", "enable-animations", on ? "true" : "false"], environment: environment)
        let outcome = try child.outcome(timeout: 30)
        guard outcome.status == 0 else { throw BrowserSession.Failed(message: "gsettings set: \(outcome.stderr)") }
    }

    @Test func theDesktopsWishOrTheOptionMakesTheFlightAFade() async throws {
        let flies = try await cornerRed { try Self.gnomeAnimations(true, in: $0) }
        #expect(flies < 15, "animations on: the photo is still on its way from the cell (\(flies))")
        let gnome = try await cornerRed { try Self.gnomeAnimations(false, in: $0) }
        #expect(gnome > 30 && gnome < 190, "GNOME without animations: the photo fades in over the window (\(gnome))")
        let kde = try await cornerRed { config in
            try "[KDE]\nAnimationDurationFactor=0\n".write(to: config.appendingPathComponent("kdeglobals"), atomically: true, encoding: .utf8)
        }
        #expect(kde > 30 && kde < 190, "KDE at instant animation speed (\(kde))")
        let option = try await cornerRed(extra: ["--reduce-motion"])
        #expect(option > 30 && option < 190, "--reduce-motion (\(option))")
    }
}
