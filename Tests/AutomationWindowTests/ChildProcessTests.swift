import Foundation
import Testing
import WindowTestSupport

/// The helper that runs the program (and the shader compiler) reads the child's output while the
/// child runs: a pipe holds 64 KiB, and a child that writes more must not stall.
@Suite(.timeLimit(.minutes(2))) struct ChildProcessTests {
    @Test func aChildWritingMegabytesToStdoutAndStderrAtOnceRunsToItsEndAndEveryByteComesBack() async throws {
        let size = 3 * 1024 * 1024  // each stream: far more than a pipe holds
        // Both streams at once, so reading one to its end before the other would stall as well.
        let script = """
            head -c \(size) /dev/zero | tr '\\000' o &
            head -c \(size) /dev/zero | tr '\\000' e >&2
            wait
            exit 3
            """
        let run = try await AppProcess.run(["-c", script], timeout: 60, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 3 && run.reason == .exit)
        #expect(run.stdoutData.count == size && run.stdoutData.allSatisfy { $0 == UInt8(ascii: "o") }, "stdout: \(run.stdoutData.count) bytes")
        #expect(run.stderrData.count == size && run.stderrData.allSatisfy { $0 == UInt8(ascii: "e") }, "stderr: \(run.stderrData.count) bytes")
    }

    @Test func aChildThatNeverEndsIsStoppedAtTheTimeoutWithAnError() async throws {
        // A hang here would be caught by the suite's time limit.
        await #expect(throws: ChildProcess.TimedOut.self) {
            _ = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sleep"), ["600"], timeout: 1)
        }
    }
}
