import Foundation

/// Headless Chromium driven over WebDriver (chromedriver's HTTP on loopback), as in
/// MACHINE.md: as root it needs `--no-sandbox`. Debian's `chromium` and `chromium-driver`
/// (scripts/deps installs them).
public final class WebDriver {
    public static let chromium = "/usr/bin/chromium"
    public static let chromedriver = "/usr/bin/chromedriver"
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "the real-browser test needs Debian's chromium and chromium-driver (\(WebDriver.chromium), \(WebDriver.chromedriver)): run scripts/deps, or apt-get install chromium chromium-driver"
        }
    }

    private let driver: ChildProcess
    private let client: ControlClient
    private let session: String
    private let profile: URL

    /// Starts chromedriver and a headless Chromium session.
    public init(scratch: URL) async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium), FileManager.default.isExecutableFile(atPath: Self.chromedriver) else { throw Missing() }
        let port = try ControlClient.freePort()
        client = ControlClient(port: port)
        profile = scratch.appendingPathComponent("chromium-profile")
        driver = try ChildProcess(URL(fileURLWithPath: Self.chromedriver), ["--port=\(port)"], environment: ProcessInfo.processInfo.environment)
        try await Poll.until("chromedriver to answer on port \(port)", seconds: 30, interval: .milliseconds(100)) { [client, driver] in
            guard driver.isRunning else { throw ControlClient.Failure("chromedriver exited: \(driver.stderrSoFar)") }
            return (try? await client.request("GET", "/status"))?.status == 200
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": [
            "binary": Self.chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)"],
        ]]]]
        let answer = try await Self.call(client, "POST", "/session", capabilities)
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            driver.terminate()
            throw ControlClient.Failure("no WebDriver session: \(answer)")
        }
        session = id
    }

    public func open(_ url: String) async throws {
        _ = try await Self.call(client, "POST", "/session/\(session)/url", ["url": url])
    }

    public func text(of selector: String) async throws -> String {
        let value = try await Self.call(client, "GET", "/session/\(session)/element/\(try await element(selector))/text")["value"]
        return value as? String ?? ""
    }

    public func click(_ selector: String) async throws {
        _ = try await Self.call(client, "POST", "/session/\(session)/element/\(try await element(selector))/click", [String: Any]())
    }

    /// The value of `script` (a function body that returns something) run in the page.
    public func evaluate(_ script: String) async throws -> Any? {
        try await Self.call(client, "POST", "/session/\(session)/execute/sync", ["script": script, "args": [Any]()])["value"]
    }

    /// A PNG of the page as the browser draws it.
    public func screenshot(to url: URL) async throws {
        let value = try await Self.call(client, "GET", "/session/\(session)/screenshot")["value"] as? String ?? ""
        guard let png = Data(base64Encoded: value) else { throw ControlClient.Failure("no screenshot") }
        try png.write(to: url)
    }

    /// Waits until the text of `selector` is `expected`, at most `seconds`; returns the last text seen.
    public func waitForText(_ selector: String, _ expected: String, seconds: Double = 20) async throws -> String {
        var last = ""
        _ = try? await Poll.until("\(selector) to read \(expected)", seconds: seconds, interval: .milliseconds(100)) {
            last = (try? await text(of: selector)) ?? last
            return last == expected
        }
        return last
    }

    public func quit() async {
        _ = try? await Self.call(client, "DELETE", "/session/\(session)")
        driver.terminate()
        _ = await driver.exit(timeout: 10)
    }

    private func element(_ selector: String) async throws -> String {
        let answer = try await Self.call(client, "POST", "/session/\(session)/element", ["using": "css selector", "value": selector])
        guard let value = answer["value"] as? [String: Any], let id = value[Self.elementKey] as? String else {
            throw ControlClient.Failure("no element \(selector): \(answer)")
        }
        return id
    }

    private static func call(_ client: ControlClient, _ method: String, _ path: String, _ body: Any? = nil) async throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let answer = try await client.request(method, path, body: data, token: .some(nil))
        guard let json = answer.json else { throw ControlClient.Failure("\(method) \(path): \(answer.status) \(answer.body.prefix(300))") }
        return json
    }
}
