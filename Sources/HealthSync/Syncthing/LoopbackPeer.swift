#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// Who runs the server at the other end of a connection on this machine: an API key is sent
/// only to a server this user runs, never to a port or socket another local user took first
/// (one that listens on Syncthing's GUI port while Syncthing is stopped).
enum LoopbackPeer {
    /// The user id that owns the server end of the connected `descriptor`: the peer's
    /// credentials for a Unix socket; for TCP, the owner of the server's socket of this very
    /// connection as the kernel lists it in `/proc/net/tcp` or `tcp6`. Nil when it cannot be told.
    static func owner(of descriptor: Int32, endpoint: LoopbackEndpoint) -> uid_t? {
        switch endpoint {
        case .unix:
            // `struct ucred` (pid, uid, gid), which Glibc's module does not export.
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, length == 12 else { return nil }
            return credentials.uid
        case .ipv4(_, let port):
            return tcpOwner(serverPort: port, clientPort: localPort(of: descriptor, family: AF_INET), table: "/proc/net/tcp")
        case .ipv6(let port):
            return tcpOwner(serverPort: port, clientPort: localPort(of: descriptor, family: AF_INET6), table: "/proc/net/tcp6")
        }
    }

    /// This end's port.
    private static func localPort(of descriptor: Int32, family: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard got == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer in
            family == AF_INET
                ? pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                : pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
    }

    /// The uid of the socket whose local port is `serverPort` and remote port `clientPort`: the
    /// server's end of this connection (an accepted socket is its listener's user's).
    private static func tcpOwner(serverPort: UInt16, clientPort: UInt16?, table: String) -> uid_t? {
        guard let clientPort, let bytes = kernelTable(table) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst() {
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 7, port(fields[1]) == serverPort, port(fields[2]) == clientPort, let uid = uid_t(fields[7]) else { continue }
            return uid
        }
        return nil
    }

    /// A file of `/proc` read to its end (it says its size is 0), at most 64 MiB.
    private static func kernelTable(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 64 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
        return nil
    }

    /// The port of `ADDRESS:PORT` as the table writes it (hexadecimal).
    private static func port(_ field: Substring) -> UInt16? {
        guard let colon = field.lastIndex(of: ":") else { return nil }
        return UInt16(field[field.index(after: colon)...], radix: 16)
    }
}
