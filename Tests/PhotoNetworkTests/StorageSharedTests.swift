import Foundation
@testable import PhotoServe
import PhotoStorage
import Testing

/// What the disk cache and the gallery server share from PhotoStorage.
@Suite("Shared storage helpers")
struct StorageSharedTests {
    @Test("FNV-1a 64 matches the published test vectors")
    func fnvVectors() {
        #expect(FNV1a.hash64(Data()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash64(Data("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hex(Data("foobar".utf8)) == "85944171f73967e8")
    }

    @Test("a generated body's ETag is its FNV-1a in quotes")
    func manifestETag() {
        let body = Data(#"{"items":[]}"#.utf8)
        #expect(FileValidators(content: body).eTag == "\"" + FNV1a.hex(body) + "\"")
    }
}
