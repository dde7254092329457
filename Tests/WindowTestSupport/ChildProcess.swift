import Foundation
import Synchronization

/// A child process whose stdout and stderr are read, each on a thread of its own, while it runs.
/// A pipe holds 64 KiB: a child that writes more blocks until someone reads, so a helper that
/// waits for the exit before reading would wait for ever on a talkative child.
public final class ChildProcess: @unchecked Sendable {
    // Sendable: `process` is only started here and then asked about its state; the collected
    // output lives in its lock.
    public struct Outcome {
        public let status: Int32
        public let reason: Process.TerminationReason
        public let stdoutData: Data
        public let stderrData: Data
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public let command: [String]
        public var description: String { "\(command.joined(separator: " ")) did not exit in time" }
    }

    public let command: [String]
    private let process = Process()
    private let drained = DispatchGroup()
    private let collected = Mutex((output: Data(), errors: Data()))

    /// Starts `executable` with `arguments` and exactly `environment`.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
        command = [executable.path] + arguments
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // A child inherits the signal mask of the thread that starts it, and Swift's concurrency
        // threads block nearly every signal: a shell started from one never heard SIGCHLD and
        // waited for ever in `wait`. The child starts with none blocked, as from a terminal.
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        // Until the end of both pipes, which comes when the child (and anything it started that
        // kept them) has closed them.
        read(out) { [self] data in collected.withLock { $0.output += data } }
        read(err) { [self] data in collected.withLock { $0.errors += data } }
    }

    /// Reads `pipe` a piece at a time as the child writes, so a test can wait for a line while
    /// the child runs.
    private func read(_ pipe: Pipe, into keep: @escaping @Sendable (Data) -> Void) {
        drained.enter()
        Thread.detachNewThread { [drained] in
            while true {
                let piece = pipe.fileHandleForReading.availableData
                if piece.isEmpty { break }
                keep(piece)
            }
            drained.leave()
        }
    }

    /// What the child has written to stdout so far.
    public var stdoutSoFar: String { String(decoding: collected.withLock { $0.output }, as: UTF8.self) }
    /// What the child has written to stderr so far: its log lines as they come.
    public var stderrSoFar: String { String(decoding: collected.withLock { $0.errors }, as: UTF8.self) }

    public var processIdentifier: pid_t { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM.
    public func terminate() { process.terminate() }

    /// Blocks until the child has exited (looking every 20 ms); false if it is still running
    /// after `timeout`.
    public func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// Waits on a thread of its own, so that Swift's few cooperative threads (which the
    /// loopback servers of other tests run on) are never blocked.
    public func exit(timeout: TimeInterval) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.waitForExit(timeout: timeout)) }
        }
    }

    /// Blocks until the child has exited and both pipes are read to their end, and returns all
    /// it wrote. Throws `TimedOut`, after ending the child, if that takes longer than `timeout`.
    public func outcome(timeout: TimeInterval) throws -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        guard waitForExit(timeout: timeout), drained.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success else {
            // A hung child is killed outright (it may not heed SIGTERM) and reaped.
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                _ = waitForExit(timeout: 10)
            }
            throw TimedOut(command: command)
        }
        let all = collected.withLock { $0 }
        return Outcome(status: process.terminationStatus, reason: process.terminationReason, stdoutData: all.output, stderrData: all.errors)
    }

    /// Runs `executable` to its end and returns its exit and all its output; the waiting happens
    /// on a thread of its own.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                    timeout: TimeInterval) async throws -> Outcome {
        let child = try ChildProcess(executable, arguments, environment: environment)
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try child.outcome(timeout: timeout) }) }
        }
    }
}
