import HealthCore

/// One record of a file that could not be taken, and why: `FILE:LINE`, or `FILE: entry N`
/// where a format has no lines worth naming.
public struct ImportProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where: `data.csv:12`, `backup.json: readings[3] (3f2a9c1e)`.
    public let location: String
    public let reason: String

    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}

/// Why an import failed. Nothing was written.
public enum InterchangeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// There is no file at the path.
    case missing(path: String)
    /// The file cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// No format HealthLog reads matches the file's first bytes.
    case unrecognized(path: String)
    /// The file is of the named format but broken: not the format after all, truncated, bad
    /// encoding, hostile, or past one of ``InputLimits``.
    case malformed(path: String, reason: String)
    /// The format names no person and no profile was chosen (`--profile`, `$HEALTHLOG_PROFILE`,
    /// a default or the only profile).
    case profileRequired(format: InterchangeFormat)
    /// Dates like `12/01/2025` that could be day/month or month/day, with no order given.
    case dateOrderRequired(path: String, line: Int, date: String)
    /// Records that could not be taken, and no `--skip-invalid`: each is listed.
    case invalidRecords(path: String, problems: [ImportProblem])
    /// So many records could not be taken that reading stopped (an endless or wrong file); the
    /// first ones are listed.
    case tooManyInvalidRecords(path: String, problems: [ImportProblem])

    /// What went wrong, in the library's own terms; a front end adds how to say what it needs
    /// (the CLI names its options).
    public var description: String {
        switch self {
        case .missing(let path): "\(path) does not exist"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .unrecognized(let path):
            "\(path) is not a format healthlog reads (HealthLog CSV or JSON, FHIR R4, Omron Connect, Withings, the bp-monitor app, Apple Health)"
        case .malformed(let path, let reason): "\(path): \(reason)"
        case .profileRequired(let format): "\(format.article) \(format.displayName) file names no person; the profile to import into is needed"
        case .dateOrderRequired(let path, let line, let date):
            "\(path):\(line): dates like \(date) could be day/month or month/day; the date order is needed"
        case .invalidRecords(let path, let problems):
            "\(counted(problems.count, "invalid record")) in \(path); nothing was imported"
        case .tooManyInvalidRecords(let path, let problems):
            "\(path) has more than \(problems.count) invalid records; reading stopped and nothing was imported"
        }
    }
}
