import Foundation

/// One member of a WebDAV folder, from a `PROPFIND` `Depth: 1` answer (RFC 4918 §9.1): a file or
/// a subfolder, with the properties that tell whether it changed.
public struct DAVResource: Equatable, Sendable {
    public var url: URL
    public var isFolder: Bool
    public var eTag: String?
    /// `getlastmodified`, an HTTP date.
    public var lastModified: Date?
    public var length: Int64?
    public var contentType: String?
}

/// The `PROPFIND` that lists a folder and the reading of its `207 Multi-Status` answer.
public enum DAVListing {
    /// Only the properties the listing reads, so a server does not compute the rest (locks,
    /// quotas) for every file.
    public static let propfindBody = Data("""
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/><d:getlastmodified/>\
        <d:getcontentlength/><d:getcontenttype/></d:prop></d:propfind>
        """.utf8)

    /// The request that lists `folder` (a URL ending in `/`) one level deep: `Depth: infinity`
    /// is refused by most servers, and a tree is walked a folder at a time.
    public static func request(for folder: URL) -> DataRequest {
        DataRequest(url: folder, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"],
                    method: "PROPFIND", body: propfindBody, staysOnHost: true)
    }

    /// The members of the folder at `folder` in `body`, the folder itself left out; hrefs are
    /// resolved against it. Properties under a status other than 200 are not read.
    public static func members(of folder: URL, in body: Data) throws -> [DAVResource] {
        var resources: [DAVResource] = []
        var path: [String] = []
        var current: DAVResource?
        var href = ""
        var properties = DAVResource(url: folder, isFolder: false)
        var propstatStatus = 200
        var text = ""
        for event in try XMLEvents.scan([UInt8](body)) {
            switch event {
            case .start(let name):
                path.append(name)
                text = ""
                switch name {
                case "response": current = DAVResource(url: folder, isFolder: false); href = ""
                case "propstat": properties = DAVResource(url: folder, isFolder: false); propstatStatus = 200
                case "collection" where path.dropLast().last == "resourcetype": properties.isFolder = true
                default: break
                }
            case .text(let piece):
                text += piece
            case .end(let name):
                let parent = path.dropLast().last
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                switch (name, parent) {
                case ("href", "response"): href = value
                case ("status", "propstat"): propstatStatus = Int(value.split(separator: " ").dropFirst().first ?? "") ?? 0
                case ("getetag", "prop"): properties.eTag = value.isEmpty ? nil : value
                case ("getlastmodified", "prop"): properties.lastModified = HTTPDate.parse(value)
                case ("getcontentlength", "prop"): properties.length = Int64(value)
                case ("getcontenttype", "prop"): properties.contentType = value.isEmpty ? nil : value
                case ("propstat", _) where propstatStatus == 200:
                    guard var merged = current else { break }
                    merged.isFolder = merged.isFolder || properties.isFolder
                    merged.eTag = merged.eTag ?? properties.eTag
                    merged.lastModified = merged.lastModified ?? properties.lastModified
                    merged.length = merged.length ?? properties.length
                    merged.contentType = merged.contentType ?? properties.contentType
                    current = merged
                case ("response", _):
                    if var resource = current, let url = resolve(href, against: folder), !sameFolder(url, folder) {
                        resource.url = url
                        resources.append(resource)
                    }
                    current = nil
                default: break
                }
                path.removeLast()
                text = ""
            }
        }
        return resources
    }

    /// An href as servers write them: an absolute path or URL, escaped or (some servers) not.
    private static func resolve(_ href: String, against folder: URL) -> URL? {
        guard !href.isEmpty else { return nil }
        let escaped = URL(string: href) != nil ? href : href.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? href
        return URL(string: escaped, relativeTo: folder)?.absoluteURL
    }

    private static func sameFolder(_ a: URL, _ b: URL) -> Bool {
        func key(_ url: URL) -> String {
            let path = url.path.removingPercentEncoding ?? url.path
            return path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        return key(a) == key(b)
    }
}
