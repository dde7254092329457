import Foundation

/// A netrc file read as curl reads it, only to name the user a server refused
/// (`machine HOST login USER password PASS`, `default`, quoted words, `macdef` skipped); curl
/// itself reads it for the requests.
public enum Netrc {
    /// The file curl reads: `netrcFile`, else `$HOME/.netrc`.
    public static func path(_ netrcFile: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        netrcFile ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
    }

    /// The login the file gives for `host`: its `machine` entry, else `default`'s; nil for none.
    public static func login(forHost host: String, in text: String) -> String? {
        var words = Self.words(text)[...]
        var machine: String?? = .none  // .some(nil): inside `default`
        var found: String?
        var fallback: String?
        while let word = words.popFirst() {
            switch word {
            case "machine": machine = .some(words.popFirst())
            case "default": machine = .some(nil)
            case "login":
                let login = words.popFirst()
                if case .some(let name) = machine {
                    if name == nil { fallback = fallback ?? login } else if name?.lowercased() == host.lowercased() { found = found ?? login }
                }
            case "password", "account": _ = words.popFirst()
            default: break
            }
        }
        return found ?? fallback
    }

    public static func login(forHost host: String, file: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return login(forHost: host, in: text)
    }

    /// Whitespace-separated words, `"quoted words"` with `\` escapes, `macdef` bodies (to the
    /// next empty line) left out.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            var word = "", quoted = false, escaped = false, inWord = false
            for character in line {
                if escaped { word.append(character); escaped = false; continue }
                if quoted {
                    if character == "\\" { escaped = true } else if character == "\"" { quoted = false } else { word.append(character) }
                } else if character == "\"" {
                    quoted = true; inWord = true
                } else if character.isWhitespace {
                    if inWord { words.append(word); word = ""; inWord = false }
                } else {
                    word.append(character); inWord = true
                }
            }
            if inWord { words.append(word) }
            if words.last == "macdef" || (words.count >= 2 && words[words.count - 2] == "macdef") {
                while let body = lines.popFirst(), !body.trimmingCharacters(in: .whitespaces).isEmpty {}
            }
        }
        return words
    }
}
