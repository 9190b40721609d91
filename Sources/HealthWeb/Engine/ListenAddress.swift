#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// Where the page listens: an IP address (v4, or v6 in brackets) and a port, as
/// `--listen 0.0.0.0:8421` names it. Host names are not looked up: the page binds to an
/// address of this machine, and `localhost` is 127.0.0.1.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// `127.0.0.1`, `0.0.0.0`, `::1`.
    public let host: String
    /// 0 lets the system choose a free port (the one chosen is in ``ListeningSocket/address``).
    public let port: UInt16

    /// The default: this machine only, port 8421.
    public static let standard = ListenAddress(host: "127.0.0.1", port: 8421)

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `ADDRESS:PORT`, `[IPv6]:PORT`, `ADDRESS` (port 8421) or `:PORT` (127.0.0.1).
    public init(parsing text: String) throws(WebError) {
        var host = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .badAddress(text, Phrase("an IPv6 address in brackets needs its ']'")) }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw .badAddress(text, Phrase("expected ':PORT' after the address")) }
                portText = rest.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else {
                throw .badAddress(text, Phrase("put an IPv6 address in brackets, like [::1]:8421"))
            }
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        if host.isEmpty { host = ListenAddress.standard.host }
        if host == "localhost" { host = "127.0.0.1" }
        var port = ListenAddress.standard.port
        if let portText {
            guard let number = UInt16(portText), !portText.isEmpty, portText.allSatisfy(\.isASCIIDigit) else {
                throw .badAddress(text, Phrase("'{port}' is not a port number (0–65535)", ["port": String(portText)]))
            }
            port = number
        }
        guard ListenAddress.family(of: host) != nil else {
            throw .badAddress(text, Phrase("'{host}' is not an IP address of this machine (such as 127.0.0.1, 0.0.0.0 or [::1])", ["host": host]))
        }
        self.init(host: host, port: port)
    }

    /// `127.0.0.1:8421`, `[::1]:8421`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// True for an address only this machine can reach.
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// True when a proxy on this machine is believed (its `X-Forwarded-Proto` and
    /// `X-Forwarded-For`): only on 127.0.0.1 or ::1, the addresses docs/phones.md names for a
    /// proxy on the same machine, not the rest of 127.0.0.0/8.
    public var believesLocalProxy: Bool { host == "127.0.0.1" || host == "::1" }

    /// True for "every address of this machine".
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    static func family(of host: String) -> Int32? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return AF_INET }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 { return AF_INET6 }
        return nil
    }

    /// An address of this machine a phone on the same network can reach: the first IPv4 address
    /// of an interface that is up and not the loopback; nil when there is none.
    public static func localNetworkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(first) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == UInt16(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let converted = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var raw = pointer.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            if converted { return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return nil
    }
}

/// A socket bound and listening at a ``ListenAddress``, until the engine takes it over.
struct ListeningSocket {
    let descriptor: Int32
    /// The address with the port actually bound (the system's choice for port 0).
    let address: ListenAddress

    init(_ requested: ListenAddress) throws(WebError) {
        guard let family = ListenAddress.family(of: requested.host) else { throw .badAddress(requested.description, Phrase("not an IP address")) }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .listen(requested.description, errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let port: UInt16?
        if family == AF_INET {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = requested.port.bigEndian
            inet_pton(AF_INET, requested.host, &address.sin_addr)
            port = ListeningSocket.bind(descriptor, &address, port: \.sin_port)
        } else {
            // [::] serves IPv6 only; 0.0.0.0 is the address for IPv4.
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = requested.port.bigEndian
            inet_pton(AF_INET6, requested.host, &address.sin6_addr)
            port = ListeningSocket.bind(descriptor, &address, port: \.sin6_port)
        }
        guard let port, listen(descriptor, 128) == 0 else {
            let number = errno
            close(descriptor)
            throw .listen(requested.description, number)
        }
        self.descriptor = descriptor
        address = ListenAddress(host: requested.host, port: port)
    }

    /// Binds `descriptor` to `address` (a `sockaddr_in` or `sockaddr_in6`) and returns the port
    /// bound (the system's choice for port 0), or nil when it could not bind.
    private static func bind<Address>(_ descriptor: Int32, _ address: inout Address, port: KeyPath<Address, in_port_t>) -> UInt16? {
        let size = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, size) } }
        guard bound == 0 else { return nil }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return UInt16(bigEndian: address[keyPath: port])
    }
}
