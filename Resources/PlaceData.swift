import Foundation

/// The offline place names (`Resources/places/places.bin`, docs/behaviour.md §20). Installed (the
/// .deb), in `share/sdlphoto/places.bin` beside the binary's `bin/`; in a build, in the resource
/// bundle beside the binary.
public enum PlaceData {
    public static var url: URL? {
        let files = FileManager.default
        if let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let installed = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/sdlphoto/places.bin")
            if files.fileExists(atPath: installed.path) { return installed }
        }
        // Bundle.module stops the program when its bundle is missing: look first.
        guard files.fileExists(atPath: Bundle.main.bundleURL.appendingPathComponent("sdlphoto_DemoGallery.resources").path) else { return nil }
        return Bundle.module.url(forResource: "places", withExtension: nil)?.appendingPathComponent("places.bin")
    }
}
