import Glibc

/// CLOCK_MONOTONIC in milliseconds: the app's real clock (the `--events` times of docs/automation.md §5
/// use it too), the upload deadlines' and the early picture's.
public enum MonotonicClock {
    public static func nowMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }
}
