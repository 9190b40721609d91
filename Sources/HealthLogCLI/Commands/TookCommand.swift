import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// What `took` and `add --took` share: the medicines named as taken, and how a dose is said.
enum DoseInput {
    static let took = Option<String>(
        "--took", value: "NAME[,NAME]", repeatable: true,
        help: "Medicines taken with this reading, from the regimen (see 'healthlog med list'); records each dose as 'took' does.")
    static let names = ArgumentSpec(
        "NAME", optional: true, variadic: true,
        help: "Medicines taken, in English or Chinese (amlodipine, 氨氯地平); without one, every medicine due at this time of day.")

    /// The names in `texts`, each possibly several joined by commas, trimmed, empty ones dropped.
    static func names(_ texts: [String]) -> [String] {
        var names: [String] = []
        for text in texts {
            for part in text.split(whereSeparator: { $0 == "," || $0 == "，" }) {
                let name = String(String(part).trimmingWhitespace())
                if !name.isEmpty { names.append(name) }
            }
        }
        return names
    }

    /// Runs `call`, which records doses, turning a medicine named that is not in the regimen
    /// into a usage error of `command` (exit 64); the call's transaction wrote nothing.
    static func record<T>(command: CommandSpec, context: CommandContext, _ call: (HealthLog) throws -> T) throws(CLIError) -> T {
        try context.run { log in
            do {
                return try call(log)
            } catch HealthLogError.unknownMedicines(let unknown, var known) {
                // The medicines taken are named in the reader's language (氨氯地平 / amlodipine).
                if let words = try? context.words() {
                    let names = MedicineText(words: words, catalogue: (try? log.medicineCatalogue()) ?? .empty)
                    known = known.map(names.name)
                }
                throw CLIError.usage(
                    CLIError.unknownMedicines(unknown, known: known, words: try? context.words())
                        ?? HealthLogError.unknownMedicines(unknown, known: known).description,
                    command: command.commandLine)
            }
        }
    }

    /// Prints each dose stored, and each one already recorded in its slot.
    static func report(_ recorded: RecordedDoses, context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let catalogue = (try? context.run { try $0.medicineCatalogue() }) ?? .empty
        let presenter = EventText(words: words, catalogue: catalogue)
        let names = MedicineText(words: words, catalogue: catalogue)
        for dose in recorded.doses {
            context.stdout.line(
                "\(words.cli("took.recorded")) \(context.style.dim(String(dose.id.prefix(8)))) · \(recorded.profile.id) · \(presenter.when(dose)) · \(presenter.text(dose).visibleControls(lineBreaks: .symbol))")
        }
        for dose in recorded.alreadyRecorded {
            context.stdout.line(
                words.cli("took.already", ["name": names.name(dose.medicine?.name ?? dose.text).visibleControls(lineBreaks: .symbol), "time": presenter.when(dose)]))
        }
    }
}

/// `healthlog took [NAME…]`: doses taken, without a reading.
struct TookCommand: Command {
    static let spec = CommandSpec(
        ["took"], abstract: "Record that medicines were taken, without a reading.",
        arguments: [DoseInput.names],
        options: [ReadingInput.at.helping("When they were taken; the same forms as add --at (default: now).")],
        examples: ["healthlog took", "healthlog took amlodipine", "healthlog -p dad took 氨氯地平 ramipril --at 'today 07:30'"],
        discussion: "Each dose is a dose event: it syncs, backs up, undoes and exports like a reading. A medicine already recorded as taken at the same time of day is not recorded twice. Adherence in stats and the report sets the doses recorded against those the regimen schedules.")

    let names: [String]
    let at: ZonedInstant?
    let repeatedWallTime: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        names = DoseInput.names(arguments.positionals)
        if let when = try arguments.value(ReadingInput.at) {
            let instant = try ReadingInput.instant(at: when, context: context, arguments: arguments)
            at = instant
            repeatedWallTime = ReadingInput.isRepeatedWallTime(when, instant, context: context)
        } else {
            at = nil
            repeatedWallTime = false
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let recorded = try DoseInput.record(command: Self.spec, context: context) { try $0.recordDoses(names, at: at) }
        try DoseInput.report(recorded, context: context)
        if repeatedWallTime, let at { context.stdout.line(ReadingInput.repeatedWallTimeNote(at, words: try context.words())) }
    }
}
