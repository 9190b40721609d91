/// A device's address as Syncthing takes it: `tcp://HOST:PORT` (also `tcp4`, `tcp6`, `quic`,
/// `quic4`, `quic6`), the host a name, an IPv4 address or a bracketed IPv6 one.
public enum SyncthingAddress {
    /// True when `text` is such an address, e.g. `tcp://192.168.1.20:22000`.
    public static func isValid(_ text: String) -> Bool {
        guard let scheme = ["tcp://", "tcp4://", "tcp6://", "quic://", "quic4://", "quic6://"].first(where: text.hasPrefix) else { return false }
        let rest = text.dropFirst(scheme.count)
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(port) else { return false }
        let host = rest[..<colon]
        return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }
    }
}
