import Foundation
import PhotoCore

/// A folder of flat-colour photos and a replay script run against it in a real window.
public struct BrowserSession {
    public typealias RGB = (Double, Double, Double)
    public let dir: URL
    public let count: Int
    public let window = Size(width: 1280, height: 800)

    /// `count` photos of 600x400 (3:2), photo i in colour(i); with `split`, each photo's left half
    /// is colour(i) and its right half the complementary colour.
    public init(_ name: String, count: Int, split: Bool = false) throws {
        dir = try Fixtures.folder(name)
        self.count = count
        for i in 0..<count {
            let c = BrowserSession.colour(i, of: count)
            let first = (UInt8(c.0), UInt8(c.1), UInt8(c.2))
            let second = split ? (255 - first.0, 255 - first.1, 255 - first.2) : first
            try Fixtures.twoTone(dir.appendingPathComponent(String(format: "photo%03d.png", i)), width: 600, height: 400, first: first, second: second)
        }
    }

    /// Saturated, well-separated hues: no photo is grey, black or white.
    public static func colour(_ i: Int, of n: Int) -> RGB {
        let h = Double(i) / Double(n) * 6
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (1, x, 0)
        case 1: (x, 1, 0)
        case 2: (0, 1, x)
        case 3: (0, x, 1)
        case 4: (x, 0, 1)
        default: (1, 0, x)
        }
        return (r * 255, g * 255, b * 255)
    }

    public func colour(_ i: Int) -> RGB { BrowserSession.colour(i, of: count) }

    public var layout: GridLayout { GridLayout(width: window.width, count: count) }

    /// The page's aspect-fit frame: 1200x800 centred, 40 pt bars at the sides.
    public var fitFrame: Rect { Rect.aspectFit(Size(width: 600, height: 400), in: Rect(origin: .zero, size: window)) }

    /// Runs `script` (its screenshot lines name files in the session folder) and returns the
    /// screenshots by name.
    public func run(_ script: String, extra: [String] = [], environment: [String: String?] = [:]) async throws -> [String: Screenshot] {
        let (scriptURL, names) = try Self.writeScript(script, in: dir)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", scriptURL.path] + extra + [dir.path], environment: environment, timeout: 120)
        guard run.status == 0 else { throw Failed(message: "exit \(run.status): \(run.stderr)") }
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return shots
    }

    /// `script` written into `dir` as `session.txt`, its screenshot lines naming files there; the
    /// screenshots' names, to read back.
    public static func writeScript(_ script: String, in dir: URL) throws -> (url: URL, names: [String]) {
        var names: [String] = []
        let lines = script.split(separator: "\n").map { line -> String in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[1] == "screenshot" else { return String(line) }
            names.append(String(parts[2]))
            return "\(parts[0]) screenshot \(dir.appendingPathComponent(String(parts[2])).path)"
        }
        let url = dir.appendingPathComponent("session.txt")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return (url, names)
    }

    public struct Failed: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }
}

extension Screenshot {
    /// Mean brightness over `rect` divided by that of `colour`: how much of it shows through.
    public func brightness(_ rect: Rect, relativeTo colour: (Double, Double, Double)) -> Double {
        let m = mean(rect)
        return (m.r + m.g + m.b) / max(1, colour.0 + colour.1 + colour.2)
    }

    /// How many pixels in `rect` are near white (every channel above 200).
    public func whitePixels(_ rect: Rect) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = image.rgba(x: x, y: y)
                if p.r > 200 && p.g > 200 && p.b > 200 { n += 1 }
            }
        }
        return n
    }
}
