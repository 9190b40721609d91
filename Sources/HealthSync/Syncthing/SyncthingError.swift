public import HealthCore

/// Why the local Syncthing could not be found, reached or set up, in this layer's terms: a
/// front end says the phrase as one line and picks the exit code from the case.
public enum SyncthingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `config.xml` in any of the folders looked in (listed in the phrase).
    case notFound(Phrase)
    /// The configuration cannot be used as it is: no API key, the GUI turned off, on HTTPS, or
    /// listening on an address that is not this machine's loopback; or the key was refused.
    case misconfigured(Phrase)
    /// Nothing answers at the GUI address: Syncthing is not running.
    case notRunning(Phrase)
    /// Syncthing answered, but not as asked (an HTTP error, a reply that is not its JSON).
    case failed(Phrase)
    /// A request Syncthing's state makes impossible: this machine's own id, a folder id taken
    /// by another folder, several machines waiting at once.
    case refused(Phrase)
    /// The other machine did not show up within the time given.
    case timedOut(Phrase)

    /// What went wrong, in the reader's language (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .notFound(let phrase), .misconfigured(let phrase), .notRunning(let phrase), .failed(let phrase), .refused(let phrase), .timedOut(let phrase):
            phrase
        }
    }

    public var description: String { phrase.english }
}
