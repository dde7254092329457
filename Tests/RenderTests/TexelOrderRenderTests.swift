import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// Photos' textures are BGRA where GL takes them (llvmpipe's fast path, docs/behaviour.md §12),
/// RGBA where it does not (`SDLPHOTO_GL_BGRA=0`): either way a red photo is red, and two slides
/// half way through their cross-fade are half of each.
@Suite(.serialized) struct TexelOrderRenderTests {
    /// Red beside blue giving way to green, both the window's shape: at 1500 ms of a 1 s
    /// slideshow the cross-fade is half way, so the left is half red and half green, the right
    /// half blue and half green. Before it starts (500 ms) the first photo is itself.
    @Test(arguments: [true, false])
    func colourAndCrossFadeAreTheSameWhateverTheTextureOrder(bgra: Bool) async throws {
        let dir = try Fixtures.folder("texelOrder\(bgra)")
        let first = dir.appendingPathComponent("a.png"), second = dir.appendingPathComponent("b.png")
        try Fixtures.twoTone(first, width: 640, height: 400, first: (220, 40, 40), second: (40, 40, 220))
        try Fixtures.twoTone(second, width: 640, height: 400, first: (40, 200, 40), second: (40, 200, 40))
        let script = dir.appendingPathComponent("s.txt")
        try "4000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        var environment = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        if !bgra { environment["SDLPHOTO_GL_BGRA"] = "0" }
        for (at, left, right): (Int, (Double, Double, Double), (Double, Double, Double)) in [(500, (220, 40, 40), (40, 40, 220)), (1500, (130, 120, 40), (40, 120, 130))] {
            let shot = dir.appendingPathComponent("shot\(at).png")
            let run = try await AppProcess.run(["--size", "640x400", "--slideshow=1", "--replay", script.path,
                                                "--screenshot", shot.path, "--at", "\(at)", first.path, second.path],
                                               environment: environment)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let picture = try Screenshot(path: shot.path)
            let leftHalf = Rect(x: 40, y: 40, width: 240, height: 320), rightHalf = Rect(x: 360, y: 40, width: 240, height: 320)
            let leftLooks = picture.looks(leftHalf, like: left, tolerance: 4), rightLooks = picture.looks(rightHalf, like: right, tolerance: 4)
            #expect(leftLooks, "BGRA \(bgra), \(at) ms: left \(picture.mean(leftHalf))")
            #expect(rightLooks, "BGRA \(bgra), \(at) ms: right \(picture.mean(rightHalf))")
        }
    }
}
