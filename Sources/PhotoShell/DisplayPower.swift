import PhotoLog
import PhotoPlatform

/// The display itself switched off while the frame sleeps and on again at its wake, where the
/// system lets the program do it (`OutputPower`: wlroots compositors), unless
/// `--keep-display-on` (docs/behaviour.md §16). Elsewhere the screen stays black and lit, and
/// `--on-sleep`/`--on-wake` do it; why is said once, at the first sleep. Main thread only.
final class DisplayPower {
    private let enabled: Bool
    private var control: OutputPower?
    private var unavailable: String?
    /// The outputs were switched off by the program, and are to come on at the wake.
    private(set) var isOff = false

    init(enabled: Bool) { self.enabled = enabled }

    func sleep(_ window: Window) {
        guard enabled, unavailable == nil else { return }
        if control == nil {
            switch OutputPower.open(for: window) {
            case .success(let opened):
                control = opened
            case .failure(let why):
                unavailable = why.reason
                return Log.info("display power: left on while asleep: \(why.reason); --on-sleep and --on-wake can switch it")
            }
        }
        guard let control else { return }
        switch control.set(on: false) {
        case .done:
            isOff = true
            Log.info("display power: \(control.outputs == 1 ? "the window's output" : "\(control.outputs) outputs") off")
        case .refused:
            Log.info("display power: the compositor keeps this output on")
        case .failed:
            self.control = nil
            Log.error("display power: the Wayland connection failed; the display stays on")
        }
    }

    func wake() {
        guard isOff, let control else { return }
        isOff = false
        switch control.set(on: true) {
        case .done: Log.info("display power: on")
        case .refused, .failed:
            self.control = nil
            Log.error("display power: the compositor did not switch the display back on")
        }
    }
}
