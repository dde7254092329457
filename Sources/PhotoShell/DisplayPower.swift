import PhotoLog
import PhotoPlatform

/// The display itself switched off while the frame sleeps and on again at its wake, where the
/// system lets the program do it (`OutputPower`: wlroots compositors), unless
/// `--keep-display-on` (docs/behaviour.md §16). Elsewhere the screen stays black and lit, and
/// `--on-sleep`/`--on-wake` do it; why is said once. Main thread only.
final class DisplayPower {
    private let enabled: Bool
    private var unavailable: String?
    /// An off was asked for, whatever the compositor answered: the wake asks for on.
    private(set) var isOff = false

    init(enabled: Bool) { self.enabled = enabled }

    func sleep(_ window: Window) {
        guard enabled, unavailable == nil else { return }
        switch OutputPower.set(on: false, for: window) {
        case .done(let outputs):
            isOff = true
            Log.info("display power: \(outputs == 1 ? "the window's output" : "\(outputs) outputs") off")
        case .notApplied:
            isOff = true
            Log.info("display power: asked for off; the compositor did not switch the output off")
        case .busy:
            Log.info("display power: another program controls this output's power (wlopm, swayidle); left on")
        case .unavailable(let why):
            unavailable = why
            Log.info("display power: left on while asleep: \(why); --on-sleep and --on-wake can switch it")
        }
    }

    func wake(_ window: Window) {
        guard isOff else { return }
        isOff = false
        switch OutputPower.set(on: true, for: window) {
        case .done: Log.info("display power: on")
        case .notApplied, .busy, .unavailable: Log.error("display power: the display could not be switched back on")
        }
    }
}
