import Foundation

// Usage: ShaderEmbedder OUTPUT.swift SHADER...
// Writes `enum EmbeddedShaders { static let sources: [String: String] }` keyed by file name.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: ShaderEmbedder OUTPUT SHADER...\n".utf8))
    exit(2)
}
var swift = "// Generated from shaders/ by the EmbedShaders plugin. Do not edit.\n"
swift += "enum EmbeddedShaders {\n    static let sources: [String: String] = [\n"
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    swift += "        \"\(url.lastPathComponent)\": ####\"\"\"\n\(text)\n\"\"\"####,\n"
}
swift += "    ]\n}\n"
try swift.write(toFile: output, atomically: true, encoding: .utf8)
