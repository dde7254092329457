/// Why the cache could not write a file. The thumbnail itself is still shown; only saving failed.
public struct CacheWriteError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

