import Foundation
import PhotoStorage

extension ThumbnailCache {
    /// A write killed halfway (power cut, `kill -9`) leaves its temporary file; any older than
    /// this is a leftover. Younger ones may be another run's write in progress.
    public static let leftoverAge: TimeInterval = 60

    /// Deletes this program's leftover temporary files (`NAME.png.UUID.tmp`) in `normal/` and
    /// `large/`; other programs' files are left alone. Lists both folders, so it runs off the
    /// main thread, once a run. Returns how many it deleted.
    @discardableResult
    public func removeLeftovers(now: Date = Date()) -> Int {
        let files = FileManager.default
        var removed = 0
        for flavor in ThumbnailFlavor.allCases {
            let folder = URL(fileURLWithPath: "\(root)/\(flavor.rawValue)")
            guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where name.hasSuffix(AtomicFile.temporarySuffix) && name.contains(".png.") {
                let file = folder.appendingPathComponent(name)
                guard let modified = (try? files.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
                      now.timeIntervalSince(modified) > Self.leftoverAge else { continue }
                if (try? files.removeItem(at: file)) != nil { removed += 1 }
            }
        }
        return removed
    }
}
