import PhotoCore
import PhotoLog
import PhotoNetwork

extension Manifest {
    /// The photos of the manifest `load` gives; its error as the command line's: a server that
    /// cannot be reached yet is waited for, anything else is unusable.
    static func sourceItems(_ load: () throws -> Manifest) throws -> [SourceItem] {
        do { return try load().sourceItems() } catch let error as ManifestError {
            if case .unreachable = error { throw SourceUnreachable(description: "\(error)") }
            throw SourceUnusable(description: "\(error)")
        } catch { throw SourceUnusable(description: "\(error)") }
    }

    /// Its items as photos; `logging`: say its warnings and each item that cannot be shown.
    func sourceItems(logging: Bool = true) -> [SourceItem] {
        if logging { for warning in warnings { Log.error("\(warning)") } }
        var shown: [SourceItem] = []
        // Sized once: grown by doubling, the list of 200,000 was copied as it grew.
        shown.reserveCapacity(items.count)
        for item in items {
            guard let image = Location(item.image) else {
                if logging { Log.error("\(item.image.absoluteString): only files, http and https can be shown") }
                continue
            }
            let size = item.width.flatMap { w in item.height.map { Size(width: Double(w), height: Double($0)) } }
            let stamp = if case .file(let path) = image { FileStamp(path: path) } else { FileStamp?.none }
            shown.append(SourceItem(image: image, thumbnail: item.thumbnail.flatMap(Location.init), caption: item.caption, pixelSize: size, stamp: stamp))
        }
        return shown
    }
}
