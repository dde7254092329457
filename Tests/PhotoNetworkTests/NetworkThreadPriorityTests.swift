import Foundation
@testable import PhotoNetwork
import Testing

/// The network's threads yield to drawing as the decoders do (docs/behaviour.md §7): curl's
/// thread and the disk cache's run at nice 10, so a frame's rasteriser threads take a core back
/// from them at once.
@Suite("Network thread priority", .timeLimit(.minutes(1)))
struct NetworkThreadPriorityTests {
    @Test("the network's thread and the disk cache's run at nice 10")
    func theNetworksThreadsRunAtNice10() async throws {
        try await withNetworkFixture(["/photo": { _ in .init(statusCode: .ok, body: Data(count: 1000)) }]) { net in
            let (recorder, _) = net.loader.record(net.url("photo"))
            _ = await recorder.result()
            let nice = Self.niceValues()
            #expect(nice[DataLoader.networkThreadName]?.isEmpty == false)
            #expect(nice["sdlphoto-cache"]?.isEmpty == false)
            // At least 10: a test runner started at a lower priority passes it on.
            #expect(nice[DataLoader.networkThreadName]?.allSatisfy { $0 >= 10 } == true, "\(nice)")
            #expect(nice["sdlphoto-cache"]?.allSatisfy { $0 >= 10 } == true, "\(nice)")
        }
    }

    /// Every thread of this process by name: their nice values (field 19 of its `stat`).
    static func niceValues() -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks {
            guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
                  let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After the name in parentheses: state is field 3, nice field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 16, let nice = Int(fields[16]) else { continue }
            found[comm.trimmingCharacters(in: .whitespacesAndNewlines), default: []].append(nice)
        }
        return found
    }
}
