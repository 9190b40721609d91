import HealthInterchange
import HealthCore
import HealthRecords

/// `healthlog import FILE`: HealthLog CSV or JSON, FHIR R4, Omron, Withings or Apple Health.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        ["import"], abstract: "Import readings from CSV, JSON, FHIR, Omron, Withings or Apple Health.",
        arguments: [ArgumentSpec("FILE", help: "The file to read; its format is detected from its header or root element.")],
        options: [
            OptionSpec("--format", value: "FORMAT", help: "auto (default), csv, json, fhir, omron, withings or apple-health."),
            OptionSpec("--tz", value: "ZONE", help: "Zone for times written without an offset, e.g. Asia/Shanghai or +08:00 (default: this machine's)."),
            OptionSpec("--dry-run", help: "Check the file and print the counts; write nothing."),
            OptionSpec("--skip-invalid", help: "Import the valid records and report the invalid ones (default: any invalid record stops the import)."),
        ],
        examples: [
            "healthlog import Samples/family.csv", "healthlog import backup.json",
            "healthlog -p dad import OMRON_connect.csv --tz Asia/Shanghai", "healthlog -p mom import export.zip",
        ],
        discussion: """
            Records already in the log (same id, or same profile, minute and values) are counted as duplicates and skipped, \
            so importing a file twice adds nothing. A JSON backup or FHIR bundle merges by reading id: when the same id \
            differs, the newer version wins and the conflict is reported. Omron, Withings and Apple Health files name no \
            person, so they need --profile; with the other formats --profile imports only that profile's readings.
            """)

    let path: String
    let format: InterchangeFormat?
    let zone: (any TimeZoneRule)?
    let dryRun: Bool
    let skipInvalid: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        path = arguments.positionals[0]
        let name = arguments.value("--format") ?? "auto"
        if name == "auto" {
            format = nil
        } else {
            guard let format = InterchangeFormat(rawValue: name) else {
                throw .data("--format '\(name)' is not auto, \(InterchangeFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.format = format
        }
        if let name = arguments.value("--tz") {
            guard let zone = timeZoneRule(named: name) else {
                throw .data("--tz '\(name)' is not a time zone; use a name like Asia/Shanghai, UTC or an offset like +08:00")
            }
            self.zone = zone
        } else {
            zone = nil
        }
        dryRun = arguments.flag("--dry-run")
        skipInvalid = arguments.flag("--skip-invalid")
    }

    func run(_ context: CommandContext) throws(CLIError) {
        guard FileSystem.exists(path) else { throw .noInput("\(path) does not exist") }
        let format = try Self.cliError { () throws(InterchangeError) in try chosenFormat(context) }
        let bar = ProgressBar(output: context.stderr, clock: context.clock)
        defer { bar?.finish(completed: false) }
        var progress: (@Sendable (Int64, Int64) -> Void)?
        if let bar {
            progress = { done, total in bar.update(done: done, total: total) }
        }
        let settings = ImportSettings(
            path: path, profileID: context.profileFlag, zone: zone ?? context.zone, now: context.clock(), progress: progress)
        // The file is decoded on another thread while its readings are written, batch by batch.
        let decoder = BackgroundDecoder(format: format, settings: settings)
        // Writing starts before the whole file is checked, so a new log this import creates is
        // removed again when the import fails or is a dry run: bad input leaves nothing behind.
        let logPath = try context.databasePath()
        let createsLog = !FileSystem.exists(logPath)
        var succeeded = false
        defer {
            if createsLog && (!succeeded || dryRun) {
                context.closeStore()
                RecordStore.removeIfUnused(path: logPath)
            }
        }
        let store = try context.store(.readWrite)
        let head = try Self.cliError { () throws(InterchangeError) in try decoder.start() }
        var outcome = DecodedImport()
        func nextBatch() throws(CLIError) -> ValidatedReadings? {
            if let batch = decoder.nextBatch() { return batch }
            bar?.finish(completed: true)
            outcome = try Self.cliError { () throws(InterchangeError) in try decoder.finish() }
            for problem in outcome.problems { context.stderr.line(problem.visibleControls()) }
            if !outcome.problems.isEmpty && !skipInvalid {
                let count = outcome.problems.count
                throw .data("\(count) invalid record\(count == 1 ? "" : "s") in \(path); nothing was imported (use --skip-invalid to import the valid ones)")
            }
            return nil
        }
        let summary = try context.records {
            try store.importReadings(
                batches: nextBatch, profiles: head.profiles, tags: head.tags, dryRun: dryRun, mergeNewer: head.mergesByID)
        }
        succeeded = true
        let verb = dryRun ? "Would create" : "Created"
        for profile in summary.createdProfiles { context.stderr.line("\(verb) profile '\(profile)'.") }
        if !summary.createdTags.isEmpty { context.stderr.line("\(verb) tag definitions: \(summary.createdTags.joined(separator: ", ")).") }
        if !summary.undefinedTags.isEmpty {
            context.stderr.line("Kept tag IDs that have no definition: \(summary.undefinedTags.joined(separator: ", ")).")
        }
        for conflict in summary.conflicts { context.stderr.line("Conflict: \(conflict).".visibleControls()) }
        if !outcome.skipped.isEmpty {
            let kinds = outcome.skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
            context.stderr.line("Skipped (not readings HealthLog keeps): \(kinds.joined(separator: ", ")).".visibleControls())
        }
        var counts = ["added \(summary.added)"]
        if summary.updated > 0 { counts.append("updated \(summary.updated)") }
        counts += ["duplicate \(summary.duplicates)", "skipped \(outcome.skippedCount)", "invalid \(outcome.problems.count)"]
        let line = counts.joined(separator: ", ")
        context.stdout.line((dryRun ? "Dry run of \(path), nothing written: \(line)." : "Imported \(path): \(line).").visibleControls())
    }

    /// The format named by `--format`, or the one detected (saying which it chose).
    private func chosenFormat(_ context: CommandContext) throws(InterchangeError) -> InterchangeFormat {
        if let format { return format }
        let detected = try InterchangeFormat.detect(path: path)
        context.stderr.line("Reading \(path) as \(detected.rawValue).".visibleControls())
        return detected
    }

    /// Runs `body`, turning an unreadable file into exit 66 and any other file error into 65.
    private static func cliError<T>(_ body: () throws(InterchangeError) -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .unreadable: throw .noInput(error.description)
            default: throw .data(error.description)
            }
        }
    }
}
