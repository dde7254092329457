import Foundation

/// The first non-nil answer of `probe`, asked again every 20 ms: a wait for something another
/// thread makes happen (a file watch's event), bounded only against a hang.
func firstAnswer<T>(seconds: Double = 30, _ probe: () -> T?) -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let answer = probe() { return answer }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
}
