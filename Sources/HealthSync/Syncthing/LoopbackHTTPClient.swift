#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// Why one exchange with a local HTTP server failed, before a status was read.
enum LoopbackHTTPFailure: Error, Equatable {
    /// Nothing listens there (connection refused, no such socket).
    case nothingListens
    /// No complete answer within the time given.
    case timedOut
    /// The answer is not HTTP/1.1 as a server writes it, or larger than the limit.
    case malformed(String)
    /// A system call failed (an errno).
    case system(Int32)
    /// What listens there is not run by this user (its uid), or who runs it cannot be told (nil).
    case notOwnUser(UInt32?)
}

/// An HTTP answer: its status and its body, decoded from chunks when sent in them.
struct LoopbackHTTPResponse {
    let status: Int
    let body: [UInt8]
}

/// One HTTP/1.1 request to a server on this machine, and its answer: `Connection: close`, so
/// the answer ends where the server closes. Every wait is bounded by one deadline, so a server
/// that stops answering costs at most `timeout` seconds.
enum LoopbackHTTPClient {
    /// The largest answer read; Syncthing's configuration of a few hundred devices is far less.
    static let answerLimit = 8 << 20

    static func exchange(
        _ endpoint: LoopbackEndpoint, method: String, target: String, headers: [(String, String)], body: [UInt8]?, timeout: Double
    ) throws(LoopbackHTTPFailure) -> LoopbackHTTPResponse {
        let deadline = MonotonicDeadline(seconds: timeout)
        let connection = try LoopbackConnection(to: endpoint, deadline: deadline)
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\nConnection: close\r\nAccept: application/json\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        request += "\r\n"
        try connection.send(Array(request.utf8) + (body ?? []), deadline: deadline)
        return try parse(try connection.receiveToEnd(limit: answerLimit, deadline: deadline))
    }

    /// The status and body of a whole answer.
    static func parse(_ bytes: [UInt8]) throws(LoopbackHTTPFailure) -> LoopbackHTTPResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.firstRange(of: separator) else { throw .malformed("the answer ends inside its headers") }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = head.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]), (100...599).contains(status) else {
            throw .malformed("the answer does not start with an HTTP status line")
        }
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = String(String(line[line.index(after: colon)...]).trimmingWhitespace())
        }
        let rest = Array(bytes[end.upperBound...])
        if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return LoopbackHTTPResponse(status: status, body: try unchunked(rest))
        }
        if let length = fields["content-length"].flatMap({ Int($0) }) {
            guard length <= rest.count else { throw .malformed("the answer is shorter than its Content-Length") }
            return LoopbackHTTPResponse(status: status, body: Array(rest.prefix(length)))
        }
        return LoopbackHTTPResponse(status: status, body: rest)
    }

    /// A body sent in chunks (`Transfer-Encoding: chunked`), put together.
    static func unchunked(_ bytes: [UInt8]) throws(LoopbackHTTPFailure) -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].firstRange(of: [13, 10]) else { throw .malformed("a chunk's size line is cut off") }
            let sizeText = String(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).prefix { $0 != ";" })
            guard let size = Int(sizeText.trimmingWhitespace(), radix: 16), size >= 0 else { throw .malformed("a chunk's size is not a number") }
            index = lineEnd.upperBound
            if size == 0 { return body }
            guard size <= bytes.count - index else { throw .malformed("a chunk is cut off") }
            body += bytes[index..<index + size]
            index += size + 2
            guard index <= bytes.count else { throw .malformed("a chunk is cut off") }
        }
    }
}

/// One stream socket connected to a ``LoopbackEndpoint``; it owns the descriptor and closes it
/// in `deinit`. Non-blocking, so every wait is a `poll` bounded by the caller's deadline.
final class LoopbackConnection {
    private let descriptor: Int32

    init(to endpoint: LoopbackEndpoint, deadline: MonotonicDeadline) throws(LoopbackHTTPFailure) {
        let family: Int32 =
            switch endpoint {
            case .ipv4: AF_INET
            case .ipv6: AF_INET6
            case .unix: AF_UNIX
            }
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .system(errno) }
        let started = LoopbackConnection.connect(descriptor, endpoint)
        if started != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EAGAIN else { throw LoopbackConnection.failure(code) }
            try wait(for: Int16(POLLOUT), deadline: deadline)
            var pending: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 else { throw .system(errno) }
            if pending != 0 { throw LoopbackConnection.failure(pending) }
        }
        let owner = LoopbackPeer.owner(of: descriptor, endpoint: endpoint)
        guard owner == getuid() else { throw .notOwnUser(owner) }
    }

    deinit {
        close(descriptor)
    }

    private static func failure(_ code: Int32) -> LoopbackHTTPFailure {
        code == ECONNREFUSED || code == ENOENT || code == ECONNRESET ? .nothingListens : .system(code)
    }

    private static func connect(_ descriptor: Int32, _ endpoint: LoopbackEndpoint) -> Int32 {
        switch endpoint {
        case .ipv4(let host, let port):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = host.bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .ipv6(let port):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        case .unix(let path):
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard bytes.count < capacity else {
                errno = ENAMETOOLONG
                return -1
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
                raw[bytes.count] = 0
            }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
    }

    /// Waits until the socket is ready for `events`, or throws when the deadline passes.
    private func wait(for events: Int16, deadline: MonotonicDeadline) throws(LoopbackHTTPFailure) {
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, deadline.millisecondsLeft)
            if ready > 0 { return }
            if ready == 0 { throw .timedOut }
            if errno != EINTR { throw .system(errno) }
            if deadline.hasPassed { throw .timedOut }
        }
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8], deadline: MonotonicDeadline) throws(LoopbackHTTPFailure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT), deadline: deadline)
            } else {
                throw LoopbackConnection.failure(errno)
            }
        }
    }

    /// Everything the server sends until it closes the connection, at most `limit` bytes.
    func receiveToEnd(limit: Int, deadline: MonotonicDeadline) throws(LoopbackHTTPFailure) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
                guard received.count <= limit else { throw .malformed("the answer is larger than \(limit >> 20) MiB") }
            } else if count == 0 {
                return received
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLIN), deadline: deadline)
            } else {
                throw LoopbackConnection.failure(errno)
            }
        }
    }
}
