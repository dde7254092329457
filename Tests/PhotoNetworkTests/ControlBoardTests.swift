import Foundation
import PhotoCore
import PhotoRemote
import PhotoServe
import Testing

/// The board between the remote controls and the main loop (docs/behaviour.md §15): MQTT posts
/// commands without waiting, and hears of the status only when it changes.
@Suite struct ControlBoardTests {
    final class Heard: @unchecked Sendable {
        // Sendable: `statuses` is touched under `lock`.
        private let lock = NSLock()
        private var statuses: [FrameStatus] = []
        func add(_ status: FrameStatus) { lock.withLock { statuses.append(status) } }
        var all: [FrameStatus] { lock.withLock { statuses } }
    }

    static func status(_ index: Int, mode: FrameStatus.Mode = .browsing) -> FrameStatus {
        FrameStatus(mode: mode, index: index, count: 5, image: "/p/\(index).png", caption: "", playing: false)
    }

    @Test func anObserverHearsTheFirstStatusAndThenOnlyChanges() {
        let board = ControlBoard()
        let heard = Heard()
        board.observe { heard.add($0) }
        // The loop publishes every iteration: the same status many times.
        for status in [Self.status(0), Self.status(0), Self.status(0), Self.status(1), Self.status(1), Self.status(1, mode: .asleep), Self.status(0)] {
            board.publish(status, thumbnail: nil, handled: 0)
        }
        #expect(heard.all == [Self.status(0), Self.status(1), Self.status(1, mode: .asleep), Self.status(0)])
    }

    @Test func aPostedCommandIsTakenByTheLoopInOrderAndWakesIt() {
        let board = ControlBoard()
        let wakes = Heard()
        board.attach(wake: { wakes.add(Self.status(-1)) })
        board.post(.next)
        board.post(.show(3))
        let taken = board.take()
        #expect(taken.commands == [.next, .show(3)] && taken.through == 2)
        #expect(wakes.all.count == 2)
        #expect(board.take().commands.isEmpty)
    }
}
