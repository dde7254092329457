import Foundation

/// A command from outside the window (HTTP and MQTT control, docs/behaviour.md §15): the moves a key or a
/// touch makes, plus the slideshow and the sleep schedule's two states.
public enum RemoteCommand: Equatable, Sendable {
    case next, previous, play, pause, sleep, wake
    /// Show photo `index` (0-based) in the browser.
    case show(Int)
    /// Show only the photos this selects, by date and rating.
    case select(RemoteSelection)
    /// Show a line of text over the photos for `seconds`; an empty text takes the line away.
    case message(String, seconds: Double)

    /// How long a message shows when it does not say, and at most.
    public static let messageSeconds = 60.0, longestMessageSeconds = 86_400.0
    /// A message longer than this (in characters) is refused: it is one line on a frame.
    public static let longestMessage = 280

    /// Why a request names no command: the answer is 400 with this text, and nothing changes.
    public struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The names `POST /api/NAME` takes.
    public static let names: Set<String> = ["next", "previous", "play", "pause", "sleep", "wake", "show", "select", "message"]

    /// The command of `POST /api/NAME` with `body` (empty, or a JSON object; `show` needs
    /// `{"index": N}` with 0 ≤ N < `count`).
    public static func parse(name: String, body: [UInt8], count: Int) throws(Rejection) -> RemoteCommand {
        try checkJSONObject(body)
        switch name {
        case "next": return .next
        case "previous": return .previous
        case "play": return .play
        case "pause": return .pause
        case "sleep": return .sleep
        case "wake": return .wake
        case "show":
            guard let index = (try? JSONDecoder().decode(ShowBody.self, from: Data(body)))?.index else {
                throw Rejection("show needs {\"index\": N} with an integer N")
            }
            guard (0..<count).contains(index) else { throw Rejection("index \(index) is out of range: there are \(count) photos") }
            return .show(index)
        case "select":
            guard let selection = try? JSONDecoder().decode(RemoteSelection.self, from: Data(body.isEmpty ? Array("{}".utf8) : body)) else {
                throw Rejection("select takes {\"since\": DATE, \"until\": DATE, \"rating\": N, \"memories\": DAYS, \"album\": NAME, \"person\": NAME, \"tag\": NAME, \"favorites\": true}, any of them (a name or a list of names); {} for every photo")
            }
            if let problem = selection.problem { throw Rejection("select: \(problem)") }
            return .select(selection)
        case "message":
            guard let sent = try? JSONDecoder().decode(MessageBody.self, from: Data(body)) else {
                throw Rejection("message takes {\"text\": TEXT, \"seconds\": N}, seconds optional")
            }
            return try message(sent.text, seconds: sent.seconds)
        default:
            throw Rejection("unknown command: \(name)")
        }
    }

    /// The command of an MQTT message on `BASE/cmd`: a name, or `show N` (0 ≤ N < `count`),
    /// with spaces around allowed; or `message TEXT [SECONDS]` (a last word that is a whole number
    /// from 1 to `longestMessageSeconds` is the seconds; any other stays part of the text).
    public static func parse(payload: [UInt8], count: Int) throws(Rejection) -> RemoteCommand {
        guard payload.count <= maxMessagePayloadBytes else { throw Rejection("longer than \(maxMessagePayloadBytes) bytes") }
        let start = payload.drop { $0 == 0x20 }
        // A message is a line of text, a selection may name albums and people: both are longer.
        let isText = start.starts(with: Array("message".utf8)) || start.starts(with: Array("select".utf8))
        guard isText || payload.count <= maxPayloadBytes else { throw Rejection("longer than \(maxPayloadBytes) bytes") }
        guard let text = String(validating: payload, as: UTF8.self) else { throw Rejection("not UTF-8") }
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.first == "message" {
            var rest = Array(words.dropFirst())
            let seconds = rest.count > 1 ? rest.last.flatMap { Int($0) }.flatMap { (1...Int(longestMessageSeconds)).contains($0) ? Double($0) : nil } : nil
            if seconds != nil { rest.removeLast() }
            return try message(rest.joined(separator: " "), seconds: seconds)
        }
        guard words.first == "select" || payload.count <= maxPayloadBytes else { throw Rejection("longer than \(maxPayloadBytes) bytes") }
        switch (words.first, words.count) {
        case ("show"?, 2):
            guard let index = Int(words[1]) else { throw Rejection("show needs a whole number: \(words[1])") }
            guard (0..<count).contains(index) else { throw Rejection("index \(index) is out of range: there are \(count) photos") }
            return .show(index)
        case ("show"?, _):
            throw Rejection("show needs one index: show N")
        case ("select"?, _):
            let selection = try RemoteSelection(words: Array(words.dropFirst()))
            if let problem = selection.problem { throw Rejection("select: \(problem)") }
            return .select(selection)
        case (let name?, 1):
            return try parse(name: String(name), body: [], count: count)
        default:
            throw Rejection(words.isEmpty ? "an empty command" : "unknown command: \(text)")
        }
    }

    /// An MQTT command longer than this is refused before it is read as text (every command is a
    /// few bytes)...
    public static let maxPayloadBytes = 64
    /// ...but a message, which is a line of text in any script, and a selection naming albums.
    public static let maxMessagePayloadBytes = 2048

    private struct MessageBody: Decodable {
        let text: String
        let seconds: Double?
    }

    private static func message(_ text: String, seconds: Double?) throws(Rejection) -> RemoteCommand {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        guard line.count <= longestMessage else { throw Rejection("message: longer than \(longestMessage) characters") }
        let shown = seconds ?? messageSeconds
        guard shown.isFinite, shown > 0, shown <= longestMessageSeconds else {
            throw Rejection("message: seconds must be more than 0 and at most \(Int(longestMessageSeconds))")
        }
        return .message(line, seconds: shown)
    }

    private struct ShowBody: Decodable { let index: Int }

    private static func checkJSONObject(_ body: [UInt8]) throws(Rejection) {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(body)) else { throw Rejection("the body is not JSON") }
        guard parsed is [String: Any] else { throw Rejection("the body must be a JSON object") }
    }
}
