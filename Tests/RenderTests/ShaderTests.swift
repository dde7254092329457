import Foundation
import Testing
import WindowTestSupport

/// Every GLSL ES source in shaders/ (each `.vert` and `.frag` file found there, not a fixed list)
/// passes the Khronos reference compiler.
@Suite struct ShaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shaders")

    static var shaders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }.sorted()
    }

    /// The quad's vertex stage and one fragment stage of each kind the renderer draws: a photo,
    /// a flat colour, a shape, text. The other photo stages (image-opaque, image-tinted,
    /// image-crossfade) are not required here; the test below checks them like every file found.
    @Test func theShaderFolderHoldsTheQuadAndEveryFragmentStage() {
        #expect(Set(Self.shaders).isSuperset(of: ["quad.vert", "image.frag", "solid.frag", "shape.frag", "text.frag"]))
    }

    @Test(arguments: shaders)
    func shaderIsValidGLSLES300(_ name: String) async throws {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/glslangValidator"),
                                             [Self.folder.appendingPathComponent(name).path], timeout: 60)
        #expect(run.status == 0, "\(name): \(run.stdout)\(run.stderr)")
        let source = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        #expect(source.hasPrefix("#version 300 es"))
    }
}
