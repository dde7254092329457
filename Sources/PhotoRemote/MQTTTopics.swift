/// The frame's topics under `--mqtt-topic BASE` (docs/behaviour.md §15): commands come on
/// `BASE/cmd`, the status goes retained to `BASE/state`, and `BASE/availability` says `online` or
/// `offline`.
public struct MQTTTopics: Equatable, Sendable {
    public static let online = "online"
    public static let offline = "offline"

    public let base: String

    /// nil for a base no one could subscribe to exactly: empty, with a wildcard (`+`, `#`), a NUL,
    /// an empty level (`a//b`, a leading or trailing `/`), or a `$` first (the broker's own).
    public init?(base: String) {
        guard !base.isEmpty, base.utf8.count <= 1024, !base.hasPrefix("$"),
              !base.contains(where: { $0 == "+" || $0 == "#" || $0 == "\0" }),
              !base.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) else { return nil }
        self.base = base
    }

    /// `sdlphoto/HOSTNAME`, the host name made a single topic level.
    public static func standard(hostname: String) -> MQTTTopics {
        let level = String(hostname.map { $0 == "/" || $0 == "+" || $0 == "#" || $0 == "\0" ? "_" : $0 })
        return MQTTTopics(base: "sdlphoto/\(level.isEmpty ? "frame" : level)")!
    }

    public var command: String { base + "/cmd" }
    public var state: String { base + "/state" }
    public var availability: String { base + "/availability" }

    /// The base as one Home Assistant id (letters, digits, `_` and `-`): the frame's node id.
    public var nodeID: String {
        String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
    }
}
