import Testing
import PhotoConfig

@Suite struct ConfigDefaultPathTests {
    @Test func xdgConfigHomeHoldsTheConfigWhenSet() {
        let path = ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/home/u/cfg", "HOME": "/home/u"])
        #expect(path == "/home/u/cfg/sdlphoto/config.toml")
    }

    @Test func withoutXDGConfigHomeTheConfigIsUnderHomeDotConfig() {
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/sdlphoto/config.toml")
    }

    @Test(arguments: ["", "relative/cfg"])
    func anEmptyOrRelativeXDGConfigHomeIsIgnored(xdg: String) {
        let path = ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": xdg, "HOME": "/home/u"])
        #expect(path == "/home/u/.config/sdlphoto/config.toml")
    }

    @Test func aTrailingSlashDoesNotDoubleUp() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg/"]) == "/cfg/sdlphoto/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u/"]) == "/home/u/.config/sdlphoto/config.toml")
    }
}
