import ArgumentParser
import DemoGallery
import Foundation
import PhotoCore

/// `sdlphoto [OPTIONS] [SOURCE...]`. Exit codes: 0 normal, 1 no window or GL context, 2 bad
/// arguments or nothing to show.
@main
struct SDLPhoto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdlphoto",
        abstract: "A GPU-accelerated photo browser.",
        discussion: "With no SOURCE, shows the built-in demo gallery.",
        version: "0.1.0")

    @Argument(help: "Image files or directories.")
    var sources: [String] = []

    @Flag(name: .shortAndLong, help: "Look into directories recursively.")
    var recursive = false

    @Option(help: "Order of photos from a directory: name, mtime or random.")
    var sort: SourceList.Sort = .name

    @Option(help: "Window size in points, WxH.")
    var size: WindowSize = WindowSize(width: 1280, height: 800)

    @Flag(help: "Start fullscreen.")
    var fullscreen = false

    @Option(help: "Window position in points, X,Y (default: centred).")
    var position: WindowPosition?

    @Option(help: "Write a PNG of the drawable once nothing is loading or animating (or at --at), then exit.")
    var screenshot: String?

    @Option(name: .customLong("at"), help: "With --screenshot: take it at this many ms of app time.")
    var atMs: Double?

    @Option(help: "GPU texture memory budget in MiB.")
    var textureBudget: Int = 512

    @Flag(help: "Log more.")
    var verbose = false

    mutating func run() throws {
        Log.verbose = verbose
        let paths = sources.isEmpty ? DemoGallery.photoPaths : SourceList.collect(sources, recursive: recursive, sort: sort)
        guard !paths.isEmpty else {
            Log.error(sources.isEmpty ? "nothing to show: the demo gallery is missing from this build" : "nothing to show: no image in \(sources.joined(separator: " "))")
            throw ExitCode(2)
        }
        let options = App.Options(
            size: Size(width: Double(size.width), height: Double(size.height)),
            fullscreen: fullscreen,
            position: position.map { ($0.x, $0.y) },
            screenshot: screenshot,
            screenshotAtMs: atMs,
            textureBudgetBytes: textureBudget * 1024 * 1024)
        let code = App.run(paths: paths, options: options)
        if code != 0 { throw ExitCode(code) }
    }

    /// Bad arguments exit 2, as SPEC 10 says, not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            FileHandle.standardError.write(Data("sdlphoto: \(fullMessage(for: error))\n".utf8))
            Foundation.exit(2)
        }
    }
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

extension SourceList.Sort: ExpressibleByArgument {}
