public import HealthCore

/// One record of a file that could not be taken, and why: `FILE:LINE`, or `FILE: entry N`
/// where a format has no lines worth naming.
public struct ImportProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where: `data.csv:12`, `backup.json: readings[3] (3f2a9c1e)`.
    public let location: String
    public let reason: Phrase

    public init(location: String, reason: Phrase) {
        self.location = location
        self.reason = reason
    }

    /// `data.csv:12: systolic 400 is out of range (50–300 mmHg)`, in the reader's language.
    public var phrase: Phrase { reason.prefixed("\(location): ") }

    public var description: String { phrase.english }
}

/// Why an import failed. Nothing was written.
public enum InterchangeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// There is no file at the path.
    case missing(path: String)
    /// The file cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: Phrase)
    /// No format HealthLog reads matches the file's first bytes.
    case unrecognized(path: String)
    /// The file is of the named format but broken: not the format after all, truncated, bad
    /// encoding, hostile, or past one of ``InputLimits``.
    case malformed(path: String, reason: Phrase)
    /// The format names no person and no profile was chosen (`--profile`, `$HEALTHLOG_PROFILE`,
    /// a default or the only profile).
    case profileRequired(format: InterchangeFormat)
    /// Dates like `12/01/2025` that could be day/month or month/day, with no order given and
    /// none of the file's dates telling it (no day past 12).
    case dateOrderRequired(path: String, line: Int, date: String)
    /// Records that could not be taken, and no `--skip-invalid`: each is listed.
    case invalidRecords(path: String, problems: [ImportProblem])
    /// So many records could not be taken that reading stopped (an endless or wrong file); the
    /// first ones are listed.
    case tooManyInvalidRecords(path: String, problems: [ImportProblem])

    /// What went wrong, in the library's own terms; a front end adds how to say what it needs
    /// (the CLI names its options).
    public var description: String { phrase.english }

    /// What went wrong, in the reader's language (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .missing(let path): Phrase("{path} does not exist", ["path": path])
        case .unreadable(let path, let reason): Phrase("cannot read {path}: {reason}", ["path": path], terms: ["reason": reason])
        case .unrecognized(let path):
            Phrase(
                "{path} is not a format healthlog reads (HealthLog CSV or JSON, FHIR R4, Omron Connect, Withings, the bp-monitor app, Apple Health)",
                ["path": path])
        case .malformed(let path, let reason): reason.prefixed("\(path): ")
        case .profileRequired(let format):
            Phrase("{format} file names no person; the profile to import into is needed", terms: ["format": format.withArticle])
        case .dateOrderRequired(let path, let line, let date):
            if let readings = DateOrder.readings(ofAmbiguous: date) {
                Phrase(
                    "{path}:{line}: {date} could be {dayFirst} (day first) or {monthFirst} (month first), and no date in the file tells which; the date order is needed",
                    ["path": path, "line": String(line), "date": date, "dayFirst": readings.dayFirst.description, "monthFirst": readings.monthFirst.description])
            } else {
                Phrase("{path}:{line}: dates like {date} could be day/month or month/day; the date order is needed", ["path": path, "line": String(line), "date": date])
            }
        case .invalidRecords(let path, let problems):
            problems.count == 1
                ? Phrase("1 invalid record in {path}; nothing was imported", ["path": path])
                : Phrase("{n} invalid records in {path}; nothing was imported", ["n": String(problems.count), "path": path])
        case .tooManyInvalidRecords(let path, let problems):
            Phrase("{path} has more than {n} invalid records; reading stopped and nothing was imported", ["path": path, "n": String(problems.count)])
        }
    }
}
