import Foundation

extension Manifest {
    /// Schemes an item may name; anything else is skipped with a warning.
    public static let allowedSchemes: Set<String> = ["http", "https", "file"]

    /// Parses manifest JSON read from `location`, resolving relative references against it.
    /// Items with an unusable `image` are skipped and listed in ``warnings``.
    public static func parse(_ data: Data, location: URL) throws -> Manifest {
        try parse(data, location: location, reader: .scanner)
    }

    /// How the JSON is read: by the scanner (JSONSerialization for what it refuses), or by
    /// JSONSerialization alone, as `listing-bench --manifest` sets them side by side.
    package enum Reader: Sendable { case scanner, foundation }

    /// The JSON read alone, references not resolved: how many entries `items` holds.
    package static func entryCount(_ data: Data, reader: Reader) throws -> Int {
        try (reader == .scanner ? RawManifest.decode(data, file: "") : RawManifest.serialized(data, file: "")).entries.count
    }

    package static func parse(_ data: Data, location: URL, reader: Reader) throws -> Manifest {
        let file = location.isFileURL ? location.path : location.absoluteString
        let raw = try reader == .scanner ? RawManifest.decode(data, file: file) : RawManifest.serialized(data, file: file)
        var manifest = Manifest(title: raw.title, items: [], warnings: [], location: location)
        manifest.items.reserveCapacity(raw.entries.count)
        for (index, entry) in raw.entries.enumerated() {
            let warn = { (message: String) in
                manifest.warnings.append(ManifestWarning(file: file, item: index, message: message))
            }
            guard case .object(let fields) = entry else { warn("not an object; skipped"); continue }
            guard let reference = fields.image else { warn("no \"image\" string; skipped"); continue }
            let image: URL
            switch resolve(reference, against: location) {
            case .success(let url): image = url
            case .failure(let problem): warn("image \(problem); skipped"); continue
            }
            var item = ManifestItem(image: image, caption: fields.caption)
            if let thumbnail = fields.thumbnail {
                switch resolve(thumbnail, against: location) {
                case .success(let url): item.thumbnail = url
                case .failure(let problem): warn("thumbnail \(problem); shown without one")
                }
            }
            if let width = fields.width, let height = fields.height, width > 0, height > 0 {
                (item.width, item.height) = (width, height)
            }
            manifest.items.append(item)
        }
        return manifest
    }

    /// Reads and parses a manifest file.
    public static func load(path: String) throws -> Manifest {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ManifestError.unreadable(file: path, reason: error.localizedDescription)
        }
        return try parse(data, location: url)
    }

    /// Fetches and parses a manifest at an http(s) URL (a file URL is read at once, on the
    /// caller's thread). `completion` runs where `loader`'s callbacks run. `revalidate`: a
    /// refresh that must see changes asks the server even while a cached copy is fresh, and a
    /// cached copy served because the server failed counts as the failure.
    @discardableResult
    public static func load(
        from url: URL, loader: DataLoading, priority: TransferPriority = .currentPage, revalidate: Bool = false,
        completion: @escaping @Sendable (Result<Manifest, ManifestError>) -> Void
    ) -> TransferHandle? {
        if url.isFileURL {
            completion(Result { try load(path: url.path) }.mapError { $0 as! ManifestError })
            return nil
        }
        // Photos may be kept by their Last-Modified; the list of them only as long as the server says.
        return loader.load(DataRequest(url: url, revalidate: revalidate, heuristicFreshness: false), priority: priority, progress: { _, _ in }) { result in
            switch result {
            case .success(let response):
                if revalidate, case .staleCache(let error) = response.source {
                    return completion(.failure(.unreachable(file: url.absoluteString, error: error)))
                }
                completion(Result { try parse(response.body, location: response.url) }.mapError { $0 as! ManifestError })
            case .failure(.untrustedCertificate(let reason)):
                completion(.failure(.unreadable(file: url.absoluteString, reason: NetworkError.untrustedAdvice(host: url.host ?? "the server", reason))))
            case .failure(let error) where error.allowsStaleResponse:
                completion(.failure(.unreachable(file: url.absoluteString, error: error)))
            case .failure(let error):
                completion(.failure(.unreadable(file: url.absoluteString, reason: error.description)))
            }
        }
    }

    /// `text` without the spaces and tabs around it, as `trimmingCharacters(in: .whitespaces)`
    /// trims, which went through NSString and cost a fifth of reading a 200,000-item manifest.
    static func trimmingSpaces(_ text: String) -> String {
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == "\t" || s.properties.generalCategory == .spaceSeparator }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, isSpace(first) || isSpace(last) else { return text }
        var scalars = text.unicodeScalars[...]
        while let s = scalars.first, isSpace(s) { scalars.removeFirst() }
        while let s = scalars.last, isSpace(s) { scalars.removeLast() }
        return String(scalars)
    }

    /// An absolute http, https or file URL for `reference`, or why there is none.
    static func resolve(_ reference: String, against location: URL) -> Result<URL, ReferenceProblem> {
        let trimmed = trimmingSpaces(reference)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if let colon = trimmed.firstIndex(of: ":"), isScheme(trimmed[..<colon]) {
            let scheme = trimmed[..<colon].lowercased()
            guard allowedSchemes.contains(scheme) else { return .failure(.scheme(scheme)) }
            guard let url = URL(string: trimmed), scheme == "file" || url.host?.isEmpty == false else {
                return .failure(.invalid(trimmed))
            }
            return .success(url)
        }
        if location.isFileURL {
            // A path, not a URL: spaces and other characters need no escaping.
            let folder = location.deletingLastPathComponent()
            let url = trimmed.hasPrefix("/") ? URL(fileURLWithPath: trimmed) : URL(fileURLWithPath: trimmed, relativeTo: folder)
            return .success(url.standardizedFileURL)
        }
        let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlReferenceAllowed) ?? trimmed
        // Foundation takes "://x/a.jpg" as a URL of its own with an empty scheme, not as relative.
        guard let url = URL(string: escaped, relativeTo: location)?.absoluteURL, url.host?.isEmpty == false,
              allowedSchemes.contains(url.scheme?.lowercased() ?? "") else {
            return .failure(.invalid(trimmed))
        }
        return .success(url)
    }

    enum ReferenceProblem: Error, CustomStringConvertible {
        case empty, scheme(String), invalid(String)

        var description: String {
            switch self {
            case .empty: return "is empty"
            case .scheme(let scheme): return "uses the scheme “\(scheme)” (only http, https and file)"
            case .invalid(let reference): return "“\(reference)” is not a valid URL"
            }
        }
    }

    private static func isScheme(_ text: Substring) -> Bool {
        // RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); one letter is a Windows drive, not a scheme.
        func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        let bytes = text.utf8
        guard bytes.count > 1, let first = bytes.first, isAlpha(first) else { return false }
        return bytes.allSatisfy { isAlpha($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }
}

private extension CharacterSet {
    /// What may stand unescaped in a URL reference: path, query and fragment characters, and '%'
    /// so that references already escaped stay as they are.
    static let urlReferenceAllowed = CharacterSet.urlPathAllowed
        .union(.urlQueryAllowed).union(.urlFragmentAllowed).union(CharacterSet(charactersIn: "%#"))
}
