import HealthCommandLine
import HealthInterchange
import HealthCore
import HealthUseCases

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

    static let formatOption = Option<ExportFormat>(
        "--format", value: "FORMAT", help: "csv (default), json (full backup with profiles and tags) or fhir (R4 Bundle).")

    let range: DateRange
    let format: ExportFormat
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions.range(arguments, today: context.today)
        format = try arguments.value(ExportCommand.formatOption) ?? .csv
        output = try arguments.value(Options.output)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let log = try context.log()
        let file: OutputFile?
        if let output, output != "-" {
            try context.run { try $0.requireOutputApartFromLog(output) }
            do { file = try OutputFile(output) } catch { throw CLIError(error, words: try? context.words()) }
        } else {
            file = nil
        }
        let sink: any ByteSink = file ?? StandardOutputSink(context.stdout)
        let counts: ExportCounts
        do {
            // Reading the log stops once the output failed.
            counts = try log.export(format, range: range, into: sink) { file?.failure != nil || context.stdout.failure != nil }
        } catch {
            // A failed output is the news; the log's read stopped because of it.
            if let failure = file?.failure { throw CLIError(failure) }
            if context.stdout.failure != nil { return }
            file?.discard()
            throw CLIError(error, words: try? context.words())
        }
        guard let file, let output else { return }
        do { try file.commit() } catch { throw CLIError(error, words: try? context.words()) }
        let words = try context.words()
        let readings = words.counted(counts.readings, "reading")
        let exported = format == .csv || counts.events == 0
            ? readings : words.cli("export.readingsAndEvents", ["readings": readings, "events": words.counted(counts.events, "event")])
        context.stderr.line(words.cli("export.done", ["what": exported, "format": format.rawValue, "path": output]).visibleControls())
        if format == .csv && counts.events > 0 {
            context.stderr.line(words.cli(counts.events == 1 ? "export.csvNoEvents.one" : "export.csvNoEvents", ["n": String(counts.events)]))
        }
    }
}
