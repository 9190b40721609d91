public import HealthCore

/// Everything the records library can refuse or fail at, with a message a person can act on.
public enum RecordsError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A value is out of range or malformed. Nothing was written.
    case invalid(String)
    /// A profile, reading or tag that does not exist.
    case notFound(String)
    /// Tag IDs with no definition, given for a new stamp (history may keep undefined IDs, but a
    /// typo must never create one); `known` lists the defined ones.
    case unknownTags([String], known: [String])
    /// The log has no profiles yet.
    case noProfiles
    /// The log has several profiles and none is the default: the caller must choose one.
    case profileChoiceNeeded([String])
    /// Something already exists, e.g. a profile id in use.
    case conflict(String)
    /// There is no HealthLog log at the path (nothing there, or an empty file), and the command
    /// only reads, so none was created.
    case noDatabase(path: String)
    /// The file is not a HealthLog database; it was left untouched.
    case notHealthLogDatabase(path: String, reason: String)
    /// The file was written by a newer HealthLog; it was left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// SQLite failed (I/O, a full disk, a lock held too long).
    case storage(String)
    /// A file the store writes besides the log (a backup) could not be written.
    case output(OutputError)

    public var description: String {
        switch self {
        case .invalid(let message), .notFound(let message), .conflict(let message), .storage(let message):
            message
        case .unknownTags(let unknown, let known):
            "unknown tag \(unknown.map { "'\($0)'" }.joined(separator: ", ")); known tags: \(known.joined(separator: ", "))"
        case .noProfiles:
            "there are no profiles yet"
        case .profileChoiceNeeded(let ids):
            "several profiles (\(ids.joined(separator: ", "))) and no default: choose one"
        case .noDatabase(let path):
            "no HealthLog database at \(path)"
        case .notHealthLogDatabase(let path, let reason):
            "\(path) is not a HealthLog database (\(reason)); it was left untouched"
        case .output(let error):
            error.description
        case .newerSchema(let path, let found, let supported):
            "\(path) uses schema version \(found), but this healthlog supports up to \(supported); upgrade healthlog. The file was left untouched"
        }
    }

    init(_ error: SQLiteError) {
        self = .storage(error.description)
    }

    /// Runs a model check (``Reading/validate()`` and the like), reporting a failure as ``invalid(_:)``.
    static func checking(_ check: @autoclosure () throws(ValidationError) -> Void) throws(RecordsError) {
        do { try check() } catch { throw .invalid(error.message) }
    }
}
