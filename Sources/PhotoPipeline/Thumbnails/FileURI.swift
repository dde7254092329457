import Glibc

/// The `file://` URI of a local path, escaped exactly as GLib's `g_filename_to_uri` does, so that our
/// thumbnail names (MD5 of this string) match the ones GNOME file managers write and read.
enum FileURI {
    // GLib's UNSAFE_PATH set: these ASCII characters stay, every other byte becomes %XX (upper case).
    private static let unescaped = Set(Array("!$&'()*+,-./:=@_~".utf8)
        + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8))

    /// `path` made absolute against the working directory (without resolving symlinks, as GLib),
    /// then escaped. The path's bytes are used as they are (file names are bytes on Linux).
    static func of(path: String) -> String {
        "file://" + escape(absolute(path))
    }

    static func escape(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            if unescaped.contains(byte) { out.append(byte) }
            else { out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return "/" + path }
        defer { free(cwd) }
        let base = String(cString: cwd)
        return (base.hasSuffix("/") ? base : base + "/") + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }
}
