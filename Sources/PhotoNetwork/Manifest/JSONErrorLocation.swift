import Foundation

/// Line and column of a JSON syntax error. Foundation on Linux reports only a byte offset, in
/// the error's debug description ("... around character 49."); this turns it into the line and
/// column a person can find in an editor.
enum JSONErrorLocation {
    static func syntaxError(_ error: Error, in data: Data, file: String) -> ManifestError {
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        let offset = characterOffset(in: detail) ?? data.count
        let (line, column) = lineAndColumn(of: offset, in: data)
        let message = detail.replacingOccurrences(of: #"\s*around (line \d+, column \d+|character \d+)\.?"#,
                                                  with: "", options: .regularExpression)
        return .syntax(file: file, line: line, column: column, message: message.isEmpty ? "invalid JSON" : message)
    }

    /// N from "around character N", if the text says so.
    static func characterOffset(in text: String) -> Int? {
        guard let range = text.range(of: #"character \d+"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst("character ".count))
    }

    /// 1-based line and column (in characters) of byte `offset` of UTF-8 `data`.
    static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        let prefix = data.prefix(max(0, min(offset, data.count)))
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? prefix.startIndex
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }
}
