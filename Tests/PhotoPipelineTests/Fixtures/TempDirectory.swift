import Glibc
import PhotoCore

/// A fresh directory under /tmp, removed (with its files) when the value goes away.
final class TempDirectory {
    let path: String

    init() {
        var template = Array("/tmp/photopipeline-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(nulTerminated: template)
    }

    deinit { _ = system("rm -rf '\(path)'") }

    /// Writes `bytes` to `name` inside the directory and returns the full path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        Self.writeFile(path + "/" + name, bytes)
    }

    /// Writes `bytes` at the absolute `full` path and returns it.
    @discardableResult
    static func writeFile(_ full: String, _ bytes: [UInt8]) -> String {
        let file = fopen(full, "wb")!
        defer { fclose(file) }
        if !bytes.isEmpty { precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count) }
        return full
    }
}

/// True when every channel is within `tolerance` of the expected value (JPEG is lossy).
func isClose(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (Int, Int, Int), tolerance: Int = 12) -> Bool {
    abs(Int(pixel.r) - expected.0) <= tolerance && abs(Int(pixel.g) - expected.1) <= tolerance
        && abs(Int(pixel.b) - expected.2) <= tolerance
}
