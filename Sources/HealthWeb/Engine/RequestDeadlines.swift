#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// The time each connection has to send a whole request, headers and body. libmicrohttpd's own
/// timeout is one of silence: a client that sends a byte every few seconds never meets it, and
/// holds its place for as long as it likes. Each connection's clock starts when it opens, stops
/// when its request is all in, and starts again after each answer (for the next request on a
/// kept-alive connection); a watcher thread shuts the socket of a connection past its time, and
/// the engine, reading the end of the stream, closes it.
final class RequestDeadlines: @unchecked Sendable {
    private struct Entry {
        let socket: Int32
        /// Monotonic seconds; nil while the connection is not receiving a request.
        var deadline: Double?
    }

    private let seconds: Double
    private let entries = Mutex<[UInt: Entry]>([:])
    private let stopping = Atomic<Bool>(false)
    private var watcher: pthread_t?

    /// Connections get `seconds` for each request.
    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Starts the watcher thread.
    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let deadlines = Unmanaged<RequestDeadlines>.fromOpaque(context!).takeRetainedValue()
            deadlines.watch()
            return nil
        }, context)
        if started == 0 {
            watcher = thread
        } else {
            Unmanaged<RequestDeadlines>.fromOpaque(context).release()
        }
    }

    /// Stops the watcher thread and waits for it.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        if let watcher { pthread_join(watcher, nil) }
        watcher = nil
    }

    /// A connection opened on `socket`: its first request's clock starts.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let deadline = now() + seconds
        entries.withLock { $0[key(connection)] = Entry(socket: socket, deadline: deadline) }
    }

    /// The whole request is in: the clock stops while it is answered.
    func received(_ connection: OpaquePointer) {
        entries.withLock { $0[key(connection)]?.deadline = nil }
    }

    /// The answer is sent: the next request on the connection has its own time.
    func answered(_ connection: OpaquePointer) {
        let deadline = now() + seconds
        entries.withLock { $0[key(connection)]?.deadline = deadline }
    }

    /// The connection closed. The engine closes its socket only after this, so the watcher never
    /// shuts a socket number that another connection has been given since.
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: key(connection)) }
    }

    private func watch() {
        while !stopping.load(ordering: .sequentiallyConsistent) {
            let time = now()
            entries.withLock { entries in
                for (key, entry) in entries {
                    guard let deadline = entry.deadline, deadline < time else { continue }
                    shutdown(entry.socket, Int32(SHUT_RDWR))
                    entries[key]?.deadline = nil
                }
            }
            usleep(200_000)
        }
    }

    private func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    private func now() -> Double { HealthWeb.seconds() }
}
