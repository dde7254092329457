import Foundation
import PhotoCore

/// Turns command-line sources into the ordered list of photos to show.
struct SourceList {
    enum Sort: String, CaseIterable { case name, mtime, random }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "webp", "gif", "tif", "tiff", "bmp", "tga", "pnm", "ppm", "pgm", "pbm", "qoi", "jxl", "avif"]

    /// Files named on the command line are kept whatever their extension (a file that does not
    /// decode becomes a broken-image tile); directories contribute only image files.
    static func collect(_ arguments: [String], recursive: Bool, sort: Sort) -> [String] {
        var paths: [String] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                Log.error("\(argument): no such file or directory")
                continue
            }
            if isDirectory.boolValue {
                paths += sorted(imagesIn(argument, recursive: recursive), by: sort)
            } else {
                paths.append(argument)
            }
        }
        return paths
    }

    private static func imagesIn(_ directory: String, recursive: Bool) -> [String] {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: directory)
        var found: [String] = []
        let names: [String]
        do {
            names = recursive ? try fm.subpathsOfDirectory(atPath: directory) : try fm.contentsOfDirectory(atPath: directory)
        } catch {
            Log.error("\(directory): cannot read the directory: \(error.localizedDescription)")
            return []
        }
        for name in names where imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
            if name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            found.append(base.appendingPathComponent(name).path)
        }
        return found
    }

    private static func sorted(_ paths: [String], by sort: Sort) -> [String] {
        switch sort {
        case .name:
            return paths.sorted { NaturalOrder.less($0, $1) }
        case .mtime:
            func mtime(_ p: String) -> Date {
                ((try? FileManager.default.attributesOfItem(atPath: p))?[.modificationDate] as? Date) ?? .distantPast
            }
            return paths.map { ($0, mtime($0)) }.sorted { $0.1 == $1.1 ? NaturalOrder.less($0.0, $1.0) : $0.1 < $1.1 }.map(\.0)
        case .random:
            return paths.shuffled()
        }
    }
}
