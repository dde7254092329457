import Foundation

/// The photos the program shows when it is given nothing to show: `Resources/demo`, carried in
/// the build as a resource bundle so the program runs from any working directory.
public enum DemoGallery {
    /// The folder of demo photos (with their placeholders in `thumbs/`); nil when the bundle is missing.
    public static var folder: URL? { Bundle.module.url(forResource: "demo", withExtension: nil) }
}
