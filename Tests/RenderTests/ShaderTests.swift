import Foundation
import Testing

/// Every GLSL ES source in shaders/ passes the Khronos reference compiler.
@Suite struct ShaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shaders")

    static var shaders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }.sorted()
    }

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
