import CVideo
import Foundation
import PhotoLog

/// One clip played by libmpv into a framebuffer of ours (docs/behaviour.md §19): mpv decodes on
/// threads of its own (in hardware where `hwdec=auto-safe` finds a decoder) and draws each frame,
/// scaled, tone-mapped to SDR and turned upright, into the texture the renderer composes like a
/// photo. Made, asked and freed on the GL thread, whose context must be current.
public final class VideoPlayback {
    /// The GL loader mpv resolves its functions with (SDL_GL_GetProcAddress).
    public typealias ProcAddress = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?

    private let handle: OpaquePointer
    private let render: OpaquePointer
    private let signal: Signal
    public let path: String
    /// Once loaded: seconds, frames a second; and whether nothing more is to come.
    public private(set) var duration: Double?
    public private(set) var framesPerSecond: Double?
    public private(set) var hasEnded = false
    /// A seek asked for and not yet done (mpv's playback-restart ends it).
    public private(set) var isSeeking = false
    /// Why it cannot play, once known: one line for the log and the page.
    public private(set) var failure: String?
    /// Seconds into the clip of the frame mpv last said it shows.
    public private(set) var position: Double = 0

    /// Opens `path` paused, the sound off unless `audio`. nil, with `failure`'s line logged,
    /// when libmpv cannot be loaded or will not draw with this GL context.
    /// `display`: the window's X11 or Wayland connection, which hardware decoding's interop needs.
    public init?(path: String, audio: Bool, procAddress: ProcAddress, display: (x11: UnsafeMutableRawPointer?, wayland: UnsafeMutableRawPointer?) = (nil, nil),
                 wake: @escaping @Sendable () -> Void) {
        guard let handle = mpv_create() else {
            Log.error("cannot play \(path): libmpv.so.2 cannot be loaded")
            return nil
        }
        self.handle = handle
        self.path = path
        let signal = Signal(wake: wake)
        self.signal = signal
        let options: [(String, String)] = [
            ("config", "no"), ("terminal", "no"), ("input-default-bindings", "no"), ("osc", "no"),
            ("vo", "libmpv"), ("hwdec", "auto-safe"), ("keep-open", "yes"), ("pause", "yes"),
            // Muted, no audio is decoded at all; unmuting chooses the track again.
            ("aid", audio ? "auto" : "no"), ("sub", "no"), ("audio-display", "no"),
            ("hr-seek", "yes"), ("gpu-hwdec-interop", Self.hardwareInterop),
        ]
        for (name, value) in options where mpv_set_option_string(handle, name, value) < 0 {
            Log.info("libmpv refused \(name)=\(value)")
        }
        guard mpv_initialize(handle) >= 0 else {
            Log.error("cannot play \(path): libmpv did not start")
            mpv_terminate_destroy(handle)
            return nil
        }
        var created: OpaquePointer?
        let made: Int32 = MPV_RENDER_API_TYPE_OPENGL.withCString { api in
            var initParams = mpv_opengl_init_params(get_proc_address: procAddress, get_proc_address_ctx: nil)
            return withUnsafeMutablePointer(to: &initParams) { initPointer in
                var params = [
                    mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                    mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_INIT_PARAMS, data: UnsafeMutableRawPointer(initPointer)),
                ]
                if let x11 = display.x11 { params.append(mpv_render_param(type: MPV_RENDER_PARAM_X11_DISPLAY, data: x11)) }
                if let wayland = display.wayland { params.append(mpv_render_param(type: MPV_RENDER_PARAM_WL_DISPLAY, data: wayland)) }
                params.append(mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil))
                return mpv_render_context_create(&created, handle, &params)
            }
        }
        guard made >= 0, let created else {
            Log.error("cannot play \(path): libmpv cannot draw with this OpenGL context")
            mpv_terminate_destroy(handle)
            return nil
        }
        render = created
        let context = Unmanaged.passUnretained(signal).toOpaque()
        mpv_render_context_set_update_callback(render, { context in
            Unmanaged<Signal>.fromOpaque(context!).takeUnretainedValue().frameMayBeReady()
        }, context)
        mpv_set_wakeup_callback(handle, { context in
            Unmanaged<Signal>.fromOpaque(context!).takeUnretainedValue().eventsWaiting()
        }, context)
        mpv_observe_property(handle, 1, "duration", MPV_FORMAT_DOUBLE)
        mpv_observe_property(handle, 2, "container-fps", MPV_FORMAT_DOUBLE)
        mpv_observe_property(handle, 3, "eof-reached", MPV_FORMAT_FLAG)
        mpv_observe_property(handle, 4, "time-pos", MPV_FORMAT_DOUBLE)
        command(["loadfile", path])
    }

    /// How hardware-decoded frames reach GL without a copy: VA-API on PCs, DRM PRIME on ARM
    /// boards (a Raspberry Pi's V4L2 decoder). mpv's CUDA interop is never loaded: its loader
    /// prints to the terminal on every machine without NVIDIA's driver.
    #if arch(arm64) || arch(arm)
    static let hardwareInterop = "drmprime"
    #else
    static let hardwareInterop = "vaapi-egl"
    #endif

    deinit {
        // The render context goes first, on the GL thread, while the handle lives.
        mpv_render_context_free(render)
        mpv_terminate_destroy(handle)
    }

    public var isPaused: Bool {
        get { flag("pause") }
        set { setFlag("pause", newValue) }
    }

    /// Sound on or off: on decodes the clip's audio track from here on.
    public func setAudio(_ on: Bool) { mpv_set_property_string(handle, "aid", on ? "auto" : "no") }

    /// The next frame, paused (virtual time's way to play: a frame when the clock says).
    public func stepFrame() { command(["frame-step"]) }

    /// To `seconds` into the clip, to the frame exactly.
    public func seek(to seconds: Double) {
        hasEnded = false
        isSeeking = true
        position = seconds
        command(["seek", String(seconds), "absolute+exact"])
    }

    /// mpv's news since the last call: loaded, its length, the end, a failure.
    public func takeEvents() {
        while let event = mpv_wait_event(handle, 0), event.pointee.event_id != MPV_EVENT_NONE {
            switch event.pointee.event_id {
            case MPV_EVENT_PLAYBACK_RESTART:
                isSeeking = false
            case MPV_EVENT_END_FILE:
                let end = event.pointee.data.assumingMemoryBound(to: mpv_event_end_file.self).pointee
                if end.reason == MPV_END_FILE_REASON_ERROR {
                    failure = "the video cannot be played: " + String(cString: mpv_error_string(end.error))
                    Log.error("cannot play \(path): \(failure!)")
                }
                hasEnded = true
            case MPV_EVENT_PROPERTY_CHANGE:
                let change = event.pointee.data.assumingMemoryBound(to: mpv_event_property.self).pointee
                guard let data = change.data else { continue }
                switch (String(cString: change.name), change.format) {
                case ("duration", MPV_FORMAT_DOUBLE): duration = data.load(as: Double.self)
                case ("container-fps", MPV_FORMAT_DOUBLE): framesPerSecond = data.load(as: Double.self)
                case ("time-pos", MPV_FORMAT_DOUBLE): position = data.load(as: Double.self)
                case ("eof-reached", MPV_FORMAT_FLAG): hasEnded = data.load(as: Int32.self) != 0
                default: break
                }
            default:
                break
            }
        }
    }

    /// A new frame is there to draw (mpv said so since the last `draw`).
    public var hasNewFrame: Bool {
        guard signal.takeFrameNews() else { return false }
        return mpv_render_context_update(render) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
    }

    /// Waits (`limit` seconds at most) until mpv has a new frame; for virtual time, where the
    /// loop shows the frame due whatever decoding it takes.
    public func waitForFrame(limit: Double = 5) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            takeEvents()
            if failure != nil || hasNewFrame { return failure == nil }
            // Stepped past the last frame: there is no next one to wait for.
            if hasEnded { return false }
            signal.wait(until: min(end, Date().addingTimeInterval(0.05)))
        }
        return false
    }

    /// Waits (`limit` seconds at most) until the seek asked for is done: mpv's current frame is
    /// then the one there, whatever frame news came before.
    public func waitForSeek(limit: Double = 5) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            takeEvents()
            if failure != nil { return false }
            if !isSeeking {
                _ = hasNewFrame
                return true
            }
            signal.wait(until: min(end, Date().addingTimeInterval(0.05)))
        }
        return false
    }

    /// Draws the current frame into framebuffer `fbo`, `width`x`height`, row 0 at the top as the
    /// renderer's textures are. Never waits for the frame's time.
    public func draw(fbo: UInt32, width: Int, height: Int) {
        var target = mpv_opengl_fbo(fbo: Int32(fbo), w: Int32(width), h: Int32(height), internal_format: 0x8058)  // GL_RGBA8: the page texture's
        var flip: Int32 = 0, block: Int32 = 0
        withUnsafeMutablePointer(to: &target) { target in
            withUnsafeMutablePointer(to: &flip) { flip in
                withUnsafeMutablePointer(to: &block) { block in
                    var params = [
                        mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_FBO, data: UnsafeMutableRawPointer(target)),
                        mpv_render_param(type: MPV_RENDER_PARAM_FLIP_Y, data: UnsafeMutableRawPointer(flip)),
                        mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: UnsafeMutableRawPointer(block)),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    _ = mpv_render_context_render(render, &params)
                }
            }
        }
    }

    /// Frames mpv let go without their being drawn: the decoder's and the output's drops.
    public var droppedFrames: Int { integer("frame-drop-count") + integer("decoder-frame-drop-count") }

    private func integer(_ name: String) -> Int {
        var value: Int64 = 0
        _ = mpv_get_property(handle, name, MPV_FORMAT_INT64, &value)
        return Int(value)
    }

    /// The frame drawn has been presented: mpv times the next one from it.
    public func presented() { mpv_render_context_report_swap(render) }

    private func command(_ words: [String]) {
        var cStrings: [UnsafePointer<CChar>?] = words.map { UnsafePointer(strdup($0)) } + [nil]
        defer { for p in cStrings { free(UnsafeMutablePointer(mutating: p)) } }
        _ = cStrings.withUnsafeMutableBufferPointer { mpv_command(handle, $0.baseAddress) }
    }

    private func flag(_ name: String) -> Bool {
        var value: Int32 = 0
        _ = mpv_get_property(handle, name, MPV_FORMAT_FLAG, &value)
        return value != 0
    }

    private func setFlag(_ name: String, _ on: Bool) {
        var value: Int32 = on ? 1 : 0
        _ = mpv_set_property(handle, name, MPV_FORMAT_FLAG, &value)
    }

    /// What mpv's threads tell the loop: a frame may be ready, events wait. Sendable: its state
    /// sits under its condition's lock.
    final class Signal: @unchecked Sendable {
        private let condition = NSCondition()
        private var frameNews = false
        /// Something came since the last wait: the waiter looks before it sleeps.
        private var eventNews = false
        let wake: @Sendable () -> Void

        init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

        func frameMayBeReady() {
            condition.withLock { frameNews = true; condition.broadcast() }
            wake()
        }

        func eventsWaiting() {
            condition.withLock { eventNews = true; condition.broadcast() }
            wake()
        }

        func takeFrameNews() -> Bool {
            condition.withLock {
                defer { frameNews = false }
                return frameNews
            }
        }

        func wait(until limit: Date) {
            condition.withLock {
                if !frameNews && !eventNews { _ = condition.wait(until: limit) }
                eventNews = false
            }
        }
    }
}
