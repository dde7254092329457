import Foundation
import PackagePlugin

/// Turns every GLSL file in the package's `shaders/` folder into Swift string constants, so the
/// program carries its shaders and runs from any working directory.
@main struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "shaders")
        let shaders = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["vert", "frag"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [.buildCommand(
            displayName: "Embedding \(shaders.count) shaders",
            executable: try context.tool(named: "ShaderEmbedder").url,
            arguments: [output.path] + shaders.map(\.path),
            inputFiles: shaders,
            outputFiles: [output])]
    }
}
