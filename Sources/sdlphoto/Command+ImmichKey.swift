import ArgumentParser
import Foundation
import PhotoLog
import PhotoNetwork
import PhotoSources

extension SDLPhoto {
    /// The key each Immich server among `arguments` is given (docs/sources.md), read from
    /// `--immich-key-file`: one line, never the command line, where `ps` shows it to every user.
    /// None without a server or a file (the source then says what it lacks). Exits 2 when the
    /// file cannot be read or is empty; warns when others than its owner may read it.
    func immichKeys(for arguments: [String]) throws -> [ServerKey] {
        let servers = arguments.compactMap(SourceFactory.immichServer)
        guard !servers.isEmpty, let path = immichKeyFile else { return [] }
        let key: String
        do { key = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) } catch {
            Log.error("cannot read the Immich API key from \(path): \((error as NSError).localizedDescription)")
            throw ExitCode(2)
        }
        guard !key.isEmpty, !key.contains("\n") else {
            Log.error("\(path) should hold the Immich API key alone, on one line")
            throw ExitCode(2)
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            Log.error("warning: others than its owner may read the API key in \(path): chmod 600 \(path)")
        }
        return servers.compactMap { ServerKey(server: $0, header: "x-api-key", value: key) }
    }
}
