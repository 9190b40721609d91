public import HealthCore
public import HealthInterchange
import HealthReport
import HealthRecords
import HealthSync

/// Why a use case could not do what it was asked, in the use-case layer's own terms: a front
/// end tells the user (and, for the CLI, picks the exit code) from these cases alone and never
/// needs the store's, the file formats' or the renderer's error types.
public enum HealthLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Kind: Sendable {
        /// A value read and refused: out of range, in the future, an unknown id, a conflict.
        case refused
        /// An input file is missing or cannot be read.
        case unreadableInput
        /// An output file cannot be made.
        case cannotCreate
        /// Writing failed part-way (a full disk), the log failed, or a file is not a HealthLog log.
        case failed
        /// A service the call needs is not running (the local Syncthing).
        case unavailable
        /// Another program's configuration cannot be used as it is (Syncthing's `config.xml`).
        case misconfigured
        /// What the call waited for (another machine) did not happen in the time given.
        case timedOut
    }

    /// The log has no profiles yet.
    case noProfiles
    /// The log has several profiles and none is the default.
    case profileChoiceNeeded([String])
    /// This machine's default profile was deleted on another machine.
    case defaultProfileDeleted(String)
    /// No profile has this id; `known` lists the ones there are.
    case unknownProfile(String, known: [String])
    /// No reading has this id (or an id starting with it).
    case unknownReading(String)
    /// There is no log at the path, and the command only reads, so none was made.
    case noDatabase(path: String)
    /// Tag IDs with no definition given for a new stamp; `known` lists the defined ones.
    case unknownTags([String], known: [String])
    /// Medicines named as taken that the regimen does not have then (none named: nothing is
    /// due in that slot); `known` lists the medicines taken then.
    case unknownMedicines([String], known: [String])
    /// No reading for the profile `id` (named `name`) in the range, with the filters when `filtered`.
    case emptyRange(profile: String, name: String, range: DateRange, filtered: Bool)
    /// A file that is not of a format HealthLog reads.
    case unrecognizedFormat(path: String)
    /// A file that names no person, and no profile to import it into.
    case profileRequired(format: InterchangeFormat)
    /// Dates like `12/01/2025` with no order given.
    case dateOrderRequired(path: String, line: Int, date: String)
    /// Records that could not be taken; nothing was imported.
    case invalidRecords(path: String, problems: [ImportProblem])
    /// So many records could not be taken that reading stopped.
    case tooManyInvalidRecords(path: String, problems: [ImportProblem])
    /// Anything else, with its kind and what to say.
    case other(Kind, Phrase)

    public var kind: Kind {
        switch self {
        case .noProfiles, .profileChoiceNeeded, .defaultProfileDeleted, .unknownProfile, .unknownReading, .unknownTags, .unknownMedicines, .emptyRange, .unrecognizedFormat, .profileRequired,
            .dateOrderRequired, .invalidRecords, .tooManyInvalidRecords:
            .refused
        case .noDatabase: .unreadableInput
        case .other(let kind, _): kind
        }
    }

    /// What went wrong, in the reader's language where the library words it (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .other(_, let phrase): phrase
        default: Phrase(verbatim: description)
        }
    }

    /// What went wrong, in the library's terms; a front end adds how to say what it needs.
    public var description: String {
        switch self {
        case .noProfiles: "there are no profiles yet"
        case .unknownProfile(let id, let known): RecordsError.unknownProfile(id, known: known).description
        case .noDatabase(let path): RecordsError.noDatabase(path: path).description
        case .unknownReading(let id): RecordsError.unknownReading(id).description
        case .profileChoiceNeeded(let ids): "several profiles (\(ids.joined(separator: ", "))) and no default: choose one"
        case .defaultProfileDeleted(let id): RecordsError.defaultProfileDeleted(id).description
        case .unknownTags(let unknown, let known):
            "unknown tag \(unknown.map { "'\($0)'\(Suggestion.didYouMean($0, among: known))" }.joined(separator: ", ")); known tags: \(known.joined(separator: ", "))"
        case .unknownMedicines(let unknown, let known):
            (unknown.isEmpty ? "no medicine is due at this time of day" : "\(unknown.joined(separator: ", ")) \(unknown.count == 1 ? "is" : "are") not in the regimen")
                + (known.isEmpty ? "; no medicine is taken then (see 'healthlog med start')" : "; the medicines taken are \(known.joined(separator: ", "))")
        case .emptyRange(let id, let name, let range, let filtered):
            "no readings for \(id) (\(name)) in \(range.description)\(filtered ? " that match the filters" : "")"
        case .other(_, let phrase): phrase.english
        case .unrecognizedFormat(let path): InterchangeError.unrecognized(path: path).description
        case .profileRequired(let format): InterchangeError.profileRequired(format: format).description
        case .dateOrderRequired(let path, let line, let date): InterchangeError.dateOrderRequired(path: path, line: line, date: date).description
        case .invalidRecords(let path, let problems): InterchangeError.invalidRecords(path: path, problems: problems).description
        case .tooManyInvalidRecords(let path, let problems): InterchangeError.tooManyInvalidRecords(path: path, problems: problems).description
        }
    }
}

