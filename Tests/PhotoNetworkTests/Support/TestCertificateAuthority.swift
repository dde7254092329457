import Foundation

/// A throwaway certificate authority for one test, made with the `openssl` command (Debian's
/// `openssl` package): clients are given its certificate as their CA file, and it issues server
/// certificates for chosen names. Keys are P-256, valid for two days.
struct TestCertificateAuthority: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where its files live; the caller removes the folder.
    let folder: URL
    /// The CA certificate (PEM): what a client trusts.
    var certificate: URL { folder.appendingPathComponent("ca.pem") }
    private var key: URL { folder.appendingPathComponent("ca.key") }

    init(in folder: URL) throws {
        self.folder = folder
        let config = try write("ca.cnf", """
            [req]
            distinguished_name = name
            prompt = no
            [name]
            CN = sdlphoto test CA
            [ca]
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign
            subjectKeyIdentifier = hash
            """)
        try openssl(["req", "-x509", "-config", config.path, "-extensions", "ca", "-days", "2",
                     "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", key.path, "-out", certificate.path])
    }

    /// A server certificate and its key (PEM files) for `names`: host names and IP addresses,
    /// each one a subject alternative name, the first also the common name.
    func issue(for names: [String], serial: Int = 2) throws -> (certificate: URL, key: URL) {
        let stem = names.first ?? "empty"
        let alternatives = names.map { $0.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" } ? "IP:\($0)" : "DNS:\($0)" }
        let config = try write("\(stem).cnf", """
            [req]
            distinguished_name = name
            prompt = no
            [name]
            CN = \(stem)
            [server]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            authorityKeyIdentifier = keyid
            subjectAltName = \(alternatives.joined(separator: ", "))
            """)
        let request = folder.appendingPathComponent("\(stem).csr")
        let issued = (certificate: folder.appendingPathComponent("\(stem).pem"), key: folder.appendingPathComponent("\(stem).key"))
        try openssl(["req", "-new", "-config", config.path, "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                     "-nodes", "-keyout", issued.key.path, "-out", request.path])
        try openssl(["x509", "-req", "-in", request.path, "-CA", certificate.path, "-CAkey", key.path,
                     "-set_serial", "\(serial)", "-days", "2", "-extfile", config.path, "-extensions", "server",
                     "-out", issued.certificate.path])
        return issued
    }

    private func write(_ name: String, _ text: String) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data((text + "\n").utf8).write(to: file)
        return file
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.prefix(2).joined(separator: " ")) failed: "
                + String(decoding: message, as: UTF8.self))
        }
    }
}
