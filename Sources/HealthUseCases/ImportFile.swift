public import HealthCore
public import HealthInterchange
import HealthRecords

/// What an import is asked to do. Whose readings a file that names no person holds is the
/// session's profile (``HealthLog/Settings/profile``; a named one is created when missing);
/// with a named profile (``HealthLog/Settings/namedProfile``) a file that names people gives
/// only that profile's records.
public struct ImportRequest {
    /// The file to read, or `-` for standard input.
    public var path: String
    /// The format, or nil to tell it from the file's first bytes.
    public var format: InterchangeFormat?
    /// The zone for times written without an offset; nil for the session's.
    public var zone: (any TimeZoneRule)?
    /// The order of numeric dates such as `12/01/2025`.
    public var dateOrder: DateOrder?
    /// Read and count, write nothing.
    public var dryRun = false
    /// Import the valid records and report the invalid ones, rather than refusing the file.
    public var skipInvalid = false
    /// How a table that cannot explain itself is read: which column holds what (read as a
    /// spreadsheet, whatever its header), the separator, decimal commas, the date format, the time
    /// of a sheet with none, the header's line.
    public var table = TableReading()
    /// Told (bytes read, total when known) as the file is read.
    public var progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Told (the input's name, the format) once a format is told from the file, before anything
    /// else is read.
    public var formatDetected: ((String, InterchangeFormat) -> Void)?
    /// What messages call standard input (`-`), in the reader's language.
    public var standardInputName = "standard input"

    public init(path: String, format: InterchangeFormat? = nil, zone: (any TimeZoneRule)? = nil, dateOrder: DateOrder? = nil) {
        self.path = path
        self.format = format
        self.zone = zone
        self.dateOrder = dateOrder
    }
}

/// What an import did, or with a dry run would do, with every count and problem.
public struct ImportReport: Sendable {
    /// How the input is named: its path, or "standard input".
    public let input: String
    public let format: InterchangeFormat
    /// True when the format was told from the file rather than named.
    public let formatWasDetected: Bool
    /// Added, duplicates, updated, created profiles and tags, conflicts.
    public let summary: ImportSummary
    /// Records not taken (only with `skipInvalid`), records skipped by kind, device error rows.
    public let outcome: DecodeOutcome
    /// The profile a file that names no person was imported into.
    public let profile: String?
    public let dryRun: Bool
}

extension HealthLog {
    /// Imports a file as one call: open the input, tell its format, read it on a second thread
    /// while writing it in one transaction (the log is locked from the first batch on), all or
    /// nothing. A log the import created is removed again after a dry run, and after a failure
    /// by ``discardCreatedLogIfUnused()``.
    public func importFile(_ request: ImportRequest) throws(HealthLogError) -> ImportReport {
        let reader = try HealthLog.run {
            try ImportReader(
                path: request.path, format: request.format, mapped: request.table.columns != nil, standardInputName: request.standardInputName,
                progress: request.progress, formatDetected: request.formatDetected)
        }
        let format = reader.format
        let choice = settings.profile
        let context = { (store: RecordStore) throws -> DecodeContext in
            let profile: String?
            switch choice {
            case .named(let id): profile = id  // created by the import when it does not exist yet
            case .automatic: profile = try? store.profile(.automatic).id
            }
            if format.namesNoPerson && profile == nil { throw HealthLogError.profileRequired(format: format) }
            let birthYears = Dictionary(
                try store.profiles().compactMap { p in p.birthYear.map { (p.id, $0) } }, uniquingKeysWith: { a, _ in a })
            var context = DecodeContext(
                name: reader.name, zone: request.zone ?? self.settings.zone, dateOrder: request.table.dateFormat?.order ?? request.dateOrder,
                now: self.settings.clock(),
                profile: profile, onlyProfile: self.settings.namedProfile, birthYears: birthYears, skipsInvalid: request.skipInvalid)
            context.table = request.table
            return context
        }
        var outcome = DecodeOutcome()
        var profile: String?
        let summary = try change(inOneTransaction: false) { store in
            let decoding = try context(store)
            profile = decoding.profile
            reader.start(decoding)
            return try store.importBatches(
                {
                    if let batch = reader.nextBatch() { return batch }
                    outcome = try reader.finish()
                    if !outcome.problems.isEmpty && !request.skipInvalid {
                        throw InterchangeError.invalidRecords(path: reader.name, problems: outcome.problems)
                    }
                    return nil
                }, dryRun: request.dryRun, mergeNewer: reader.mergesByID)
        }
        if request.dryRun { discardCreatedLogIfUnused() }
        return ImportReport(
            input: reader.name, format: format, formatWasDetected: reader.formatWasDetected, summary: summary, outcome: outcome,
            profile: format.namesNoPerson ? profile : nil, dryRun: request.dryRun)
    }
}
