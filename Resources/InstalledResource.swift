import Foundation

/// Where a file the program ships with lies. Installed (the .deb), in `share/sdlphoto/NAME`
/// beside the binary's `bin/`; in a build, in the resource bundle beside the binary, so the
/// program runs from any working directory.
enum InstalledResource {
    /// `installed`: its path under `share/sdlphoto`; `bundled`: under the resource bundle. nil
    /// when neither is there.
    static func url(installed: String, bundled: String) -> URL? {
        let files = FileManager.default
        if let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let path = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/sdlphoto/" + installed)
            if files.fileExists(atPath: path.path) { return path }
        }
        // Bundle.module stops the program when its bundle is missing: look first.
        guard files.fileExists(atPath: Bundle.main.bundleURL.appendingPathComponent("sdlphoto_DemoGallery.resources").path) else { return nil }
        return Bundle.module.resourceURL?.appendingPathComponent(bundled)
    }
}
