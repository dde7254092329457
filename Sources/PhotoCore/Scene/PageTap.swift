/// What a single tap on the browser's page does (docs/behaviour.md §4): close it, as the seeds
/// do, or show its bars. A finger and the mouse may each have their own (`--tap`).
public struct PageTap: Equatable, Sendable {
    public enum Action: String, Equatable, Sendable { case close, controls }
    public var byTouch: Action
    public var byMouse: Action

    public init(byTouch: Action, byMouse: Action) {
        self.byTouch = byTouch; self.byMouse = byMouse
    }

    /// The seeds' behaviour: a tap closes.
    public static let close = PageTap(byTouch: .close, byMouse: .close)
    /// `--tap` left alone: a finger shows the bars, a click closes.
    public static let standard = PageTap(byTouch: .controls, byMouse: .close)

    /// `--tap close|controls`; nil for `standard`.
    public init(option: String?) {
        switch option {
        case "close": self = .close
        case "controls": self = PageTap(byTouch: .controls, byMouse: .controls)
        default: self = .standard
        }
    }
}
