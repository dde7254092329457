import ArgumentParser
import Foundation
import PhotoLog

extension SDLPhoto {
    /// `--ca-file`, made absolute and checked before anything is fetched (docs/behaviour.md §8):
    /// a file that cannot be read, or holds no certificate, is one line and exit 2, not a
    /// refusal of every https server later.
    func trustedAuthorities() throws -> String? {
        guard let caFile else { return nil }
        let path = URL(fileURLWithPath: caFile).standardizedFileURL.path
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            Log.error("--ca-file \(caFile): cannot be read: \((error as NSError).localizedDescription)")
            throw ExitCode(2)
        }
        guard text.contains("-----BEGIN CERTIFICATE-----") else {
            Log.error("--ca-file \(caFile): holds no certificate (PEM, -----BEGIN CERTIFICATE-----)")
            throw ExitCode(2)
        }
        return path
    }
}
