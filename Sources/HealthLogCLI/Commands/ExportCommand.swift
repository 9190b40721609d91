import HealthInterchange
import HealthCore
import HealthRecords

/// `healthlog export`: CSV, a full JSON backup, or a FHIR R4 bundle.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        ["export"], abstract: "Export readings as CSV, a full JSON backup, or FHIR R4.",
        options: DateRangeOptions.declarations + [
            formatOption, Options.output.helping("Write to FILE (mode 0600, replaced atomically) instead of stdout."),
        ],
        examples: [
            "healthlog export -o backup.csv", "healthlog export --format json -o healthlog-backup.json",
            "healthlog -p dad export --format fhir --last 3m -o dad-fhir.json",
        ],
        discussion: "All profiles are exported unless --profile names one. JSON and FHIR also carry events; CSV holds readings only.")

    enum Format: String, CaseIterable, Sendable { case csv, json, fhir }
    static let formatOption = Option<Format>(
        "--format", value: "FORMAT", help: "csv (default), json (full backup with profiles and tags) or fhir (R4 Bundle).")

    let range: DateRangeOptions
    let format: Format
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        format = try arguments.value(ExportCommand.formatOption) ?? .csv
        output = try arguments.value(Options.output)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readOnly)
        // Export is for backup and moving data: every profile unless one is named explicitly.
        let (profiles, tags, events, readings) = try context.records {
            try store.read {
                var profiles = try store.profiles()
                if let id = context.profileFlag {
                    profiles = [try store.requireProfile(id: id)]
                }
                let readings = try store.readings(
                    matching: ReadingQuery(profileID: context.profileFlag, from: range.from, to: range.to))
                let events = try store.events(profileID: context.profileFlag, from: range.from, to: range.to)
                return (profiles, try store.tags(), events, readings)
            }
        }
        let bytes: [UInt8]
        switch format {
        case .csv: bytes = Array(ReadingCSVCodec.encode(readings).utf8)
        case .json:
            bytes = JSONBackup.encode(profiles: profiles, tags: tags, events: events, readings: readings, exportedAt: context.clock()) + [10]
        case .fhir: bytes = FHIRExport.encode(profiles: profiles, events: events, readings: readings, exportedAt: context.now) + [10]
        }
        guard let output, output != "-" else {
            context.stdout.writeData(String(decoding: bytes, as: UTF8.self))
            return
        }
        do {
            try OutputFile.write(bytes, to: output)
        } catch {
            throw CLIError(error)
        }
        let eventNote = format == .csv || events.isEmpty ? "" : " and \(counted(events.count, "event"))"
        context.stderr.line("Exported \(counted(readings.count, "reading"))\(eventNote) (\(format.rawValue)) to \(output).".visibleControls())
        if format == .csv && !events.isEmpty {
            context.stderr.line("CSV holds readings only; --format json or fhir also keeps the \(events.count) events.")
        }
    }
}
