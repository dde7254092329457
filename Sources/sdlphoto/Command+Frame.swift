import ArgumentParser
import Foundation
import PhotoCore
import PhotoNetwork
import PhotoServe

/// `--control`, `--control-token`, `--sleep`, `--wake`, `--on-sleep`, `--on-wake`
/// (docs/behaviour.md §15–16).
extension SDLPhoto {
    func validateFrameOptions() throws {
        if let control {
            guard let address = ControlAddress(control) else {
                throw ValidationError("--control \(control): expected [ADDR:]PORT, ADDR an IPv4 address, [IPv6] or localhost")
            }
            if !address.isLoopback && (controlToken ?? "").isEmpty {
                throw ValidationError("--control \(control) listens beyond this machine: give it a --control-token")
            }
        }
        if let controlToken, controlToken.isEmpty || controlToken.contains(where: { $0.isWhitespace || !$0.isASCII }) {
            throw ValidationError("--control-token: printable ASCII, no spaces")
        }
        for (name, value) in [("sleep", sleepTime), ("wake", wakeTime)] {
            if let value, TimeOfDay(value) == nil { throw ValidationError("--\(name) \(value): expected HH:MM (24-hour)") }
        }
        if (sleepTime == nil) != (wakeTime == nil) { throw ValidationError("--sleep and --wake go together") }
        if let sleepTime, let wakeTime, let s = TimeOfDay(sleepTime), let w = TimeOfDay(wakeTime), SleepSchedule(sleep: s, wake: w) == nil {
            throw ValidationError("--sleep and --wake are the same time")
        }
        if LocalClock(environment: ProcessInfo.processInfo.environment) == nil {
            throw ValidationError("\(LocalClock.environmentKey): expected HH:MM or HH:MM:SS")
        }
    }

    /// The settings, and the control server listening (exit 2 when its address cannot be bound).
    func frameSettings(network: DataLoading?) throws -> (settings: FrameSettings, server: ControlServer?) {
        let schedule = sleepTime.flatMap(TimeOfDay.init).flatMap { s in wakeTime.flatMap(TimeOfDay.init).flatMap { SleepSchedule(sleep: s, wake: $0) } }
        var settings = FrameSettings(schedule: schedule, onSleep: onSleep, onWake: onWake,
                                     localClock: LocalClock(environment: ProcessInfo.processInfo.environment) ?? LocalClock(environment: [:])!)
        guard let control, let address = ControlAddress(control) else { return (settings, nil) }
        let board = ControlBoard()
        do {
            let server = try ControlServer(address: address, token: controlToken, board: board,
                                           thumbnailBytes: { await ControlThumbnail.bytes(of: $0, network: network) })
            let port = try server.startAndWait()
            Log.info("remote control on http://\(address.description.replacingOccurrences(of: ":\(address.port)", with: ":\(port)"))/")
            settings.control = board
            return (settings, server)
        } catch {
            Log.error("--control \(control): cannot listen there: \(error)")
            throw ExitCode(2)
        }
    }
}

/// The control page's picture of the photo: a file read here, or a URL through the program's
/// own transfers and disk cache.
enum ControlThumbnail {
    /// A file larger than this is not sent to a phone.
    static let maxBytes = 16 * 1024 * 1024

    static func bytes(of source: ControlBoard.ThumbnailSource, network: DataLoading?) async -> (bytes: Data, type: String)? {
        switch source {
        case .file(let path):
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= maxBytes,
                  let data = FileManager.default.contents(atPath: path) else { return nil }
            return (data, mediaType(of: path))
        case .url(let url):
            guard let network else { return nil }
            return await withCheckedContinuation { continuation in
                network.load(url, priority: .prefetch) { result in
                    switch result {
                    case .success(let response) where response.body.count <= maxBytes:
                        continuation.resume(returning: (response.body, mediaType(of: url.path)))
                    default:
                        continuation.resume(returning: nil)
                    }
                }
            }
        }
    }

    static func mediaType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        default: "image/jpeg"
        }
    }
}
