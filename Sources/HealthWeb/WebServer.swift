#if canImport(Glibc)
    import Glibc
#endif
public import HealthCore
public import HealthPresentation
import HealthUseCases
import Synchronization

/// The family's page over one log (`healthlog serve`): a small web app, in the spirit of
/// hledger-web, with the access control hledger-web lacks. It listens on 127.0.0.1 unless told
/// otherwise, writes through the same use-case calls as the command line, and lets in only
/// devices paired with `healthlog serve pair`.
///
/// ```swift
/// let server = try WebServer(WebServer.Configuration(databasePath: path, environment: environment))
/// let url = try server.start { line in print(line) }
/// // … until a signal:
/// server.stop()
/// ```
public final class WebServer: Sendable {
    /// How the page is served.
    public struct Configuration: Sendable {
        /// The log's file; it must exist (pairing names its profiles).
        public var databasePath: String
        /// Where templates, string tables and temporary files are found.
        public var environment: [String: String]
        public var listen: ListenAddress
        /// HTTPS: the paths of a PEM certificate (chain) and its key.
        public var tls: (certificate: String, key: String)?
        /// Connections at once, from all clients.
        public var maxConnections: Int
        /// A connection that sends nothing for this long is closed.
        public var idleSeconds: Int
        /// The language of a browser that names none HealthLog speaks.
        public var language: Language
        public var zone: any TimeZoneRule
        /// Milliseconds since 1970.
        public var clock: @Sendable () -> Int64
        /// The guideline readings are judged by; nil for each page's language's own.
        public var guideline: GuidelineChoice?
        /// Host names a browser may reach the page by besides its IP addresses, `localhost` and
        /// this machine's name (a reverse proxy's name, such as `health.home`).
        public var allowedHosts: [String]

        public init(
            databasePath: String, environment: [String: String], listen: ListenAddress = .standard, tls: (certificate: String, key: String)? = nil,
            maxConnections: Int = 64, idleSeconds: Int = 30, language: Language = .english, zone: any TimeZoneRule = SystemTimeZone(),
            clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds, guideline: GuidelineChoice? = nil, allowedHosts: [String] = []
        ) {
            self.guideline = guideline
            self.allowedHosts = allowedHosts
            self.databasePath = databasePath
            self.environment = environment
            self.listen = listen
            self.tls = tls
            self.maxConnections = maxConnections
            self.idleSeconds = idleSeconds
            self.language = language
            self.zone = zone
            self.clock = clock
        }
    }

    /// The largest number of connections `--max-connections` takes.
    public static let connectionRange = 1...1000

    private let configuration: Configuration
    private let application: WebApplication
    private let tlsFiles: (key: String, certificate: String)?
    private let engine = Mutex<HTTPEngine?>(nil)
    private let lines: LineWriter

    /// Checks the log, reads the page's words and the TLS files; nothing listens yet.
    public init(_ configuration: Configuration, log: @escaping @Sendable (String) -> Void) throws(WebError) {
        self.configuration = configuration
        guard FileSystem.exists(configuration.databasePath) else {
            throw .log(Phrase("no HealthLog log at {path}; add a profile first (healthlog profile add dad)", ["path": configuration.databasePath]))
        }
        var words: [Language: StringTable] = [:]
        let folders = TemplatesFolder.all(environment: configuration.environment)
        for language in Language.allCases {
            guard let table = folders.lazy.compactMap({ try? StringTable.load(language, from: $0) }).first(where: { $0.has("web.entry.save") }) else {
                throw .templates(Phrase("no Templates folder has the page's strings ('web.' keys) for {language}; reinstall HealthLog or set HEALTHLOG_TEMPLATES", ["language": language.code]))
            }
            words[language] = table
        }
        if let tls = configuration.tls {
            let read = { (path: String) throws(WebError) -> String in
                do {
                    let bytes = try FileBytes.read(path)
                    guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN ") else {
                        throw WebError.tlsFile(path: path, Phrase("not a PEM file (it should start with -----BEGIN)"))
                    }
                    return text
                } catch let error as WebError {
                    throw error
                } catch {
                    throw WebError.tlsFile(path: path, (error as? FileBytes.ReadError)?.reason ?? Phrase(verbatim: "\(error)"))
                }
            }
            tlsFiles = (try read(tls.key), try read(tls.certificate))
        } else {
            tlsFiles = nil
        }
        let settings = WebSettings(
            databasePath: configuration.databasePath, environment: configuration.environment, zone: configuration.zone, clock: configuration.clock,
            fallbackLanguage: configuration.language, words: words, tls: configuration.tls != nil, behindLocalProxy: configuration.listen.believesLocalProxy,
            hostNames: WebServer.hostNames(allowing: configuration.allowedHosts), lockWaitSeconds: 20, guideline: configuration.guideline)
        let lines = LineWriter(log)
        self.lines = lines
        application = WebApplication(settings: settings, assets: StaticAssets(environment: configuration.environment)) { lines.write($0) }
    }

    /// Starts listening; returns the address a browser opens (for 0.0.0.0, this machine's address
    /// on the local network), which is also recorded for the pairing links `serve pair` prints.
    @discardableResult
    public func start() throws(WebError) -> String {
        let socket = try ListeningSocket(configuration.listen)
        var limits = EngineLimits()
        limits.connections = UInt32(configuration.maxConnections)
        limits.idleSeconds = UInt32(configuration.idleSeconds)
        // A whole request, headers and body, gets the timeout too, however steadily it trickles in.
        limits.requestSeconds = Double(configuration.idleSeconds)
        let application = self.application
        let started = try HTTPEngine(socket: socket.descriptor, limits: limits, tls: tlsFiles) { application.handle($0) }
        engine.withLock { $0 = started }
        let address = socket.address
        let host = address.isWildcard ? (ListenAddress.localNetworkAddress() ?? "127.0.0.1") : address.host
        let url = "\(configuration.tls == nil ? "http" : "https")://\(ListenAddress(host: host, port: address.port))"
        // Pairing links name this address while this page runs; a log that cannot be written still serves.
        _ = try? application.settings.log(profile: nil).startServing(at: url)
        return url + "/"
    }

    /// The names a request's `Host` may give: this machine's name, with `.local` as mDNS says
    /// it, and `allowed`; lower case, without a trailing dot.
    static func hostNames(allowing allowed: [String]) -> Set<String> {
        var name = [CChar](repeating: 0, count: 256)
        var names = Set(allowed.map { $0.hasSuffix(".") ? String($0.dropLast()).lowercased() : $0.lowercased() })
        if gethostname(&name, name.count - 1) == 0 {
            let own = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
            if !own.isEmpty { names.formUnion([own, own + ".local"]) }
        }
        return names
    }

    /// Stops serving: the requests being answered finish, then every connection closes.
    public func stop() {
        let running = engine.withLock { engine -> HTTPEngine? in
            defer { engine = nil }
            return engine
        }
        guard let running else { return }
        running.stop()
        _ = try? application.settings.log(profile: nil).stopServing()
    }
}

/// Writes the server's log lines one at a time, from any thread.
private final class LineWriter: Sendable {
    private let output: Mutex<@Sendable (String) -> Void>

    init(_ output: @escaping @Sendable (String) -> Void) { self.output = Mutex(output) }

    func write(_ line: String) { output.withLock { $0(line) } }
}
