import Foundation
import PhotoCore
import PhotoLog
import PhotoStorage

/// The slideshow's place kept across restarts (docs/behaviour.md §9): one small file per set of
/// sources under `$XDG_STATE_HOME/sdlphoto/` (else `~/.local/state/sdlphoto/`), written whole
/// (a temporary file renamed over it) each time a photo comes, so a restart — a reboot, a kill,
/// a power cut — goes on where it stopped: the same photo, and a shuffle's cycle with the
/// photos it has not shown yet. Only the program's own file is written.
package struct SlideshowResume {
    struct Saved: Codable, Equatable {
        /// The photos as the sources listed them, in order (`listing(of:)`): the mark holds for
        /// the same photos only.
        var listing: String
        /// The photo on screen; where the photos changed, the slideshow starts on it if it stayed.
        var photo: String
        var mark: SlideMark?
    }

    let path: String
    /// The next start is the launch's: it takes up the saved place.
    private var launching: Bool
    private let writer: Writer

    /// Digests the listing and writes the file on a queue of its own: the loop hands it the place
    /// and draws on (a 50,000-photo listing's digest is not a frame's work).
    private final class Writer: @unchecked Sendable {
        // Sendable: everything but `queue` is touched on `queue` alone.
        let queue = DispatchQueue(label: "sdlphoto.resume")
        var written: Saved?
        var failed = false
        /// The listing's digest, made once per change of the photos.
        var listed: String?
    }

    /// `launching`: the program starts in the slideshow (`--slideshow` with no `--start`).
    init(path: String, launching: Bool) {
        (self.path, self.launching) = (path, launching)
        writer = Writer()
    }

    /// The file for these sources (command-line words, files resolved against `directory`) on
    /// this output (`--display`: two frames on two outputs keep a place each), in the XDG state folder.
    package static func path(sources: [String], display: String? = nil, directory: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        let resolved = sources.map { word in
            word.contains("://") || word == "-" || word.hasPrefix("/") ? word : (directory as NSString).appendingPathComponent(word)
        }
        let words = resolved + (display.map { ["--display=\($0)"] } ?? [])
        return base + "/sdlphoto/resume-" + FNV1a.hex(Data(words.joined(separator: "\n").utf8)) + ".json"
    }

    /// A digest of the photos listed, in order.
    static func listing(of photos: [String]) -> String {
        "\(photos.count)-" + FNV1a.hex(Data(photos.joined(separator: "\n").utf8))
    }

    /// What was saved last, if anything readable was.
    func load() -> Saved? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(Saved.self, from: data)
    }

    /// Where the slideshow should start among `photos` (their locations, in order): the saved
    /// mark where the same photos are listed and its photo is where it was, else the saved photo
    /// where it still is; nil for neither.
    static func resumption(of saved: Saved, photos: [String]) -> (mark: SlideMark?, index: Int)? {
        if saved.listing == listing(of: photos), let mark = saved.mark, let index = mark.photo,
           photos.indices.contains(index), photos[index] == saved.photo {
            return (mark, index)
        }
        return photos.firstIndex(of: saved.photo).map { (nil, $0) }
    }

    /// The launch's slideshow starts: where, among `photos`, if a place was kept. Asked once.
    mutating func takeLaunch(photos: @autoclosure () -> [String]) -> (mark: SlideMark?, index: Int)? {
        guard launching else { return nil }
        launching = false
        return load().flatMap { Self.resumption(of: $0, photos: photos()) }
    }

    /// The photos changed: the listing is digested again at the next save.
    func contentChanged() { writer.queue.async { [writer] in writer.listed = nil } }

    /// A photo came on screen: `photo` (its location) of `photos` (asked for on the writer's
    /// queue, and only after the photos changed), the slideshow at `mark`.
    func keep(photo: String, mark: SlideMark?, photos: @escaping @Sendable () -> [String]) {
        writer.queue.async { [writer, path] in
            let listing = writer.listed ?? Self.listing(of: photos())
            writer.listed = listing
            Self.save(Saved(listing: listing, photo: photo, mark: mark), to: path, by: writer)
        }
    }

    /// A slideshow that does not loop came to its end: the next launch starts from the beginning.
    func forget() {
        writer.queue.async { [writer, path] in
            writer.written = nil
            if unlink(path) != 0, errno != ENOENT, !writer.failed {
                Log.error("cannot forget the slideshow's place in \(path): \(String(cString: strerror(errno)))")
                writer.failed = true
            }
        }
    }

    /// Every place handed over is written (the run ends; a test reads the file).
    func finish() { writer.queue.sync {} }

    /// Keeps `saved`; a write that fails is said once, and the slideshow goes on.
    private static func save(_ saved: Saved, to path: String, by writer: Writer) {
        guard saved != writer.written, let data = try? JSONEncoder().encode(saved) else { return }
        do {
            try AtomicFile.makeDirectories((path as NSString).deletingLastPathComponent, mode: 0o700)
            // Not synced to the disk: a power cut may lose the last photo or two, and an SD card
            // is not worn by a write every few seconds.
            try AtomicFile.write([data], to: URL(fileURLWithPath: path), durable: false)
            writer.written = saved
        } catch {
            if !writer.failed { Log.error("cannot keep the slideshow's place in \(path): \(error)") }
            writer.failed = true
        }
    }
}
