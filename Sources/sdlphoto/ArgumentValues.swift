import ArgumentParser
import PhotoCore
import PhotoSources

/// Option values read from their command-line words.
extension Slideshow.Transition: ExpressibleByArgument {}
extension Slideshow.Fill: ExpressibleByArgument {}

/// `--pair` (docs/behaviour.md §9).
enum PairOption: String, ExpressibleByArgument, CaseIterable {
    case off, portraits
}

struct WindowSize: ExpressibleByArgument, CustomStringConvertible {
    let width: Int, height: Int
    init(width: Int, height: Int) { self.width = width; self.height = height }
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 16384, parts[1] <= 16384 else { return nil }
        self.init(width: parts[0], height: parts[1])
    }
    var description: String { "\(width)x\(height)" }
}

struct WindowPosition: ExpressibleByArgument {
    let x: Int, y: Int
    init?(argument: String) {
        let parts = argument.split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        x = parts[0]; y = parts[1]
    }
}

extension FolderOrder: ExpressibleByArgument {}
