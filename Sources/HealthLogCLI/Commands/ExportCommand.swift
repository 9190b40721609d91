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
        let file: OutputFile?
        if let output, output != "-" {
            do { file = try OutputFile(output) } catch { throw CLIError(error) }
        } else {
            file = nil
        }
        let sink: any ByteSink = file ?? StandardOutputSink(context.stdout)
        /// True once the output failed: reading the log stops there.
        let failed = { file?.failure != nil || context.stdout.failure != nil }
        var written = 0
        var eventCount = 0
        let format = self.format
        let range = self.range
        do {
            try context.records {
                // One snapshot of the log, streamed reading by reading: an export of any size
                // is written in flat memory.
                try store.read {
                    // Export is for backup and moving data: every profile unless one is named explicitly.
                    var profiles = try store.profiles()
                    if let id = context.profileFlag { profiles = [try store.requireProfile(id: id)] }
                    let events = try store.events(profileID: context.profileFlag, from: range.from, to: range.to)
                    eventCount = events.count
                    let query = ReadingQuery(profileID: context.profileFlag, from: range.from, to: range.queryTo)
                    let readings = { (emit: (Reading) -> Void) throws(RecordsError) in
                        try store.forEachReading(matching: query) { reading in
                            guard !failed() else { throw ExportStopped() }
                            emit(reading)
                            written += 1
                        }
                    }
                    switch format {
                    case .csv: try ReadingCSVCodec.write(into: sink, readings: readings)
                    case .json:
                        try JSONBackup.write(
                            profiles: profiles, tags: try store.tags(includingRemoved: true), events: events, exportedAt: context.clock(),
                            into: sink, readings: readings)
                        sink.write("\n")
                    case .fhir:
                        try FHIRExport.write(profiles: profiles, events: events, exportedAt: context.now, into: sink, readings: readings)
                        sink.write("\n")
                    }
                }
            }
        } catch {
            // A failed output is the news; the log's read stopped because of it.
            if let failure = file?.failure { throw CLIError(failure) }
            if context.stdout.failure != nil { return }
            file?.discard()
            throw error
        }
        guard let file, let output else { return }
        do { try file.commit() } catch { throw CLIError(error) }
        let eventNote = format == .csv || eventCount == 0 ? "" : " and \(counted(eventCount, "event"))"
        context.stderr.line("Exported \(counted(written, "reading"))\(eventNote) (\(format.rawValue)) to \(output).".visibleControls())
        if format == .csv && eventCount > 0 {
            context.stderr.line("CSV holds readings only; --format json or fhir also keeps the \(eventCount) events.")
        }
    }
}

/// Stops streaming an export once its output failed.
private struct ExportStopped: Error {}

/// Standard output as a ``ByteSink``: a data format goes out exactly, except on a terminal,
/// where text from people and files must not act on the screen (controls are shown as escapes).
final class StandardOutputSink: ByteSink {
    private let output: any TextOutput

    init(_ output: any TextOutput) { self.output = output }

    func write(_ bytes: UnsafeRawBufferPointer) {
        if output.isTerminal {
            output.write(String(decoding: bytes, as: UTF8.self).visibleControls(lineBreaks: .keep))
        } else {
            output.write(bytes: Array(bytes))
        }
    }
}
