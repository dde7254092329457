import Foundation

/// The photos the program shows when it is given nothing to show: `Resources/demo`.
public enum DemoGallery {
    /// The folder of demo photos (with their placeholders in `thumbs/`); nil when neither is there.
    public static var folder: URL? { InstalledResource.url(installed: "demo", bundled: "demo") }
}
