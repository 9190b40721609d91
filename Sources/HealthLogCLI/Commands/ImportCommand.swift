import HealthRecords

/// `healthlog import FILE`: HealthLog CSV, all-or-nothing unless --skip-invalid.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        ["import"], abstract: "Import readings from a HealthLog CSV file.",
        arguments: [ArgumentSpec("FILE", help: "A CSV file with the header id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note.")],
        options: [
            OptionSpec("--dry-run", help: "Check the file and print the counts; write nothing."),
            OptionSpec("--skip-invalid", help: "Import the valid rows and report the invalid ones (default: any invalid row stops the import)."),
        ],
        examples: ["healthlog import Samples/family.csv", "healthlog import old.csv --dry-run"],
        discussion: """
            Rows already in the log (same id, or same profile, minute and values) are counted as duplicates and skipped, \
            so importing a file twice adds nothing. Profiles that do not exist are created.
            """)

    let path: String
    let dryRun: Bool
    let skipInvalid: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        path = arguments.positionals[0]
        dryRun = arguments.flag("--dry-run")
        skipInvalid = arguments.flag("--skip-invalid")
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw error.isMissing ? .noInput("\(path) does not exist") : .noInput(error.description)
        }
        let (readings, problems) = decode(bytes, context: context)
        for problem in problems { context.stderr.line(problem) }
        if !problems.isEmpty && !skipInvalid {
            throw .data("\(problems.count) invalid row\(problems.count == 1 ? "" : "s") in \(path); nothing was imported (use --skip-invalid to import the valid rows)")
        }
        let store = try context.store()
        let summary = try context.records { try store.importReadings(readings, dryRun: dryRun) }
        for profile in summary.createdProfiles {
            context.stderr.line("\(dryRun ? "Would create" : "Created") profile '\(profile)'.")
        }
        if !summary.undefinedTags.isEmpty {
            context.stderr.line("Kept tag IDs that have no definition: \(summary.undefinedTags.joined(separator: ", ")).")
        }
        let counts = "added \(summary.added), duplicate \(summary.duplicates), skipped \(problems.count), invalid \(problems.count)"
        context.stdout.line(dryRun ? "Dry run of \(path), nothing written: \(counts)." : "Imported \(path): \(counts).")
    }

    /// The valid readings and a `FILE:LINE: reason` line for each bad row.
    private func decode(_ bytes: [UInt8], context: CommandContext) -> ([Reading], [String]) {
        var readings: [Reading] = []
        var problems: [String] = []
        var sawHeader = false
        let now = context.clock()
        do {
            try CSVReader(bytes: bytes).forEachRecord { record in
                guard sawHeader else {
                    sawHeader = true
                    do { try ReadingCSVCodec.checkHeader(record.cells) } catch {
                        problems.append("\(path):\(record.line): \(error)")
                        throw error
                    }
                    return
                }
                do {
                    readings.append(try ReadingCSVCodec.decode(record.cells, zone: context.zone, now: now))
                } catch {
                    problems.append("\(path):\(record.line): \(error)")
                }
            }
        } catch let error as CSVReader.SyntaxError {
            problems.append("\(path):\(error.line): \(error.reason)")
        } catch {
            // The header error is already listed.
        }
        if !sawHeader { problems.append("\(path):1: the file is empty; expected the header \(ReadingCSVCodec.header.joined(separator: ","))") }
        return (readings, problems)
    }
}
