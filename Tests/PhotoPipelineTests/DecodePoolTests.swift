import Foundation
import PhotoCore
import TestImages
import Testing
@testable import PhotoPipeline

/// Collects deliveries in order; tests wait on it with a timeout, never with sleep.
final class Deliveries<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var items: [(String, Output)] = []

    func record(_ key: String, _ output: Output) {
        lock.lock(); items.append((key, output)); lock.unlock()
        arrived.signal()
    }

    /// Waits until `count` more deliveries have arrived (false after `timeout` s: a hang, reported as failure).
    func wait(for count: Int, timeout: Double = 10) -> Bool {
        (0..<count).allSatisfy { _ in arrived.wait(timeout: .now() + timeout) == .success }
    }

    var keys: [String] { lock.lock(); defer { lock.unlock() }; return items.map(\.0) }
    var outputs: [Output] { lock.lock(); defer { lock.unlock() }; return items.map(\.1) }
}

/// A job that holds its worker until the test opens it.
final class Gate: @unchecked Sendable {
    let started = DispatchSemaphore(value: 0)
    private let open = DispatchSemaphore(value: 0)
    func pass() { started.signal(); _ = open.wait(timeout: .now() + 10) }
    func release() { open.signal() }
}

@Suite struct DecodePoolTests {
    @Test func workersThatYieldToRenderingRunAtTheWeakestPriority() {
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let got = Deliveries<Int32>()
        let pool = DecodePool<String, Int32>(workers: 2, yieldsToRendering: true, deliver: { got.record($0, $1) })
        let plain = DecodePool<String, Int32>(workers: 1, deliver: { got.record($0, $1) })
        let nice = { @Sendable in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        for key in ["a", "b"] { pool.submit(key: key, priority: .current, work: nice) }
        #expect(got.wait(for: 2))
        plain.submit(key: "plain", priority: .current, work: nice)
        #expect(got.wait(for: 1))
        let background = DecodePool<String, Int32>.backgroundNice
        #expect(got.outputs == [background, background, before])
        // Only the workers: the thread that made the pool keeps its priority.
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
    }

    @Test func theMostUrgentWaitingJobRunsFirstAndEqualOnesInOrder() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "far", priority: .prefetch) { 1 }
        pool.submit(key: "grid-a", priority: .visible) { 2 }
        pool.submit(key: "page", priority: .current) { 3 }
        pool.submit(key: "grid-b", priority: .visible) { 4 }
        gate.release()
        #expect(got.wait(for: 5))
        #expect(got.keys == ["blocker", "page", "grid-a", "grid-b", "far"])
    }

    @Test func onTwoCoresTheCurrentPageDecodesAloneAndTheRestFollow() {
        let got = Deliveries<Int>(), gate = Gate(), started = Deliveries<Int>()
        let pool = DecodePool<String, Int>(workers: 2, cores: 2, deliver: { got.record($0, $1) })
        pool.submit(key: "page", priority: .current, exclusive: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "neighbour", priority: .visible) { started.record("neighbour", 1); return 1 }
        // The second worker is idle, but the neighbour waits: it would take the core the page needs.
        #expect(!started.wait(for: 1, timeout: 0.3))
        #expect(pool.waitingCount == 1)
        gate.release()
        #expect(got.wait(for: 2))
        #expect(got.keys == ["page", "neighbour"])
    }

    @Test func withCoresToSpareOtherJobsRunBesideTheCurrentPage() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 4, deliver: { got.record($0, $1) })
        pool.submit(key: "page", priority: .current, exclusive: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "neighbour", priority: .visible) { 1 }
        #expect(got.wait(for: 1))
        #expect(got.keys == ["neighbour"])
        gate.release()
        #expect(got.wait(for: 1))
    }

    @Test func aCurrentJobThatIsNotExclusiveHoldsNothingBack() {
        // A grid placeholder is urgent but tiny: the thumbnails beside it need not wait for it.
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 2, deliver: { got.record($0, $1) })
        pool.submit(key: "placeholder", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "thumbnail", priority: .visible) { 1 }
        #expect(got.wait(for: 1))
        #expect(got.keys == ["thumbnail"])
        gate.release()
        #expect(got.wait(for: 1))
    }

    @Test func aHeldJobRaisedToCurrentStartsAtOnce() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 2, deliver: { got.record($0, $1) })
        pool.submit(key: "page", priority: .current, exclusive: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "neighbour", priority: .visible) { 1 }
        #expect(!got.wait(for: 1, timeout: 0.2))
        // The user swiped to it: it is the page on screen now, and the idle worker takes it.
        pool.raise(key: "neighbour", to: .current)
        #expect(got.wait(for: 1))
        #expect(got.keys == ["neighbour"])
        gate.release()
        #expect(got.wait(for: 1))
    }

    @Test func aJobAfterAnotherStartsOnlyOnceThatOneIsDone() {
        // The page's quick preview first: its full decode waits for it though a worker is idle.
        let got = Deliveries<Int>(), gate = Gate(), started = Deliveries<Int>()
        let pool = DecodePool<String, Int>(workers: 2, cores: 4, deliver: { got.record($0, $1) })
        pool.submit(key: "preview", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "page", priority: .current, exclusive: true, after: "preview") { started.record("page", 1); return 1 }
        pool.submit(key: "other", priority: .current) { 2 }
        // Jobs behind it in the queue are not held up by it.
        #expect(got.wait(for: 1))
        #expect(got.keys == ["other"])
        #expect(!started.wait(for: 1, timeout: 0.3))
        gate.release()
        #expect(got.wait(for: 2))
        #expect(got.keys == ["other", "preview", "page"])
    }

    @Test func aJobAfterACancelledOneOrOneNeverAskedForIsNotLeftWaiting() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "alone", priority: .current, after: "never asked for") { 0 }
        #expect(got.wait(for: 1))
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 1 }
        gate.started.wait()
        pool.submit(key: "preview", priority: .current) { 2 }
        pool.submit(key: "page", priority: .current, after: "preview") { 3 }
        pool.cancel(key: "preview")
        gate.release()
        #expect(got.wait(for: 2))
        #expect(got.keys == ["alone", "blocker", "page"])
    }

    @Test func aSecondCurrentJobIsNotHeldBackByTheFirst() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 2, deliver: { got.record($0, $1) })
        pool.submit(key: "page", priority: .current, exclusive: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "detail", priority: .current) { 1 }
        #expect(got.wait(for: 1))
        #expect(got.keys == ["detail"])
        gate.release()
        #expect(got.wait(for: 1))
    }

    @Test func neighbourPagesDecodeOneAtATimeWhileThumbnailsPassThem() {
        // Two neighbours' photo-sized buffers at once are a kiosk's memory for nothing sooner.
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 4, deliver: { got.record($0, $1) })
        pool.submit(key: "next page", priority: .visible, large: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "previous page", priority: .visible, large: true) { 1 }
        pool.submit(key: "thumbnail", priority: .prefetch) { 2 }
        #expect(got.wait(for: 1))
        #expect(!got.wait(for: 1, timeout: 0.2))
        #expect(got.keys == ["thumbnail"])
        gate.release()
        #expect(got.wait(for: 2))
        #expect(got.keys == ["thumbnail", "next page", "previous page"])
    }

    @Test func thePageOnScreenDecodesBesideANeighbourPage() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 2, cores: 4, deliver: { got.record($0, $1) })
        pool.submit(key: "neighbour", priority: .visible, large: true) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "page", priority: .current, exclusive: true, large: true) { 1 }
        #expect(got.wait(for: 1))
        #expect(got.keys == ["page"])
        gate.release()
        #expect(got.wait(for: 1))
    }

    @Test func aCancelledWaitingJobNeverRuns() {
        let got = Deliveries<Int>(), gate = Gate(), ran = Deliveries<Int>()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "scrolled-away", priority: .visible) { ran.record("scrolled-away", 1); return 1 }
        pool.submit(key: "kept", priority: .visible) { 2 }
        pool.cancel(key: "scrolled-away")
        #expect(pool.waitingCount == 1)
        gate.release()
        #expect(got.wait(for: 2))
        #expect(got.keys == ["blocker", "kept"])
        #expect(ran.keys.isEmpty)
    }

    @Test func aCancelledRunningJobDeliversNothing() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "slow", priority: .current) { gate.pass(); return 1 }
        gate.started.wait()
        pool.cancel(key: "slow")
        pool.submit(key: "after", priority: .current) { 2 }
        gate.release()
        #expect(got.wait(for: 1))  // "after" runs on the same worker, so "slow" has finished by then
        #expect(got.keys == ["after"])
    }

    /// At exit: the running job is waited for (and delivers nothing), the waiting one never runs.
    @Test func stoppingWaitsForTheRunningJobAndDropsTheRest() {
        let got = Deliveries<Int>(), gate = Gate()
        let ran = Deliveries<Int>()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "running", priority: .current) { gate.pass(); ran.record("running", 1); return 1 }
        pool.submit(key: "waiting", priority: .current) { ran.record("waiting", 2); return 2 }
        gate.started.wait()
        #expect(pool.stop(waitingAtMost: 0.2) == false)  // the gate still holds it
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { gate.release() }
        #expect(pool.stop(waitingAtMost: 10))
        #expect(ran.keys == ["running"])
        #expect(!got.wait(for: 1, timeout: 0.3))
    }

    @Test func aKeySubmittedTwiceRunsOnceAtTheHigherPriority() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "other", priority: .visible) { 1 }
        pool.submit(key: "twice", priority: .prefetch) { 2 }
        pool.submit(key: "twice", priority: .current) { 3 }
        #expect(pool.waitingCount == 2)
        gate.release()
        #expect(got.wait(for: 3))
        #expect(got.keys == ["blocker", "twice", "other"])
        #expect(got.outputs == [0, 2, 1])  // the first submission's work, promoted
    }

    @Test func reprioritizingMovesAWaitingJobUp() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "a", priority: .visible) { 1 }
        pool.submit(key: "b", priority: .prefetch) { 2 }
        pool.reprioritize(key: "b", to: .current)
        gate.release()
        #expect(got.wait(for: 3))
        #expect(got.keys == ["blocker", "b", "a"])
    }

    @Test func raisingMovesAWaitingJobUpButNeverDown() {
        let got = Deliveries<Int>(), gate = Gate()
        let pool = DecodePool<String, Int>(workers: 1, deliver: { got.record($0, $1) })
        pool.submit(key: "blocker", priority: .current) { gate.pass(); return 0 }
        gate.started.wait()
        pool.submit(key: "cache", priority: .background) { 1 }
        pool.submit(key: "beyond", priority: .prefetch) { 2 }
        pool.submit(key: "cell", priority: .visible) { 3 }
        pool.raise(key: "beyond", to: .current)  // scrolled into view
        pool.raise(key: "cell", to: .background)  // no effect
        gate.release()
        #expect(got.wait(for: 4))
        #expect(got.keys == ["blocker", "beyond", "cell", "cache"])
    }

    @Test func workersDecodeRealFilesConcurrently() throws {
        let dir = TempDirectory()
        let paths = (0..<8).map { i in dir.write("\(i).jpg", JPEGFixture.solid(width: 300 + i * 10, height: 200, (UInt8(i * 30), 0, 0))) }
        let got = Deliveries<Result<DecodedImage, DecodeError>>()
        let pool = DecodePool<String, Result<DecodedImage, DecodeError>>(workers: 3, deliver: { got.record($0, $1) })
        for path in paths + [dir.path + "/missing.jpg"] {
            pool.submit(key: path, priority: .visible) {
                Result { try ImageDecoder.decode(path: path, maxPixelSize: 100) }.mapError { $0 as! DecodeError }
            }
        }
        #expect(got.wait(for: 9))
        let byKey = Dictionary(uniqueKeysWithValues: zip(got.keys, got.outputs))
        for (i, path) in paths.enumerated() {
            let image = try byKey[path]!.get()
            #expect(image.width == 100 && isClose(image.rgba(x: 50, y: 20), (i * 30, 0, 0)))
        }
        guard case .failure(.unreadable) = byKey[dir.path + "/missing.jpg"]! else { Issue.record("missing file decoded"); return }
        #expect(DecodePool<String, Int>.defaultWorkerCount >= 1)
    }

    @Test func pngsAndGIFsDecodeSafelyOnManyWorkersAtOnce() throws {
        let dir = TempDirectory()
        var expected: [String: (Int, Int, Int)] = [:]
        for i in 0..<12 {
            let colour = (i * 20, 255 - i * 20, 100)
            let path = i % 2 == 0
                ? dir.write("\(i).png", PNGFixture.rgba(width: 200, height: 150) { _, _ in (UInt8(colour.0), UInt8(colour.1), 100, 255) })
                : dir.write("\(i).gif", GIFFixture.animated(width: 40, height: 30, frames: [(UInt8(colour.0), UInt8(colour.1), 100)]))
            expected[path] = colour
        }
        let got = Deliveries<Result<DecodedImage, DecodeError>>()
        let pool = DecodePool<String, Result<DecodedImage, DecodeError>>(workers: 4, deliver: { got.record($0, $1) })
        for path in expected.keys {
            pool.submit(key: path, priority: .visible) {
                Result { try ImageDecoder.decode(path: path, maxPixelSize: 64) }.mapError { $0 as! DecodeError }
            }
        }
        #expect(got.wait(for: expected.count))
        for (path, result) in zip(got.keys, got.outputs) {
            let image = try result.get()
            #expect(image.width == (path.hasSuffix(".png") ? 64 : 40), "\(path)")  // a GIF this small is not enlarged
            #expect(isClose(image.rgba(x: 10, y: 10), expected[path]!, tolerance: 1), "\(path)")
        }
    }
}
