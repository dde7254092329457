import Glibc

/// SIGTERM and SIGINT must end the program cleanly (docs/behaviour.md §10): SDL turns them into a quit event,
/// but only installs its handlers where the signal's action is the default, and a blocked
/// signal never arrives at all. A launcher can pass on either state, so undo both first.
public enum ProcessSignals {
    /// Call before the window (and SDL) start.
    public static func prepareForCleanExit() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // An ignored SIGINT is a shell's choice for background jobs and is kept; SIGTERM is how
        // a service manager stops a kiosk, so it always gets its default (SDL's handler).
        signal(SIGTERM, SIG_DFL)
    }
}
