import ArgumentParser
import DemoGallery
import Foundation
import PhotoConfig
import PhotoCore
import PhotoIndex
import PhotoLoader
import PhotoLog
import PhotoNetwork
import PhotoServe
import PhotoShell
import PhotoSources

/// `sdlphoto [OPTIONS] [SOURCE...]`. Exit codes: 0 normal, 1 no window or GL context, 2 bad
/// arguments or nothing to show.
@main
struct SDLPhoto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdlphoto",
        abstract: "A GPU-accelerated photo browser.",
        discussion: "With no SOURCE, shows the built-in demo gallery.",
        version: "0.1.0")

    @Argument(help: "Image files or directories.")
    var sources: [String] = []

    @Flag(name: .shortAndLong, help: "Look into directories recursively.")
    var recursive = false

    @Option(help: "Order of photos from a directory: name, mtime, random or date (taken, from each photo's header; kept in an index).")
    var sort: FolderOrder = .name

    @Option(help: ArgumentHelp("Only a directory's photos taken from this date on: YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only a directory's photos taken up to this date (inclusive): YYYY, YYYY-MM or YYYY-MM-DD.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("Only a directory's photos rated at least this many stars (XMP or EXIF rating, 0-5).", valueName: "stars"))
    var rating: Int?

    @Option(help: ArgumentHelp("On this day: only a directory's photos taken on today's date in earlier years, give or take DAYS (--memories alone: 0), widened a day at a time until there are some; the selection follows the date at midnight.", valueName: "days"))
    var memories: Int?

    @Option(help: "Window size in points, WxH (default: 1280x800 windowed; the display with --slideshow or --kiosk).")
    var size: WindowSize?

    @Flag(help: "Start fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Start fullscreen in the slideshow, SECONDS a photo (--slideshow alone: 5).", valueName: "seconds"))
    var slideshow: Double?

    @Option(help: "Slideshow transition: crossfade, kenburns, slide or none.")
    var transition: Slideshow.Transition = .crossfade

    @Flag(help: "Slideshow in random order, every photo once per cycle.")
    var shuffle = false

    @Flag(help: "Slideshow starts over after the last photo (always in kiosk mode).")
    var loop = false

    @Option(help: "Slideshow: portraits shows two portrait photos side by side on a landscape screen (two landscapes stacked on a portrait one); off.")
    var pair: PairOption = .off

    @Option(help: ArgumentHelp("A text file whose first lines show in the top left corner, read again when it changes.", valueName: "path"))
    var overlayFile: String?

    @Flag(name: .customLong("no-resume"), help: "Start the slideshow from the beginning, not where the last run stopped.")
    var noResume = false

    @Flag(help: "Kiosk: fullscreen, no cursor, no quit keys (SIGTERM and SIGINT still end it), attract slideshow when idle.")
    var kiosk = false

    @Option(help: ArgumentHelp("Grid thumbnails made ahead of the screen into the thumbnail cache, in screenfuls (a large number: the whole library).", valueName: "screens"))
    var thumbnailsAhead: Int = RunOptions.defaultThumbnailsAhead

    @Flag(help: "Play video clips with their sound (default: muted).")
    var audio = false

    @Option(help: ArgumentHelp("In the slideshow, a clip plays to its end or this many seconds, whichever comes first.", valueName: "seconds"))
    var videoMax: Double = 30

    @Option(help: "In the slideshow, a Live Photo or Motion Photo shows its still, or plays its motion once first: still or play.")
    var livePhotos = "still"

    @Flag(help: "The browser's bars offer to move a photo (a local file) to the Trash, asking first; Undo for 5 s.")
    var allowDelete = false

    @Flag(help: "Less motion: a photo opens and closes by fading, the slideshow's Ken Burns and slide become cross-fades (default: as the desktop asks).")
    var reduceMotion = false

    @Option(help: "A tap on the photo in the browser closes it, or shows its bars: close or controls (default: controls by finger, close by mouse).")
    var tap: String?

    @Option(help: "Kiosk: seconds without input before the attract slideshow starts.")
    var idle: Double = 120

    @Option(help: "Turn the picture and touch 0, 90, 180 or 270 degrees clockwise, for a panel mounted on its side.")
    var rotate: Int = 0

    @Option(help: "Window position in points, X,Y (default: centred), from the corner of --display's output.")
    var position: WindowPosition?

    @Option(help: ArgumentHelp("The output the window (or fullscreen) goes on: its number, 0 the first, or its name.", valueName: "n|name"))
    var display: String?

    @Option(help: "Write a PNG of the drawable once nothing is loading or animating (or at --at), then exit.")
    var screenshot: String?

    @Option(name: .customLong("at"), help: "With --screenshot: take it at this many ms of app time.")
    var atMs: Double?

    @Option(help: "GPU texture memory budget in MiB (default: what the window shows next, docs/behaviour.md §7).")
    var textureBudget: Int?

    @Option(help: "Open photo N (1-based) directly in the browser, with no grid behind it.")
    var start: Int?

    @Flag(help: "Give every photo a caption: its file name where --caption gives nothing.")
    var captions = false

    @Option(help: ArgumentHelp("Caption: text with {caption} (the source's), {name}, {date} (EXIF, in the locale's words), {ago}, {camera} and {place} (the town near where it was taken).", valueName: "format"))
    var caption = "{caption}"

    @Option(help: ArgumentHelp("Show a clock in the top right corner (strftime FORMAT; --clock alone: %H:%M).", valueName: "format"))
    var clock: String?

    @Option(help: "In the slideshow, what surrounds a photo of another shape than the screen: black, blur or mat.")
    var fill: Slideshow.Fill = .black

    @Flag(help: "Show a frame-time HUD; on exit print one JSON line of frame statistics.")
    var stats = false

    @Option(help: "Write milestones (first_frame, image_shown, thumbs_done, slide, content, input, fan_shown) to this file.")
    var events: String?

    @Option(help: "Feed this script of input events through the event queue, on virtual time.")
    var replay: String?

    @Option(help: "Virtual time per frame in ms during a replay.")
    var frameMs: Double = 16.667

    @Flag(help: "Replay in wall-clock time instead of virtual time.")
    var realtime = false

    @Option(help: "List a manifest URL or a WebDAV folder again every SECONDS to pick up new, changed and removed photos (0: never); local folders are watched.")
    var refresh: Double = 300

    @Option(help: ArgumentHelp("User names and passwords for servers (WebDAV folders, any http URL), as curl reads them: default $NETRC, else ~/.netrc.", valueName: "file"))
    var netrc: String?

    @Option(help: ArgumentHelp("Also trust the certificate authorities (PEM) in this file for https, davs:// and immich+https://: a NAS's or home server's own.", valueName: "file"))
    var caFile: String?

    @Option(help: ArgumentHelp("The API key for immich+https:// sources, read from this file (one line; a file others can read gets a warning).", valueName: "file"))
    var immichKeyFile: String?

    @Option(help: "Disk cache for photos from the network, in MiB ($XDG_CACHE_HOME/sdlphoto).")
    var diskCache: Int = 1024

    @Option(help: "Read settings from this TOML file instead of $XDG_CONFIG_HOME/sdlphoto/config.toml (options win).")
    var config: String?

    @Flag(help: "Log more.")
    var verbose = false

    @Option(help: ArgumentHelp("Remote control over HTTP (JSON API and a phone page) on [ADDR:]PORT; ADDR defaults to 127.0.0.1.", valueName: "[addr:]port"))
    var control: String?

    @Option(help: ArgumentHelp("The token control requests must carry (Authorization: Bearer TOKEN); needed to listen beyond loopback.", valueName: "token"))
    var controlToken: String?

    @Option(help: ArgumentHelp("Remote control over MQTT: the broker, mqtt://[USER:PASS@]HOST[:PORT] (PORT defaults to 1883).", valueName: "url"))
    var mqtt: String?

    @Option(help: ArgumentHelp("With --mqtt: commands on BASE/cmd, the status on BASE/state, online/offline on BASE/availability (default: sdlphoto/HOSTNAME).", valueName: "base"))
    var mqttTopic: String?

    @Option(name: .customLong("sleep"), help: ArgumentHelp("Sleep every day at this local time, HH:MM (with --wake): a black screen, nothing drawn or fetched.", valueName: "hh:mm"))
    var sleepTime: String?

    @Option(name: .customLong("wake"), help: ArgumentHelp("Wake every day at this local time, HH:MM (with --sleep).", valueName: "hh:mm"))
    var wakeTime: String?

    @Option(help: ArgumentHelp("Shell command run (sh -c) each time the frame goes to sleep, e.g. to turn the display off.", valueName: "command"))
    var onSleep: String?

    @Option(help: ArgumentHelp("Shell command run (sh -c) each time the frame wakes.", valueName: "command"))
    var onWake: String?

    @Flag(help: "Asleep, leave the display lit (black) instead of switching it off where the compositor lets the program (wlroots: cage, sway, labwc, wayfire).")
    var keepDisplayOn = false

    /// The same ranges as a config file's (one table, `ConfigArguments.schema`).
    func validate() throws {
        var values: [(String, ConfigValue)] = [
            ("frame-ms", .float(frameMs)), ("refresh", .float(refresh)),
            ("disk-cache", .integer(diskCache)), ("idle", .float(idle)), ("rotate", .integer(rotate)),
            ("thumbnails-ahead", .integer(thumbnailsAhead)), ("video-max", .float(videoMax)), ("live-photos", .string(livePhotos)),
        ]
        if let tap { values.append(("tap", .string(tap))) }
        if let start { values.append(("start", .integer(start))) }
        if let textureBudget { values.append(("texture-budget", .integer(textureBudget))) }
        if let slideshow { values.append(("slideshow", .float(slideshow))) }
        if let rating { values.append(("rating", .integer(rating))) }
        if let memories { values.append(("memories", .integer(memories))) }
        for (name, date) in [("--since", since), ("--until", until)] {
            if let date, !DateSelection.isDate(date) { throw ValidationError("\(name): “\(date)” is not a date: YYYY, YYYY-MM or YYYY-MM-DD") }
        }
        for (key, value) in values {
            if let complaint = ConfigArguments.schema.complaint(about: value, key: key) { throw ValidationError(complaint) }
        }
        do { _ = try CaptionFormat(caption) } catch { throw ValidationError("--caption: \(error)") }
        try validateFrameOptions()
    }

    /// `--caption`, checked by `validate`.
    var captionFormat: CaptionFormat { (try? CaptionFormat(caption)) ?? .standard }

    mutating func run() throws {
        Log.setVerbose(verbose)
        let cacheBytes = Int64(diskCache) * 1024 * 1024
        let netrcPath = Netrc.path(netrc ?? ProcessInfo.processInfo.environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 })
        let arguments = SourceFactory.expandingStandardInput(sources)
        let serverKeys = try immichKeys(for: arguments)
        let caFile = try trustedAuthorities()
        let network = LazyNetwork { SDLPhoto.makeNetwork(cacheBytes: cacheBytes, netrcFile: netrcPath, serverKeys: serverKeys, caFile: caFile) }
        var demoServer: GalleryServer?
        defer { demoServer?.stopAndWait() }
        var sourceOptions = SourceFactory.Options(recursive: recursive, order: sort, refreshSeconds: refresh, network: network, netrcPath: netrcPath)
        sourceOptions.immichKeyFile = serverKeys.isEmpty ? nil : immichKeyFile
        sourceOptions.selection = SelectionControl(liveSettings.selection, open: { Self.openIndex() })
        /// Each source with what it gave at start; nil for a manifest on a server that cannot be
        /// fetched yet: the window waits for it.
        var started: [(source: any PhotoSource, listing: SourceListing?)] = []
        var waiting: [String] = []
        do {
            if sources.isEmpty {
                let (server, manifest) = try SDLPhoto.demoGallery()
                demoServer = server
                let demo = try SourceFactory.source(for: manifest.absoluteString, sourceOptions)
                started = [(demo, try demo.list())]
            } else {
                for argument in arguments {
                    let source = try SourceFactory.source(for: argument, sourceOptions)
                    do {
                        started.append((source, try source.list()))
                    } catch let unreachable as SourceUnreachable {
                        // A kiosk that boots before its network: wait for the manifest, not exit.
                        Log.error("\(unreachable); waiting for it")
                        started.append((source, nil))
                        waiting.append(argument)
                    }
                }
            }
        } catch {
            Log.error("\(error)")
            throw ExitCode(2)
        }
        var script: ReplayScript?
        if let replay {
            do {
                script = try ReplayScript.parse(String(contentsOfFile: replay, encoding: .utf8))
            } catch let error as ReplayScript.ParseError {
                Log.error("\(replay): \(error)")
                throw ExitCode(2)
            } catch {
                Log.error("cannot read the replay script \(replay): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        // The program's own output (screenshots) landing in a watched folder is not a photo.
        let own = ExcludedFiles(([screenshot] + (script?.events.map { event -> String? in
            if case .screenshot(let path) = event.kind { path } else { nil }
        } ?? [])).compactMap { $0 })
        started = started.map { ($0.source, $0.listing.map(own.filter)) }
        let items = SourceListing.joined(started.map(\.listing))
        guard !items.isEmpty || !waiting.isEmpty else {
            Log.error(sources.isEmpty ? "nothing to show: the demo gallery is missing from this build" : "nothing to show: no image in \(sources.joined(separator: " "))")
            throw ExitCode(2)
        }
        if let start, start > items.count, waiting.isEmpty {
            Log.error("--start \(start): there are only \(items.count) photos")
            throw ExitCode(2)
        }
        let windowSize = size ?? WindowSize(width: 1280, height: 800)
        let frame = try frameSettings(network: network)
        defer {
            frame.mqtt?.stop()
            frame.server?.stopAndWait()
        }
        var options = RunOptions(
            size: Size(width: Double(windowSize.width), height: Double(windowSize.height)),
            // A slideshow or a kiosk fills the display unless a size was asked for.
            fullscreen: fullscreen || ((slideshow != nil || kiosk) && size == nil),
            position: position.map { ($0.x, $0.y) },
            screenshot: screenshot,
            screenshotAtMs: atMs,
            textureBudgetBytes: textureBudget.map { $0 * 1024 * 1024 },
            startIndex: start.map { $0 - 1 },
            presentation: liveSettings.presentation,
            stats: stats,
            eventsPath: events,
            replay: script,
            frameMs: frameMs,
            realtime: realtime,
            slideshow: liveSettings.slideshow,
            startsInSlideshow: slideshow != nil,
            kiosk: kiosk,
            rotation: Rotation(degrees: rotate),
            waitingFor: waiting.compactMap { URL(string: $0)?.host })
        options.frame = frame.settings
        options.thumbnailsAhead = thumbnailsAhead
        options.video = (audio, videoMax, livePhotos == "play")
        options.pageTap = PageTap(option: tap)
        options.reduceMotion = reduceMotion
        options.overlayFile = overlayFile.map { ($0 as NSString).expandingTildeInPath }
        let commandLine = Array(CommandLine.arguments.dropFirst())
        options.liveConfig = (ConfigArguments.path(in: commandLine, environment: ProcessInfo.processInfo.environment), { try SDLPhoto.liveSettings(commandLine: commandLine) })
        // A replay or a screenshot renders the same frames anywhere: it neither takes up nor keeps a place.
        if !noResume, script == nil, screenshot == nil {
            options.resumePath = SlideshowResume.path(sources: sources, display: display, directory: FileManager.default.currentDirectoryPath, environment: ProcessInfo.processInfo.environment)
        }
        options.allowDelete = allowDelete
        options.display = display
        options.selection = liveSettings.selection
        options.places = PlaceData.url.map { OfflinePlaces(url: $0, locale: CaptionDate.locale()) }
        options.rightToLeft = ReadingDirection.isRightToLeft()
        let content = LiveContent(sources: started, excluded: own, selection: sourceOptions.selection)
        let code = Launch.run(items: items, network: network, content: content, options: options)
        network.finishWrites()
        if code != 0 { throw ExitCode(code) }
    }

    /// Bad arguments exit 2 (docs/behaviour.md §13), not ArgumentParser's 64.
    static func main() {
        Log.bootstrap()
        MemoryReturn.configure()
        do {
            let arguments: [String]
            do {
                arguments = try ConfigArguments.merged(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
            } catch {
                Log.error("\(error)")
                Foundation.exit(ConfigError.exitCode)
            }
            var command = try parseAsRoot(withDefaultSlideshow(arguments))
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            FileHandle.standardError.write(Data("sdlphoto: \(fullMessage(for: error))\n".utf8))
            Foundation.exit(2)
        }
    }
}

