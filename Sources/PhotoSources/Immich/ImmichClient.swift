import Foundation
import PhotoCore
import PhotoNetwork

/// Asks one Immich server, a request at a time, and waits for each answer: listing runs off the
/// window's thread (before the window opens, or on a queue of its own at a refresh). The key is
/// not here: the network adds it to every request to this server (`ServerKey`).
struct ImmichClient {
    let api: URL
    let network: DataLoading
    let priority: TransferPriority

    /// A JSON answer, read as `T`. Throws `NetworkError`, or `SourceUnusable` for an answer that
    /// is not what the API describes.
    func fetch<T: Decodable>(_ request: DataRequest, as: T.Type) throws -> T {
        let body = try waitingFor { network.load(request, priority: priority, progress: { _, _ in }, completion: $0) }.get().body
        do { return try JSONDecoder().decode(T.self, from: body) } catch {
            let what = request.url.path.split(separator: "/").suffix(2).joined(separator: "/")
            throw SourceUnusable(description: "\(api.host ?? "the server")'s answer to \(request.method) \(what) is not Immich's: \(error)")
        }
    }

    func albums() throws -> [ImmichAPI.Named] { try fetch(ImmichAPI.get(api, "albums"), as: [ImmichAPI.Named].self) }

    func tags() throws -> [ImmichAPI.Named] { try fetch(ImmichAPI.get(api, "tags"), as: [ImmichAPI.Named].self) }

    func people() throws -> [ImmichAPI.Named] {
        var all: [ImmichAPI.Named] = [], page = 1
        while true {
            let answer = try fetch(ImmichAPI.get(api, "people", query: [URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "size", value: "1000")]),
                                   as: ImmichAPI.People.self)
            all += answer.people
            guard answer.hasNextPage == true, !answer.people.isEmpty else { return all }
            page += 1
        }
    }

    /// Every asset the filter admits, oldest first, a page of a thousand at a time.
    func search(_ filter: [String: any Sendable]) throws -> [ImmichAPI.Asset] {
        var all: [ImmichAPI.Asset] = [], page = 1
        while true {
            var body = filter
            (body["order"], body["size"], body["page"]) = ("asc", ImmichAPI.pageSize, page)
            let answer = try fetch(ImmichAPI.post(api, "search/metadata", body: body), as: ImmichAPI.SearchAnswer.self)
            all += answer.assets.items
            guard let next = answer.assets.nextPage.flatMap({ Int($0) }), next > page, !answer.assets.items.isEmpty else { return all }
            page = next
        }
    }

    /// A random choice of up to a thousand assets the filter admits, each once.
    func random(_ filter: [String: any Sendable]) throws -> [ImmichAPI.Asset] {
        var body = filter
        body["size"] = ImmichAPI.pageSize
        return try fetch(ImmichAPI.post(api, "search/random", body: body), as: [ImmichAPI.Asset].self)
    }

    /// One asset with its EXIF and people.
    func asset(_ id: String) throws -> ImmichAPI.Asset { try fetch(ImmichAPI.get(api, "assets/\(id)"), as: ImmichAPI.Asset.self) }

    /// The server's memories for `day`: on this day in earlier years.
    func memories(on day: CalendarDay) throws -> [ImmichAPI.Asset] {
        try fetch(ImmichAPI.get(api, "memories", query: [URLQueryItem(name: "for", value: "\(day)")]), as: [ImmichAPI.Memory].self).flatMap(\.assets)
    }
}
