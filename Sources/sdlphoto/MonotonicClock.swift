import Glibc

/// CLOCK_MONOTONIC in milliseconds: the app's real clock (SPEC 11's `--events` times use it too).
enum MonotonicClock {
    static func nowMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }
}
