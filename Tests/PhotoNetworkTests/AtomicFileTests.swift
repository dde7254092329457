import Foundation
@testable import PhotoNetwork
import Testing
import PhotoStorage

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("a write replaces the file whole and leaves no temporary file behind")
    func replacesWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("entry")
        try AtomicFile.write([Data("old".utf8)], to: file)

        try AtomicFile.write([Data("new ".utf8), Data("parts".utf8)], to: file)

        #expect(try Data(contentsOf: file) == Data("new parts".utf8))
        #expect(folder.fileNames == ["entry"])
    }

    @Test("a write into a missing folder fails with the call and path, and changes nothing")
    func failureNamesTheCall() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("missing/entry")

        #expect {
            try AtomicFile.write([Data("x".utf8)], to: file)
        } throws: { error in
            (error as? FileSystemError)?.description.hasPrefix("open(") == true
        }
        #expect(folder.fileNames.isEmpty)
    }
}
