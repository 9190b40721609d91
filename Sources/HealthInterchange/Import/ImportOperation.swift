public import HealthCore
public import HealthRecords

/// What an import is asked to do.
public struct ImportOptions {
    /// The file to read, or `-` for standard input.
    public var path: String
    /// The log to import into; created when missing, and removed again when the import that
    /// created it fails or is a dry run.
    public var databasePath: String
    /// The format, or nil to tell it from the file's first bytes.
    public var format: InterchangeFormat?
    /// Whose readings a file that names no person holds: `--profile` or `$HEALTHLOG_PROFILE`
    /// (created when missing), else the stored default, else the only profile.
    public var profile: ProfileChoice
    /// With `--profile`, only that profile's records of a file that names people.
    public var onlyProfile: String?
    /// The zone for times written without an offset.
    public var zone: any TimeZoneRule
    /// The order of numeric dates such as `12/01/2025`.
    public var dateOrder: DateOrder?
    /// Read and count, write nothing.
    public var dryRun = false
    /// Import the valid records and report the invalid ones, rather than refusing the file.
    public var skipInvalid = false
    /// Milliseconds since 1970.
    public var clock: @Sendable () -> Int64
    /// Told (bytes read, total when known) as the file is read.
    public var progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Told (the input's name, the format) once a format is told from the file.
    public var formatDetected: ((String, InterchangeFormat) -> Void)?
    /// How to wait while another process writes the log.
    public var lockWait = LockWait()

    public init(
        path: String, databasePath: String, format: InterchangeFormat? = nil, profile: ProfileChoice = .automatic,
        onlyProfile: String? = nil, zone: any TimeZoneRule, dateOrder: DateOrder? = nil,
        clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds
    ) {
        self.path = path
        self.databasePath = databasePath
        self.format = format
        self.profile = profile
        self.onlyProfile = onlyProfile
        self.zone = zone
        self.dateOrder = dateOrder
        self.clock = clock
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

/// An import as one call: open the input, tell its format, read it on a second thread while
/// writing it in one transaction, and leave no new log behind when it fails.
public enum ImportOperation {
    public static func run(_ options: ImportOptions) throws(InterchangeError) -> ImportReport {
        let input = try ImportInput(path: options.path, progress: options.progress)
        let format: InterchangeFormat
        if let named = options.format {
            format = named
        } else {
            format = try InterchangeFormat.detect(input)
            options.formatDetected?(input.name, format)
        }
        try format.checkLooksRight(input)
        // Writing starts before the whole file is checked, so a log this import creates is
        // removed again when it fails or is a dry run: bad input leaves nothing behind.
        let createsLog = !FileSystem.exists(options.databasePath)
        var succeeded = false
        defer {
            if createsLog && (!succeeded || options.dryRun) { RecordStore.removeIfUnused(path: options.databasePath) }
        }
        let report = try write(input, as: format, options)
        succeeded = true
        return report
    }

    /// Everything that needs the log open; it is closed again when this returns.
    private static func write(_ input: ImportInput, as format: InterchangeFormat, _ options: ImportOptions) throws(InterchangeError) -> ImportReport {
        let store: RecordStore
        let profile: String?
        let birthYears: [String: Int]
        do {
            store = try RecordStore.open(path: options.databasePath, access: .readWrite, clock: options.clock, lockWait: options.lockWait)
            switch options.profile {
            case .named(let id): profile = id  // created by the import when it does not exist yet
            case .automatic: profile = try? store.profile(.automatic).id
            }
            birthYears = Dictionary(try store.profiles().compactMap { p in p.birthYear.map { (p.id, $0) } }, uniquingKeysWith: { a, _ in a })
        } catch {
            throw .store(error)
        }
        if format.namesNoPerson && profile == nil { throw .profileRequired(format: format) }
        var context = DecodeContext(
            name: input.name, zone: options.zone, dateOrder: options.dateOrder, now: options.clock(), profile: profile,
            onlyProfile: options.onlyProfile, birthYears: birthYears)
        context.skipsInvalid = options.skipInvalid
        let decoder = BackgroundDecoder(format: format, input: input, context: context)
        var outcome = DecodeOutcome()
        let summary: ImportSummary
        do {
            summary = try store.importBatches(
                {
                    if let batch = decoder.nextBatch() { return batch }
                    outcome = try decoder.finish()
                    if !outcome.problems.isEmpty && !options.skipInvalid {
                        throw InterchangeError.invalidRecords(path: input.name, problems: outcome.problems)
                    }
                    return nil
                }, dryRun: options.dryRun, mergeNewer: format.mergesByID)
        } catch let error as InterchangeError {
            throw error
        } catch let error as RecordsError {
            throw .store(error)
        } catch {
            throw .store(.storage("\(error)"))
        }
        return ImportReport(
            input: input.name, format: format, formatWasDetected: options.format == nil, summary: summary, outcome: outcome,
            profile: format.namesNoPerson ? profile : nil, dryRun: options.dryRun)
    }
}

/// Everything a file holds, read without importing it.
public struct DecodedFile: Sendable {
    public var profiles: [Profile] = []
    public var tags: [StatusTag] = []
    /// The readings with the rule that finds their duplicates.
    public var incoming: [IncomingReading] = []
    public var outcome = DecodeOutcome()

    /// The readings alone.
    public var readings: [Reading] { incoming.map(\.reading) }
    /// `FILE:LINE: reason` for every record that could not be taken.
    public var problems: [String] { outcome.problems.map(\.description) }
    /// Records left out on purpose, by kind.
    public var skipped: [String: Int] { outcome.skipped }
}

/// Reads a file whole, for tests, the fuzzers and tools: the same readers an import uses.
public enum InterchangeReader {
    public static func read(
        _ path: String, as format: InterchangeFormat? = nil, profile: String? = nil, onlyProfile: String? = nil,
        zone: any TimeZoneRule, dateOrder: DateOrder? = nil, now: Int64, birthYears: [String: Int] = [:]
    ) throws(InterchangeError) -> DecodedFile {
        let input = try ImportInput(path: path)
        let chosen: InterchangeFormat
        if let format { chosen = format } else { chosen = try InterchangeFormat.detect(input) }
        let format = chosen
        try format.checkLooksRight(input)
        let context = DecodeContext(
            name: input.name, zone: zone, dateOrder: dateOrder, now: now, profile: profile, onlyProfile: onlyProfile,
            birthYears: birthYears)
        var file = DecodedFile()
        let sink = ImportSink(context: context) { batch in
            file.profiles += batch.profiles
            file.tags += batch.tags
            file.incoming += batch.readings
        }
        try format.decode(input, context: context, into: sink)
        file.outcome = sink.outcome
        return file
    }
}
