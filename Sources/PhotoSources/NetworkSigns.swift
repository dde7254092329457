import Foundation

/// What the machine's network looks like now, cheaply: its routes and its DNS servers. A kiosk
/// that boots before DHCP sees these change the moment its network comes up.
enum NetworkSigns {
    static func read() -> String {
        ["/proc/net/route", "/proc/net/ipv6_route", "/etc/resolv.conf"]
            .map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }
            .joined(separator: "\n")
    }
}
