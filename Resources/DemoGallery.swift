import Foundation

/// The photos the program shows when it is given nothing to show: `Resources/demo`, carried in
/// the build as a resource bundle so the program runs from any working directory.
public enum DemoGallery {
    /// Absolute paths of the demo photos, in name order; empty when the bundle is missing.
    public static var photoPaths: [String] {
        guard let folder = Bundle.module.url(forResource: "demo", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
