import Foundation
import PhotoStorage

/// The on-disk form of one cache entry, in one file so that body and metadata are replaced
/// together by one atomic rename:
///
///     "SDLPHC1\n"                 8 bytes, format magic
///     header length               4 bytes, little-endian UInt32
///     header                      JSON: url, metadata, body length, body checksum
///     body                        the response body
///
/// Reading checks all of it; any mismatch makes the entry corrupt.
enum CacheEntryFile {
    static let magic = Data("SDLPHC1\n".utf8)
    static let fileExtension = "entry"

    struct Header: Codable {
        var url: String
        var metadata: CacheMetadata
        var bodyLength: Int
        var bodyChecksum: String
    }

    enum ReadFailure: Error {
        case corrupt(String)
    }

    static func encode(_ response: CachedResponse) throws -> [Data] {
        let header = Header(url: response.url.absoluteString, metadata: response.metadata,
                            bodyLength: response.body.count, bodyChecksum: FNV1a.hex(response.body))
        let json = try JSONEncoder().encode(header)
        var length = UInt32(json.count).littleEndian
        return [magic, Data(bytes: &length, count: 4), json, response.body]
    }

    /// The entry in `data`, which must be for `url`.
    static func decode(_ data: Data, for url: URL) throws -> CachedResponse {
        guard data.count >= magic.count + 4, data.prefix(magic.count) == magic else { throw ReadFailure.corrupt("bad magic") }
        let lengthBytes = data.dropFirst(magic.count).prefix(4)
        let headerLength = lengthBytes.reversed().reduce(0) { $0 << 8 | Int($1) }
        let headerStart = data.startIndex + magic.count + 4
        guard headerLength > 0, data.count >= magic.count + 4 + headerLength else { throw ReadFailure.corrupt("short header") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data[headerStart..<headerStart + headerLength])
        } catch {
            throw ReadFailure.corrupt("unreadable header")
        }
        let body = Data(data[(headerStart + headerLength)...])
        guard header.url == url.absoluteString else { throw ReadFailure.corrupt("entry is for another URL") }
        guard body.count == header.bodyLength else {
            throw ReadFailure.corrupt("body is \(body.count) bytes, expected \(header.bodyLength)")
        }
        guard FNV1a.hex(body) == header.bodyChecksum else { throw ReadFailure.corrupt("checksum mismatch") }
        return CachedResponse(url: url, body: body, metadata: header.metadata)
    }
}
