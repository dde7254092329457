import ArgumentParser
import Foundation
import PhotoCore
import PhotoLog
import PhotoMQTT
import PhotoNetwork
import PhotoRemote
import PhotoServe
import PhotoShell

/// `--control`, `--control-token`, `--mqtt`, `--mqtt-topic`, `--sleep`, `--wake`, `--on-sleep`,
/// `--on-wake`, `--keep-display-on` (docs/behaviour.md §15–16).
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
        if let mqtt, MQTTBroker(mqtt) == nil {
            throw ValidationError("--mqtt \(mqtt): expected mqtt://[USER:PASS@]HOST[:PORT]")
        }
        if let mqttTopic, MQTTTopics(base: mqttTopic) == nil {
            throw ValidationError("--mqtt-topic \(mqttTopic): expected a topic without +, # or empty levels, such as sdlphoto/hall")
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

    /// `--sleep` and `--wake`, when both are given.
    var schedule: SleepSchedule? {
        sleepTime.flatMap(TimeOfDay.init).flatMap { s in wakeTime.flatMap(TimeOfDay.init).flatMap { SleepSchedule(sleep: s, wake: $0) } }
    }

    /// The settings, the control server listening (exit 2 when its address cannot be bound) and
    /// the MQTT client connecting in the background.
    func frameSettings(network: DataLoading?) throws -> (settings: FrameSettings, server: ControlServer?, mqtt: MQTTControl?) {
        var settings = FrameSettings(schedule: schedule, onSleep: onSleep, onWake: onWake,
                                     localClock: LocalClock(environment: ProcessInfo.processInfo.environment) ?? LocalClock(environment: [:])!)
        settings.switchesDisplay = !keepDisplayOn
        guard control != nil || mqtt != nil else { return (settings, nil, nil) }
        let board = ControlBoard()
        settings.control = board
        return (settings, try controlServer(board: board, network: network), try mqttControl(board: board))
    }

    private func controlServer(board: ControlBoard, network: DataLoading?) throws -> ControlServer? {
        guard let control, let address = ControlAddress(control) else { return nil }
        do {
            let server = try ControlServer(address: address, token: controlToken, board: board,
                                           thumbnailBytes: { await ControlThumbnail.bytes(of: $0, network: network) })
            let port = try server.startAndWait()
            Log.info("remote control on http://\(address.description.replacingOccurrences(of: ":\(address.port)", with: ":\(port)"))/")
            return server
        } catch {
            Log.error("--control \(control): cannot listen there: \(error)")
            throw ExitCode(2)
        }
    }

    private func mqttControl(board: ControlBoard) throws -> MQTTControl? {
        guard let mqtt, let broker = MQTTBroker(mqtt) else { return nil }
        let host = HostName.current
        let topics = mqttTopic.flatMap { MQTTTopics(base: $0) } ?? .standard(hostname: host)
        do {
            let client = try MQTTControl(broker: broker, topics: topics, deviceName: host,
                                         version: SDLPhoto.configuration.version, board: board)
            client.start()
            Log.info("remote control over MQTT on \(broker), topics \(topics.base)/")
            return client
        } catch {
            Log.error("--mqtt \(mqtt): \(error)")
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

/// This machine's name, as `hostname` prints it (no name lookup).
enum HostName {
    static var current: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "frame" }
        let name = String(nulTerminated: buffer)
        return name.isEmpty ? "frame" : name
    }
}
