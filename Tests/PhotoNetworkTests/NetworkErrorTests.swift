import PhotoNetwork
import Testing

@Suite("NetworkError")
struct NetworkErrorTests {
    @Test("every error reads as a sentence for the log")
    func messages() {
        #expect(NetworkError.dnsFailure(host: "photos.example").description == "could not find the server “photos.example”")
        #expect(NetworkError.connectionRefused(host: "127.0.0.1").description == "the server “127.0.0.1” refused the connection")
        #expect(NetworkError.tooSlow(bytesPerSecond: 1024, seconds: 30).description
            == "the download stayed below 1024 bytes/s for 30 s and was stopped")
        #expect(NetworkError.truncatedBody(received: 10, expected: 20).description == "the download ended after 10 of 20 bytes")
        #expect(NetworkError.tooLarge(limit: 200 << 20).description == "the file is larger than the 200 MiB limit")
        #expect(NetworkError.tooLarge(limit: 10_000).description == "the file is larger than the 10000-byte limit")
        #expect(NetworkError.httpStatus(503).description == "the server answered 503 Service Unavailable")
        #expect(NetworkError.httpStatus(418).description == "the server answered 418")
    }

    @Test("a stored copy may stand in for network and server failures, not for answers or refusals")
    func staleResponsePolicy() {
        let standIn: [NetworkError] = [.dnsFailure(host: "h"), .connectionRefused(host: "h"), .connectionReset(host: "h"),
                                       .timedOut(seconds: 10), .tooSlow(bytesPerSecond: 1, seconds: 1),
                                       .truncatedBody(received: 1, expected: 2), .httpStatus(500), .httpStatus(503)]
        let noStandIn: [NetworkError] = [.httpStatus(404), .httpStatus(410), .cancelled, .tooLarge(limit: 1),
                                         .disallowedRedirect(to: "file:///"), .tooManyRedirects(limit: 5),
                                         .unsupportedScheme("ftp")]
        #expect(standIn.allSatisfy { $0.allowsStaleResponse })
        #expect(!noStandIn.contains { $0.allowsStaleResponse })
    }
}
