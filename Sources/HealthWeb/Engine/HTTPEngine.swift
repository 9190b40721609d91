#if canImport(Glibc)
    import Glibc
#endif
import CMicroHTTPD
import HealthCore

/// The bounds every connection is held to.
struct EngineLimits: Sendable {
    /// The largest request body taken; a larger one is answered 413. Room for the longest note
    /// (10,000 characters of Chinese, percent-encoded) with the rest of the form.
    var bodyBytes = 256 * 1024
    /// A connection that sends nothing for this long is closed.
    var idleSeconds: UInt32 = 30
    /// A request whose headers and body are still arriving after this long is cut off, however
    /// steadily they trickle in.
    var requestSeconds = 30.0
    /// Connections at once, from all clients; more are refused until one closes.
    var connections: UInt32 = 64
    /// Connections at once from one address: a quarter of all, and at least 8 (a browser opens
    /// up to 6 to load a page), so that one neighbour cannot hold every place.
    var connectionsPerAddress: UInt32 { min(connections, max(8, connections / 4)) }
}

/// GNU libmicrohttpd running one listening socket: it reads requests (request line, headers,
/// cookies, query, form bodies) on a thread per connection and hands each, whole, to `handler`;
/// the handler's answer goes back through the engine. The daemon is this object's: it stops
/// when the object goes.
final class HTTPEngine: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    private var daemon: OpaquePointer?
    fileprivate let handler: Handler
    fileprivate let limits: EngineLimits
    fileprivate let deadlines: RequestDeadlines
    /// The TLS key and certificate (PEM), kept for as long as the daemon may read them.
    private let tlsKey: [CChar]?
    private let tlsCertificate: [CChar]?

    /// Starts serving on `socket` (listening already; the daemon closes it when it stops);
    /// with `tls`, HTTPS with that PEM key and certificate chain.
    init(socket: Int32, limits: EngineLimits, tls: (key: String, certificate: String)?, handler: @escaping Handler) throws(WebError) {
        self.handler = handler
        self.limits = limits
        deadlines = RequestDeadlines(seconds: limits.requestSeconds)
        tlsKey = tls.map { Array($0.key.utf8CString) }
        tlsCertificate = tls.map { Array($0.certificate.utf8CString) }
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        if tls != nil { flags |= MHD_USE_TLS.rawValue }
        let completed: MHD_RequestCompletedCallback = { context, connection, state, _ in
            if let context, let connection {
                Unmanaged<HTTPEngine>.fromOpaque(context).takeUnretainedValue().deadlines.answered(connection)
            }
            guard let state, let pointer = state.pointee else { return }
            Unmanaged<RequestState>.fromOpaque(pointer).release()
            state.pointee = nil
        }
        let notified: MHD_NotifyConnectionCallback = { context, connection, _, event in
            guard let context, let connection else { return }
            let deadlines = Unmanaged<HTTPEngine>.fromOpaque(context).takeUnretainedValue().deadlines
            if event == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
                deadlines.opened(connection, socket: healthlog_mhd_connection_socket(connection))
            } else {
                deadlines.closed(connection)
            }
        }
        let engine = Unmanaged.passUnretained(self).toOpaque()
        // The engine's own unescaping, but for `%00`, which stays as written: a NUL would end
        // the path early, and `/static/app.css%00.png` would name app.css.
        let unescape: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
            guard let text else { return 0 }
            let hex = { (byte: CChar) -> Int? in
                switch UInt8(bitPattern: byte) {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 48
                case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte) - 87
                case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte) - 55
                default: nil
                }
            }
            var read = 0
            var written = 0
            while text[read] != 0 {
                if text[read] == 37, let high = hex(text[read + 1]), let low = hex(text[read + 2]), high * 16 + low != 0 {
                    text[written] = CChar(bitPattern: UInt8(high * 16 + low))
                    read += 3
                } else {
                    text[written] = text[read]
                    read += 1
                }
                written += 1
            }
            text[written] = 0
            return written
        }
        let started: OpaquePointer? = withExtendedLifetime((tlsKey, tlsCertificate)) {
            var options: [MHD_OptionItem] = [
                MHD_OptionItem(option: MHD_OPTION.LISTEN_SOCKET, value: Int(socket), ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_LIMIT, value: Int(limits.connections), ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.PER_IP_CONNECTION_LIMIT, value: Int(limits.connectionsPerAddress), ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_TIMEOUT, value: Int(limits.idleSeconds), ptr_value: nil),
                // Headers and query are held in a connection's own memory: 32 KiB bounds them (431 beyond).
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: 32 * 1024, ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: engine),
                MHD_OptionItem(option: MHD_OPTION.NOTIFY_CONNECTION, value: unsafeBitCast(notified, to: Int.self), ptr_value: engine),
                MHD_OptionItem(option: MHD_OPTION.UNESCAPE_CALLBACK, value: unsafeBitCast(unescape, to: Int.self), ptr_value: nil),
            ]
            if let key = tlsKey, let certificate = tlsCertificate {
                key.withUnsafeBufferPointer { key in
                    certificate.withUnsafeBufferPointer { certificate in
                        options.append(MHD_OptionItem(option: MHD_OPTION.HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: key.baseAddress)))
                        options.append(MHD_OptionItem(option: MHD_OPTION.HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: certificate.baseAddress)))
                    }
                }
            }
            options.append(MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil))
            return options.withUnsafeMutableBufferPointer { options in
                healthlog_mhd_start(flags, HTTPEngine.access, Unmanaged.passUnretained(self).toOpaque(), options.baseAddress)
            }
        }
        guard let started else {
            close(socket)
            throw tls == nil
                ? .engine(Phrase("libmicrohttpd could not start serving"))
                : .engine(Phrase("libmicrohttpd could not start serving HTTPS: check that the key and certificate are PEM files that belong together"))
        }
        daemon = started
        deadlines.start()
    }

    /// Stops serving: waits for the requests being answered, then closes every connection.
    func stop() {
        guard let daemon else { return }
        self.daemon = nil
        MHD_stop_daemon(daemon)
        deadlines.stop()
    }

    deinit { stop() }

    // MARK: - The access handler

    /// libmicrohttpd calls this for each request several times: once with the headers, once per
    /// piece of the body, and once at the end, when the answer is queued.
    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let connection, let uploadSize, let state else { return MHD_Result.NO }
        let engine = Unmanaged<HTTPEngine>.fromOpaque(context).takeUnretainedValue()
        return engine.access(connection, url: url, method: method, upload: uploadData, size: uploadSize, state: state)
    }

    private func access(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?,
        size: UnsafeMutablePointer<Int>, state slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = slot.pointee else {
            // The first call: the headers are in, nothing of the body is read yet.
            let path = url.flatMap { String(validatingCString: $0) }
            let state = RequestState(connection, method: method.map { String(cString: $0) } ?? "", path: path ?? "/")
            if url != nil, path == nil { state.refusal = .notText }
            if !HTTPRequest.isToken(state.method) { state.refusal = .notAMethod }
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            if let declared = state.headers["content-length"], let length = Int(declared), length > limits.bodyBytes {
                state.refusal = .tooLarge
                deadlines.received(connection)
                return queue(handler(state.request()), on: connection)
            }
            if state.method == "POST", state.refusal == nil { state.startForm(connection) }
            return MHD_Result.YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
        if size.pointee > 0 {
            let count = size.pointee
            size.pointee = 0
            state.received += count
            // A body far past the limit is not worth reading to its end: the connection closes.
            if state.received > 16 * limits.bodyBytes { return MHD_Result.NO }
            guard state.refusal == nil else { return MHD_Result.YES }
            if state.received > limits.bodyBytes {
                state.refusal = .tooLarge
                return MHD_Result.YES
            }
            if let upload { state.take(upload, count: count) }
            return MHD_Result.YES
        }
        // The whole request is in.
        deadlines.received(connection)
        return queue(handler(state.request()), on: connection)
    }

    private func queue(_ answer: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var body = answer.body
        let response = body.withUnsafeMutableBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, bytes.count == 0 ? nil : bytes.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let response else { return MHD_Result.NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in answer.headers where MHD_add_response_header(response, name, value) == MHD_Result.NO {
            return MHD_Result.NO
        }
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }
}

/// Seconds on the monotonic clock.
func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One request while its body arrives: what the engine decoded, the form fields its post
/// processor hands over, and why it is refused, if it is.
private final class RequestState {
    let method: String
    let path: String
    var headers: [String: String] = [:]
    var cookies: [String: String] = [:]
    var query: [(String, String)] = []
    /// Fields as bytes until the end, when they must be UTF-8 text.
    var fields: [(name: String, value: [UInt8])] = []
    var body: [UInt8] = []
    var received = 0
    var refusal: RequestRefusal?
    let client: String
    private var postProcessor: OpaquePointer?
    init(_ connection: OpaquePointer, method: String, path: String) {
        self.method = method
        self.path = path
        var address = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let known = healthlog_mhd_client_address(connection, &address, socklen_t(address.count)) == 1
        client = known ? address.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : ""
        var invalid = false
        for (name, value) in RequestState.values(connection, MHD_ValueKind.HEADER_KIND, invalid: &invalid) { headers[name.lowercased()] = value }
        for (name, value) in RequestState.values(connection, MHD_ValueKind.COOKIE_KIND, invalid: &invalid) where cookies[name] == nil { cookies[name] = value }
        query = RequestState.values(connection, MHD_ValueKind.GET_ARGUMENT_KIND, invalid: &invalid)
        if invalid { refusal = .notText }
    }

    deinit {
        if let postProcessor { MHD_destroy_post_processor(postProcessor) }
    }

    /// The values of one kind the engine decoded, in order; `invalid` is set for one that is not UTF-8.
    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, invalid: inout Bool) -> [(String, String)] {
        final class Collected {
            var pairs: [(String, String)] = []
            var invalid = false
        }
        let collected = Collected()
        _ = MHD_get_connection_values(
            connection, kind,
            { context, _, key, value in
                let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
                guard let key, let name = String(validatingCString: key) else {
                    collected.invalid = true
                    return MHD_Result.YES
                }
                guard let text = value.map({ String(validatingCString: $0) }) ?? "" else {
                    collected.invalid = true
                    return MHD_Result.YES
                }
                collected.pairs.append((name, text))
                return MHD_Result.YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        if collected.invalid { invalid = true }
        return collected.pairs
    }

    /// A POST whose body is a form gets the engine's post processor; any other body is kept as bytes.
    func startForm(_ connection: OpaquePointer) {
        postProcessor = MHD_create_post_processor(
            connection, 16 * 1024,
            { context, _, key, _, _, _, data, offset, size in
                let state = Unmanaged<RequestState>.fromOpaque(context!).takeUnretainedValue()
                let name = key.map { String(cString: $0) } ?? ""
                let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
                // A long value arrives in pieces; the first is at offset 0.
                if offset > 0, let last = state.fields.indices.last, state.fields[last].name == name {
                    state.fields[last].value += bytes
                } else {
                    state.fields.append((name, bytes))
                }
                return MHD_Result.YES
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Takes a piece of the body.
    func take(_ data: UnsafePointer<CChar>, count: Int) {
        if let postProcessor {
            if MHD_post_process(postProcessor, data, count) == MHD_Result.NO { refusal = .unreadableForm }
        } else {
            body += UnsafeRawBufferPointer(start: data, count: count)
        }
    }

    /// The request as it arrived, refused when a form field is not UTF-8 text.
    func request() -> HTTPRequest {
        var form: [(String, String)] = []
        for field in fields where refusal == nil {
            guard let value = String(validating: field.value, as: UTF8.self) else {
                refusal = .notText
                break
            }
            form.append((field.name, value))
        }
        return HTTPRequest(
            method: method, path: path, query: query, headers: headers, cookies: cookies, form: refusal == nil ? form : [],
            body: refusal == nil ? body : [], refusal: refusal, client: client)
    }
}
