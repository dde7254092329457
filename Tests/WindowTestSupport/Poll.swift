import Foundation

/// Waits for something a test can observe (a line in a file, an answer, a message) rather than
/// for a length of time: `probe` is asked again every `interval` until it answers. The time limit
/// only bounds a hang, so it is generous; reaching it throws, with `what` saying what never came.
public enum Poll {
    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    /// The first non-nil answer of `probe`. `what` is read only on failure, so it may describe
    /// the last state seen.
    @discardableResult
    public static func answer<T>(_ what: @autoclosure () -> String, seconds: Double = 30, interval: Duration = .milliseconds(20),
                                _ probe: () async throws -> T?) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            if let found = try await probe() { return found }
            guard ContinuousClock.now < deadline else { throw TimedOut(description: "waited \(seconds) s for \(what())") }
            try await Task.sleep(for: interval)
        }
    }

    /// Until `condition` holds.
    public static func until(_ what: @autoclosure () -> String, seconds: Double = 30, interval: Duration = .milliseconds(20),
                             _ condition: () async throws -> Bool) async throws {
        try await answer(what(), seconds: seconds, interval: interval) { try await condition() ? true : nil }
    }
}
