import HealthRecords

/// `healthlog export`: readings as CSV, to a file or stdout.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        ["export"], abstract: "Export readings as CSV (all profiles unless --profile is given).",
        options: DateRangeOptions.specs + [
            OptionSpec("--format", value: "FORMAT", help: "csv (the format 'import' reads back)."),
            OptionSpec("--output", short: "-o", value: "FILE", help: "Write to FILE (mode 0600, replaced atomically) instead of stdout."),
        ],
        examples: ["healthlog export -o backup.csv", "healthlog -p dad export --last 3m -o dad.csv"])

    let range: DateRangeOptions
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        if let format = arguments.value("--format"), format != "csv" {
            throw .data("--format '\(format)' is not supported; export writes csv")
        }
        output = arguments.value("--output")
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store()
        // Export is for backup and moving data: every profile unless one is named explicitly.
        let profileID = try context.profileFlag.map { id throws(CLIError) in
            try context.records { try store.requireProfile(id: id).id }
        }
        let readings = try context.records {
            try store.readings(matching: ReadingQuery(profileID: profileID, from: range.from, to: range.to))
        }
        let text = ReadingCSVCodec.encode(readings)
        guard let output, output != "-" else {
            context.stdout.write(text)
            return
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: output)
        } catch {
            throw .cannotCreate(error.description)
        }
        context.stderr.line("Exported \(readings.count) readings to \(output).")
    }
}
