import Glibc

/// `--clock [FORMAT]`: local time through strftime, and when the text next changes, so the loop
/// wakes for it and otherwise sleeps.
struct ClockFace {
    let format: String
    /// The format shows seconds: it changes every second, else every minute.
    var showsSeconds: Bool { ["%S", "%OS", "%T", "%r", "%s", "%c", "%X"].contains { format.contains($0) } }

    /// The clock's text at `seconds` since the epoch, in the local time zone.
    func text(at seconds: Int) -> String {
        var time = time_t(seconds), parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 512)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds since the epoch when the text next changes after `seconds`.
    func nextChange(after seconds: Double) -> Double {
        let step = showsSeconds ? 1.0 : 60.0
        return ((seconds / step).rounded(.down) + 1) * step
    }
}
