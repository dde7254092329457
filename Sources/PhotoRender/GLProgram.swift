import CGLES3
import PhotoCore

public struct RenderError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A linked GLSL ES program with its uniform locations looked up once.
/// Must be created, used and dropped on the thread that owns the GL context.
final class GLProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    init(vertex: String, fragment: String, name: String) throws {
        let vs = try GLProgram.compile(GLenum(GL_VERTEX_SHADER), source: vertex, name: "\(name) vertex")
        defer { glDeleteShader(vs) }
        let fs = try GLProgram.compile(GLenum(GL_FRAGMENT_SHADER), source: fragment, name: "\(name) fragment")
        defer { glDeleteShader(fs) }
        id = glCreateProgram()
        glAttachShader(id, vs)
        glAttachShader(id, fs)
        glLinkProgram(id)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = GLProgram.infoLog(id, getLength: glGetProgramiv, getLog: glGetProgramInfoLog)
            glDeleteProgram(id)
            throw RenderError("cannot link the \(name) shader program: \(log)")
        }
    }

    deinit { glDeleteProgram(id) }

    func location(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = glGetUniformLocation(id, name)
        locations[name] = l
        return l
    }

    private static func compile(_ kind: GLenum, source: String, name: String) throws -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { cstr in
            var p: UnsafePointer<GLchar>? = cstr
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RenderError("cannot compile the \(name) shader: \(log)")
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &buffer)
        return String(nulTerminated: buffer)
    }
}
