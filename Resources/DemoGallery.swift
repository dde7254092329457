import Foundation

/// The photos the program shows when it is given nothing to show: `Resources/demo`. Installed
/// (the .deb), they are in `share/sdlphoto/demo` beside the binary's `bin/`; in a build, they
/// are the resource bundle beside the binary, so the program runs from any working directory.
public enum DemoGallery {
    /// The folder of demo photos (with their placeholders in `thumbs/`); nil when neither is there.
    public static var folder: URL? {
        let files = FileManager.default
        if let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let installed = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/sdlphoto/demo")
            if files.fileExists(atPath: installed.path) { return installed }
        }
        // Bundle.module stops the program when its bundle is missing: look first.
        guard files.fileExists(atPath: Bundle.main.bundleURL.appendingPathComponent("sdlphoto_DemoGallery.resources").path) else { return nil }
        return Bundle.module.url(forResource: "demo", withExtension: nil)
    }
}
