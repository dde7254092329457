import COutputPower

/// The output under the window switched off and on by the program itself (docs/behaviour.md §16):
/// under a wlroots compositor (cage, sway, labwc, wayfire) through its output power management
/// protocol, on the window's own Wayland connection. Main thread only.
public final class OutputPower {
    public enum Outcome: Equatable {
        /// The compositor reports the outputs in the mode asked for.
        case done
        /// It refused: this output's power cannot be changed.
        case refused
        /// The connection to the compositor failed.
        case failed
    }

    private let handle: OpaquePointer
    /// How many outputs it switches: the window's, or every one when SDL cannot say which.
    public let outputs: Int

    /// The control of the window's output, or why there is none (not a Wayland window, a
    /// compositor without the protocol).
    public static func open(for window: Window) -> Result<OutputPower, Unavailable> {
        guard let display = window.nativeDisplay.wayland else {
            return .failure(Unavailable(reason: "the \(window.videoDriver) driver has no built-in display power (only Wayland compositors with wlroots' output power control)"))
        }
        var why: UnsafePointer<CChar>?
        guard let handle = sdlphoto_output_power_open(display, Int32(window.displayIndex), &why) else {
            return .failure(Unavailable(reason: why.map { String(cString: $0) } ?? "unknown"))
        }
        return .success(OutputPower(handle: handle))
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
        outputs = Int(sdlphoto_output_power_count(handle))
    }

    deinit { sdlphoto_output_power_close(handle) }

    public func set(on: Bool) -> Outcome {
        switch sdlphoto_output_power_set(handle, on ? 1 : 0) {
        case 1: return .done
        case 0: return .refused
        default: return .failed
        }
    }

    public struct Unavailable: Error, Equatable {
        public let reason: String
    }
}
