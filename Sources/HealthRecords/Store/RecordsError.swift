public import HealthCore
import CSQLite

/// Everything the records library can refuse or fail at, with a message a person can act on.
public enum RecordsError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A value is out of range or malformed. Nothing was written.
    case invalid(Phrase)
    /// A profile, reading or tag that does not exist.
    case notFound(Phrase)
    /// No profile has this id; `known` lists the ones there are, for a suggestion.
    case unknownProfile(String, known: [String])
    /// No reading has this id (or an id starting with it).
    case unknownReading(String)
    /// Tag IDs with no definition, given for a new stamp (history may keep undefined IDs, but a
    /// typo must never create one); `known` lists the defined ones.
    case unknownTags([String], known: [String])
    /// The log has no profiles yet.
    case noProfiles
    /// The log has several profiles and none is the default: the caller must choose one.
    case profileChoiceNeeded([String])
    /// This machine's default profile was deleted on another machine of a shared log: the
    /// caller must choose, never fall back to another person's profile.
    case defaultProfileDeleted(String)
    /// Something already exists, e.g. a profile id in use.
    case conflict(Phrase)
    /// There is no HealthLog log at the path (nothing there, or an empty file), and the command
    /// only reads, so none was created.
    case noDatabase(path: String)
    /// The file is not a HealthLog database; it was left untouched.
    case notHealthLogDatabase(path: String, reason: Phrase)
    /// The log, or a file SQLite keeps beside it, is not this user's alone (another user made
    /// it, planted a link, or may write its folder); nothing was opened or written.
    case unsafeLog(path: String, reason: Phrase)
    /// The file was written by a newer HealthLog; it was left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// SQLite failed (I/O, a full disk, a lock held too long), with what kind of failure it was
    /// and SQLite's own result code.
    case storage(StorageFailure)
    /// A file the store writes besides the log (a backup) could not be written.
    case output(OutputError)

    public var description: String {
        switch self {
        case .invalid(let phrase), .notFound(let phrase), .conflict(let phrase):
            phrase.english
        case .notHealthLogDatabase, .newerSchema, .unsafeLog:
            phrase.english
        case .storage(let failure):
            failure.message
        case .unknownProfile(let id, let known):
            RecordsError.unknownProfileMessage(id, known: known)
        case .unknownReading(let id):
            "no reading with id '\(id)'"
        case .unknownTags(let unknown, let known):
            "unknown tag \(unknown.map { "'\($0)'" }.joined(separator: ", ")); known tags: \(known.joined(separator: ", "))"
        case .noProfiles:
            "there are no profiles yet"
        case .profileChoiceNeeded(let ids):
            "several profiles (\(ids.joined(separator: ", "))) and no default: choose one"
        case .defaultProfileDeleted(let id):
            "this machine's default profile '\(id)' was deleted on another machine: choose a profile"
        case .noDatabase(let path):
            "no HealthLog database at \(path); the first 'healthlog add 138/86 72' makes it"
        case .output(let error):
            error.description
        }
    }

    /// What went wrong, in the reader's language (see ``Phrase``), for the failures a front end
    /// does not word itself; SQLite's own messages are said as they are.
    public var phrase: Phrase {
        switch self {
        case .invalid(let phrase), .notFound(let phrase), .conflict(let phrase): phrase
        case .notHealthLogDatabase(let path, let reason):
            Phrase("{path} is not a HealthLog database ({reason}); it was left untouched", ["path": path], terms: ["reason": reason])
        case .unsafeLog(let path, let reason):
            Phrase("cannot use the log {path}: {reason}; nothing was changed", ["path": path], terms: ["reason": reason])
        case .newerSchema(let path, let found, let supported):
            Phrase(
                "{path} uses schema version {found}, but this healthlog supports up to {supported}; upgrade healthlog. The file was left untouched",
                ["path": path, "found": String(found), "supported": String(supported)])
        case .output(let error): error.phrase
        case .storage(let failure): failure.phrase
        default: Phrase(verbatim: description)
        }
    }

    init(_ error: SQLiteError) {
        self = .storage(StorageFailure(error, message: error.description))
    }

    /// A storage failure of `kind` said in `message`, when SQLite gave no result code.
    /// "no profile 'Dad'; did you mean 'dad'? (profiles: dad, mom)", or how to add a new one.
    public static func unknownProfileMessage(_ id: String, known: [String]) -> String {
        let list = known.isEmpty ? "there are no profiles yet" : "profiles: " + known.joined(separator: ", ")
        // A capital letter or a typo names the profile meant; a new name says how to make it.
        if let meant = Suggestion.nearest(to: id, among: known) {
            return "no profile '\(id)'; did you mean '\(meant)'? (\(list))"
        }
        let add = Slug.isValid(id) ? "; add it with: healthlog profile add \(id)" : ""
        return "no profile '\(id)' (\(list))\(add)"
    }

    static func failure(_ phrase: Phrase, kind: StorageFailure.Kind = .io) -> RecordsError {
        .storage(StorageFailure(kind: kind, phrase: phrase))
    }

    /// True when another process held the log locked longer than this one would wait.
    public var isBusy: Bool {
        if case .storage(let failure) = self { return failure.kind == .busy }
        return false
    }

    /// Runs a model check (``Reading/validate()`` and the like), reporting a failure as ``invalid(_:)``.
    static func checking(_ check: @autoclosure () throws(ValidationError) -> Void) throws(RecordsError) {
        do { try check() } catch { throw .invalid(error.phrase) }
    }
}

/// What went wrong beneath the store: the kind of failure, SQLite's extended result code when it
/// reported one, and the message a person can act on. Callers tell a full disk from a
/// constraint by ``kind``, never by parsing the message.
public struct StorageFailure: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The disk or the file-size limit is full.
        case full
        /// The log or its folder cannot be written.
        case readOnly
        /// Another process held the log locked too long.
        case busy
        /// The file is damaged.
        case corrupt
        /// A schema constraint refused a value.
        case constraint
        /// Reading or writing failed otherwise.
        case io
        case other
    }

    public let kind: Kind
    /// SQLite's extended result code, when SQLite reported the failure.
    public let code: Int32?
    public let message: String
    /// The message in the reader's language: HealthLog's own sentence, or SQLite's as written.
    public let phrase: Phrase

    public var description: String { message }

    public init(kind: Kind, code: Int32?, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
        self.phrase = Phrase(verbatim: message)
    }

    /// A failure HealthLog words itself.
    public init(kind: Kind, phrase: Phrase) {
        self.kind = kind
        self.code = nil
        self.message = phrase.english
        self.phrase = phrase
    }

    /// The failure SQLite reported as `error`, said as `message`.
    init(_ error: SQLiteError, message: String) {
        self.init(kind: StorageFailure.kind(of: error), code: error.code, message: message)
    }

    /// SQLite's `error`, said in HealthLog's words.
    init(_ error: SQLiteError, phrase: Phrase) {
        self.kind = StorageFailure.kind(of: error)
        self.code = error.code
        self.message = phrase.english
        self.phrase = phrase
    }

    static func kind(of error: SQLiteError) -> Kind {
        if error.isFull || error.isWriteFailure { return .full }
        switch error.primaryCode {
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_IOERR, SQLITE_CANTOPEN: return .io
        default: return .other
        }
    }
}
