import CText

/// A stretch of text drawn with one font, in one script and one direction: what SDL_ttf's
/// HarfBuzz shapes at a time.
struct TextRun: Equatable {
    var text: String
    /// Index into `FontFallback.faces`.
    let face: Int
    /// ISO 15924 tag, as HarfBuzz wants it ("Latn", "Arab", "Hani").
    let script: String
    /// The bidi embedding level: odd is right to left.
    let level: UInt8
    var rightToLeft: Bool { level % 2 == 1 }
}

/// Splits a string into runs in the order they are drawn, left to right (docs/behaviour.md §6,
/// Text): each character (a grapheme cluster, so a combining mark stays with its base) takes the
/// first font that has it, a space, digit or punctuation mark the font before it when that has
/// it; levels come from the Unicode bidi algorithm (FriBidi), and runs at higher levels are
/// reversed (UAX #9 L2), so a right-to-left run reads right to left within left-to-right text
/// and the other way round. A character no font has is one box, drawn by the first font.
enum TextRuns {
    static let common = "Zyyy", inherited = "Zinh", unknown = "Zzzz"

    static func runs(_ text: String, fonts: FontFallback) -> [TextRun] {
        let scalars = text.unicodeScalars.map(\.value)
        guard !scalars.isEmpty else { return [] }
        var levels = [UInt8](repeating: 0, count: scalars.count)
        if sdlphoto_bidi_levels(scalars, Int32(scalars.count), &levels) < 0 { levels = levels.map { _ in 0 } }

        var logical: [TextRun] = []
        var scalarIndex = 0, previousFace: Int?
        var scripts: [String?] = [], pieces: [(text: String, face: Int, level: UInt8)] = []
        for character in text {
            let level = levels[scalarIndex]
            scalarIndex += character.unicodeScalars.count
            let script = character.unicodeScalars.lazy.map(Self.script).first { ![common, inherited, unknown].contains($0) }
            let needed = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
            let covers = { (face: Int) in needed.allSatisfy { fonts.face(face, has: $0) } }
            var shown = String(character), face: Int
            if script == nil, let previousFace, covers(previousFace) {
                face = previousFace
            } else if let first = fonts.faces.indices.first(where: covers) {
                face = first
            } else if let base = needed.first, let some = fonts.face(for: base) {
                face = some
            } else {
                face = 0
                shown = String(character.unicodeScalars.first!)  // one box, not one per mark
            }
            previousFace = face
            scripts.append(script)
            pieces.append((shown, face, level))
        }
        let resolved = resolve(scripts)
        for (piece, script) in zip(pieces, resolved) {
            if let last = logical.last, last.face == piece.face, last.level == piece.level, last.script == script {
                logical[logical.count - 1].text += piece.text
            } else {
                logical.append(TextRun(text: piece.text, face: piece.face, script: script, level: piece.level))
            }
        }
        return visualOrder(logical)
    }

    /// Characters every script shares take the script before them (the first ones, the one after).
    static func resolve(_ scripts: [String?]) -> [String] {
        var resolved: [String] = [], current = scripts.compactMap { $0 }.first ?? common
        for script in scripts {
            if let script { current = script }
            resolved.append(current)
        }
        return resolved
    }

    /// UAX #9 L2 over runs: from the highest level down to the lowest odd one, every maximal
    /// sequence of runs at that level or higher is reversed.
    static func visualOrder(_ runs: [TextRun]) -> [TextRun] {
        guard let highest = runs.map(\.level).max(), let lowestOdd = runs.map(\.level).filter({ $0 % 2 == 1 }).min() else { return runs }
        var order = runs
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var end = i
                while end < order.count, order[end].level >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
        }
        return order
    }

    static func script(_ scalar: Unicode.Scalar) -> String {
        let tag = sdlphoto_script_tag(scalar.value)
        return String(decoding: [24, 16, 8, 0].map { UInt8((tag >> $0) & 0xFF) }, as: UTF8.self)
    }
}
