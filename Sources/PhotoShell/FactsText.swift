import Foundation
import PhotoCore

/// The facts panel's lines (docs/behaviour.md §20), from what the photo's EXIF says and what the
/// program knows of its file. Lines with nothing to say are left out.
struct FactsText: Equatable {
    struct Line: Equatable {
        enum Kind: Equatable { case title, plain, dim }
        var text: String
        var kind: Kind
    }

    var lines: [Line]

    init(facts: ImageFacts?, name: String, location: String, pixelSize: Size?, bytes: Int64?, dateText: (ImageFacts.TakenAt) -> String) {
        var lines: [Line] = []
        if let taken = facts?.taken {
            let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
            var title = "\(dateText(taken)) · \(two(taken.hour)):\(two(taken.minute))"
            if let offset = facts?.offsetMinutes { title += " · " + Self.offsetText(offset) }
            lines.append(Line(text: title, kind: .title))
        } else {
            lines.append(Line(text: name, kind: .title))
        }
        let gear = [facts?.camera, facts?.lens].compactMap { $0 }.joined(separator: " · ")
        if !gear.isEmpty { lines.append(Line(text: gear, kind: .plain)) }
        if let exposure = facts?.exposure { lines.append(Line(text: exposure, kind: .plain)) }
        var size: [String] = []
        if let pixelSize, pixelSize.width >= 1, pixelSize.height >= 1 {
            let (w, h) = (Int(pixelSize.width), Int(pixelSize.height))
            size.append("\(w) × \(h)")
            size.append(String(format: "%.1f MP", Double(w * h) / 1e6))
        }
        if let bytes { size.append(Self.bytesText(bytes)) }
        if !size.isEmpty { lines.append(Line(text: size.joined(separator: " · "), kind: .plain)) }
        if let profile = facts?.colourProfile { lines.append(Line(text: "Colour profile: \(profile)", kind: .plain)) }
        if facts?.taken != nil { lines.append(Line(text: name, kind: .plain)) }
        lines.append(Line(text: location, kind: .dim))
        if let rating = facts?.rating, (1...5).contains(rating) {
            lines.append(Line(text: String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating), kind: .plain))
        }
        if let people = facts?.people, !people.isEmpty { lines.append(Line(text: people.joined(separator: ", "), kind: .plain)) }
        if let place = facts?.place { lines.append(Line(text: place, kind: .plain)) }
        if let latitude = facts?.latitude, let longitude = facts?.longitude {
            lines.append(Line(text: Self.coordinatesText(latitude: latitude, longitude: longitude), kind: .dim))
        }
        self.lines = lines
    }

    /// "UTC+02:00", "UTC−05:30".
    static func offsetText(_ minutes: Int) -> String {
        let sign = minutes < 0 ? "−" : "+"
        let m = abs(minutes)
        return String(format: "UTC%@%02d:%02d", sign, m / 60, m % 60)
    }

    /// Decimal units, as GNOME's Files writes them: "812 bytes", "8.2 MB".
    static func bytesText(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000, unit = 0
        while value >= 999.95, unit < units.count - 1 { value /= 1000; unit += 1 }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// "35.01160° N, 135.76810° E": five decimals, about a metre.
    static func coordinatesText(latitude: Double, longitude: Double) -> String {
        String(format: "%.5f° %@, %.5f° %@", abs(latitude), latitude < 0 ? "S" : "N", abs(longitude), longitude < 0 ? "W" : "E")
    }
}
