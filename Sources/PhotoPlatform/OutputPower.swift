import COutputPower

/// The output under the window switched off and on by the program itself (docs/behaviour.md §16):
/// under a wlroots compositor (sway, labwc, wayfire) through its output power management protocol,
/// on a connection of its own to the window's compositor. Nothing is held between two switches, so the user's
/// own tools can still control the output. Main thread only.
public enum OutputPower {
    public enum Outcome: Equatable {
        /// The compositor reports the outputs in the mode asked for.
        case done(outputs: Int)
        /// Asked, and the compositor did not report the mode (one that cannot switch this output).
        case notApplied
        /// Refused at once: another program controls the output's power, or the output is gone.
        case busy
        /// No control here: not a Wayland window, a compositor without the protocol, or a lost
        /// connection; why.
        case unavailable(String)
    }

    /// Switches the window's output (every output where SDL cannot say which) on or off.
    public static func set(on: Bool, for window: Window) -> Outcome {
        guard window.nativeDisplay.wayland != nil else {
            return .unavailable("the \(window.videoDriver) driver has no built-in display power (only Wayland compositors with wlroots' output power control)")
        }
        var outputs: Int32 = 0
        var why: UnsafePointer<CChar>?
        switch sdlphoto_output_power_switch(Int32(window.displayIndex), on ? 1 : 0, &outputs, &why) {
        case Int32(SDLPHOTO_POWER_DONE): return .done(outputs: Int(outputs))
        case Int32(SDLPHOTO_POWER_NOT_APPLIED): return .notApplied
        case Int32(SDLPHOTO_POWER_BUSY): return .busy
        default: return .unavailable(why.map { String(cString: $0) } ?? "unknown")
        }
    }
}