extension HealthLogError {
    init(_ error: RecordsError) {
        switch error {
        case .noProfiles: self = .noProfiles
        case .profileChoiceNeeded(let ids): self = .profileChoiceNeeded(ids)
        case .defaultProfileDeleted(let id): self = .defaultProfileDeleted(id)
        case .unknownTags(let unknown, let known): self = .unknownTags(unknown, known: known)
        case .invalid, .notFound, .conflict: self = .other(.refused, error.phrase)
        case .unknownProfile(let id, let known): self = .unknownProfile(id, known: known)
        case .unknownReading(let id): self = .unknownReading(id)
        case .noDatabase(let path): self = .noDatabase(path: path)
        case .notHealthLogDatabase, .newerSchema, .unsafeLog, .storage: self = .other(.failed, error.phrase)
        case .output(let output): self = HealthLogError(output)
        }
    }

    init(_ error: InterchangeError) {
        switch error {
        case .missing, .unreadable: self = .other(.unreadableInput, error.phrase)
        case .malformed: self = .other(.refused, error.phrase)
        case .unrecognized(let path): self = .unrecognizedFormat(path: path)
        case .profileRequired(let format): self = .profileRequired(format: format)
        case .dateOrderRequired(let path, let line, let date): self = .dateOrderRequired(path: path, line: line, date: date)
        case .invalidRecords(let path, let problems): self = .invalidRecords(path: path, problems: problems)
        case .tooManyInvalidRecords(let path, let problems): self = .tooManyInvalidRecords(path: path, problems: problems)
        }
    }

    init(_ error: ReportError) {
        switch error {
        case .output: self = .other(.cannotCreate, error.phrase)
        case .writeFailed, .templatesMissing, .drawing: self = .other(.failed, error.phrase)
        case .template, .unknownTemplate: self = .other(.refused, error.phrase)
        }
    }

    init(_ error: OutputError) {
        switch error {
        case .cannotCreate: self = .other(.cannotCreate, error.phrase)
        case .writeFailed: self = .other(.failed, error.phrase)
        }
    }

    init(_ error: TemplateError) {
        switch error {
        case .folderMissing: self = .other(.failed, error.phrase)
        case .file: self = .other(.refused, error.phrase)
        }
    }

    /// Any error a use case's body threw, in this layer's terms.
    static func from(_ error: any Error) -> HealthLogError {
        switch error {
        case let error as HealthLogError: error
        case let error as RecordsError: HealthLogError(error)
        case let error as InterchangeError: HealthLogError(error)
        case let error as ReportError: HealthLogError(error)
        case let error as OutputError: HealthLogError(error)
        case let error as TemplateError: HealthLogError(error)
        case let error as SyncError: HealthLogError(error)
        case let error as SyncthingError: HealthLogError(error)
        case let error as ValidationError: .other(.refused, error.phrase)
        default: .other(.failed, Phrase(verbatim: "\(error)"))
        }
    }
}
