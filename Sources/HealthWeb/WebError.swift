#if canImport(Glibc)
    import Glibc
#endif
public import HealthCore

/// Why the page could not be served.
public enum WebError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--listen` named something that is not an address and port.
    case badAddress(String, Phrase)
    /// The address could not be listened on (in use, not this machine's, a port below 1024).
    case listen(String, Int32)
    /// The engine would not start.
    case engine(Phrase)
    /// A TLS key or certificate file could not be read.
    case tlsFile(path: String, Phrase)
    /// The Templates folder (the page's words) could not be read.
    case templates(Phrase)
    /// The log is missing or cannot be used.
    case log(Phrase)

    /// What went wrong, in the reader's language (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .badAddress(let text, let reason):
            Phrase("--listen '{text}': {reason}", ["text": text], terms: ["reason": reason])
        case .listen(let address, let number):
            number == EADDRINUSE
                ? Phrase("cannot listen on {address}: the port is in use (is the page already running?); choose another with --listen", ["address": address])
                : Phrase("cannot listen on {address}: {reason}", ["address": address, "reason": String(cString: strerror(number))])
        case .engine(let reason): reason
        case .tlsFile(let path, let reason): Phrase("{path}: {reason}", ["path": path], terms: ["reason": reason])
        case .templates(let reason), .log(let reason): reason
        }
    }

    public var description: String { phrase.english }
}
