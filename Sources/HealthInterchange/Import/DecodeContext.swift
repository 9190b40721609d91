public import HealthCore

/// What a format's reader knows while it reads a file.
public struct DecodeContext: Sendable {
    /// How messages name the input: its path, or "standard input".
    public let name: String
    /// The zone for times written without an offset (`--tz`, else the machine's).
    public let zone: any TimeZoneRule
    /// The order of numeric dates (`--date-order`, or what the file's first rows settle); nil when
    /// neither tells.
    public var dateOrder: DateOrder?
    /// Milliseconds since 1970: stamped on new readings, and the "now" of the time rule.
    public let now: Int64
    /// Whose readings a file that names no person holds (a device or app export, or FHIR
    /// Patients that are not HealthLog profiles), by the profile rule; nil when none was chosen.
    public let profile: String?
    /// With `--profile`, only that profile's records of a file that names people.
    public let onlyProfile: String?
    /// The year of birth of each profile the log holds, for the time rule.
    public let birthYears: [String: Int]
    /// True with `--skip-invalid`: reading goes on past any number of invalid records. Without
    /// it, reading stops once more than ``DecodeOutcome/listedProblems`` are found: the import is refused anyway.
    public var skipsInvalid = false
    /// How a table that cannot explain itself is read (`--columns`, `--separator`, …).
    public var table = TableReading()
    /// The line the header was found on, for messages about it.
    var headerLineNumber = 1
    /// The dates a table writes with their year, for its dates written without one.
    var datedRows: DatedRows?

    public init(
        name: String, zone: any TimeZoneRule, dateOrder: DateOrder?, now: Int64, profile: String?, onlyProfile: String?,
        birthYears: [String: Int], skipsInvalid: Bool = false
    ) {
        self.name = name
        self.zone = zone
        self.dateOrder = dateOrder
        self.now = now
        self.profile = profile
        self.onlyProfile = onlyProfile
        self.birthYears = birthYears
        self.skipsInvalid = skipsInvalid
    }

    /// The context of a table whose header is on `line`.
    func withHeader(on line: Int) -> DecodeContext {
        var context = self
        context.headerLineNumber = line
        return context
    }

    /// False for another profile's records when `--profile` chose one of a file's people.
    func includes(_ profileID: String) -> Bool { onlyProfile.map { $0 == profileID } ?? true }

    /// `name:line`, where a problem is.
    func location(line: Int) -> String { "\(name):\(line)" }
}

/// What reading a file found besides its readings.
public struct DecodeOutcome: Sendable {
    /// How many problems are kept to be listed; past it they are only counted, so an endless
    /// file of bad records is read in bounded memory.
    public static let listedProblems = 1000

    /// The records that could not be taken, the first ``listedProblems`` of them.
    public var problems: [ImportProblem] = []
    /// Every record that could not be taken, counted.
    public var problemCount = 0
    /// Records left out on purpose, by kind ("StepCount", "Encounter"); not errors.
    public var skipped: [String: Int] = [:]
    /// Rows a device marked as its own failed measurement (Omron's `-2147483648`): not the
    /// user's error, nothing to import.
    public var deviceErrorRows = 0
    /// The order of numeric dates the file's own rows settled, when `--date-order` was not given.
    public var settledDateOrder: SettledDateOrder?
    /// Rows whose wall time fell in a spring-forward gap (a device clock not put forward), read
    /// as standard time: with the offset before the gap.
    public var standardTimeRows = 0
    /// Where the first of them is (`FILE:LINE`).
    public var firstStandardTimeRow: String?
    /// How the file was read, where it matters: a layout read by position, columns not understood.
    public var notes: [Phrase] = []
    /// How each kind in ``skipped`` is said in the reader's language, by its English.
    public var skippedKinds: [String: Phrase] = [:]

    public init() {}

    /// Counts a problem, and keeps it while fewer than ``listedProblems`` are kept.
    mutating func record(_ problem: ImportProblem) {
        problemCount += 1
        if problems.count < DecodeOutcome.listedProblems { problems.append(problem) }
    }

    /// The total of ``skipped``.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
