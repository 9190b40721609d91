#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// Where a service on this machine listens, reached only through the loopback interface or a
/// Unix socket: an API key sent there never leaves the machine.
public enum LoopbackEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// An address in 127.0.0.0/8 (four bytes, most significant first) and a port.
    case ipv4(address: UInt32, port: UInt16)
    /// `::1` and a port.
    case ipv6(port: UInt16)
    /// A Unix socket's path (Syncthing's `unix:///run/…/syncthing.sock`).
    case unix(path: String)

    public var description: String {
        switch self {
        case .ipv4(let address, let port): "\(address >> 24).\(address >> 16 & 255).\(address >> 8 & 255).\(address & 255):\(port)"
        case .ipv6(let port): "[::1]:\(port)"
        case .unix(let path): "unix://\(path)"
        }
    }

    /// True for `HOST:PORT` with an IP address for the host (`192.168.1.20:22000`, `[fe80::1]:22000`).
    static func isHostAndPort(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]), port > 0 else { return false }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// What the `Host` header says.
    var hostHeader: String {
        if case .unix = self { return "localhost" }
        return description
    }

    /// How a listening address as a configuration writes it is reached from this machine:
    /// `127.0.0.1:8384`, `[::1]:8384`, `localhost:8384`, a wildcard (`0.0.0.0:8384`, `[::]:8384`,
    /// `:8384`: reached at the loopback address), `unix:///path`, with or without `http://`.
    /// Nil for any other host (another interface's address, a name): what a key would be sent
    /// to might not be this machine.
    public init?(listening text: String) {
        var rest = Substring(text.trimmingWhitespace())
        if rest.hasPrefix("unix://") {
            let path = String(rest.dropFirst("unix://".count))
            guard path.hasPrefix("/") else { return nil }
            self = .unix(path: path)
            return
        }
        for scheme in ["http://", "https://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port > 0 else { return nil }
        var host = rest[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        switch host {
        case "", "0.0.0.0", "localhost": self = .ipv4(address: 0x7F00_0001, port: port)
        case "::", "::1": self = .ipv6(port: port)
        default:
            var address = in_addr()
            guard inet_pton(AF_INET, String(host), &address) == 1 else { return nil }
            let value = UInt32(bigEndian: address.s_addr)
            guard value >> 24 == 127 else { return nil }
            self = .ipv4(address: value, port: port)
        }
    }
}
