import Foundation
@testable import PhotoServe
import PhotoStorage
import Testing

/// What the disk cache, the gallery server and the program's folder listing share from PhotoStorage.
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

    @Test("the server lists every image type by default and serves each as an image")
    func everyTypeServed() {
        let configuration = GalleryServer.Configuration(folder: URL(fileURLWithPath: "/nonexistent"))
        #expect(configuration.imageExtensions == ImageFileTypes.extensions)
        for ext in ImageFileTypes.extensions {
            let type = GalleryServer.contentType(of: URL(fileURLWithPath: "/x/photo." + ext.uppercased()))
            #expect(type.hasPrefix("image/"), "\(ext): \(type)")
        }
        #expect(GalleryServer.contentType(of: URL(fileURLWithPath: "/x/notes.txt")) == "application/octet-stream")
        #expect(ImageFileTypes.extensions.isSuperset(of: ["jpg", "jpeg", "png", "webp", "gif", "tif", "tiff", "bmp"]))
    }
}
