import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthUseCases

/// The options `med start`, `change` and `stop` share.
enum MedicineFields {
    static let dose = Option<String>(
        "--dose", value: "DOSE", help: "The dose as the label says it: an amount and a unit, e.g. '5 mg', '10 mg twice', '1 tablet' or 1片.")
    static let times = Option<[DayPeriod]>(
        "--times", value: "TIMES", help: "When doses are due: morning, noon, evening, or several joined by commas (e.g. morning,evening).",
        expected: "times of day (morning, noon or evening, joined by commas)"
    ) { MedicineChange.times($0).flatMap { $0.isEmpty ? nil : $0 } }.completing(.words(DayPeriod.allCases.map(\.rawValue)))
    static let reason = Option<String>("--reason", value: "TEXT", help: "Why, e.g. 'ankle swelling'; shown beside the change.")
    static let name = ArgumentSpec("NAME", help: "The medicine, in English or Chinese (amlodipine, 氨氯地平); a name HealthLog does not know is kept as typed.")
}

/// What `med start`, `change` and `stop` record: the change to a medicine, and when.
struct MedicineEntry {
    let medicine: MedicineChange
    let at: ZonedInstant?
    /// The note for an `--at` that names a wall time the clocks pass twice.
    let repeatedWallTime: String?

    /// The `action` on NAME, from `arguments`: a start and a change need a dose and may say
    /// when doses are due, a change and a stop may say why.
    init(_ action: MedicineAction, _ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        medicine = MedicineChange(
            name: String(arguments.positionals[0].trimmingWhitespace()), action: action,
            dose: action == .stop ? nil : try Self.requiredDose(arguments), times: action == .stop ? [] : try arguments.value(MedicineFields.times) ?? [],
            reason: action == .start ? nil : try arguments.value(MedicineFields.reason).map { String($0.trimmingWhitespace()) })
        (at, repeatedWallTime) = try Self.at(arguments, context: context)
    }

    /// `--at WHEN` as an instant, with the note that it named a wall time that happens twice.
    static func at(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> (ZonedInstant?, String?) {
        guard let when = try arguments.value(ReadingInput.at) else { return (nil, nil) }
        // A date alone is the start of that measurement day: its morning readings are on the medicine.
        if let date = CivilDate(iso: when), let instant = context.zone.instant(date: date, hour: DayPeriod.dayStartHour, minute: 0, second: 0) {
            return (instant, nil)
        }
        let instant = try DateArgument.instant(when, now: context.now, zone: context.zone, arguments: arguments)
        let repeated = ReadingInput.isRepeatedWallTime(when, instant, context: context) ? ReadingInput.repeatedWallTimeNote(instant, words: try context.words()) : nil
        return (instant, repeated)
    }

    /// The dose, which a start and a change need.
    static func requiredDose(_ arguments: ParsedArguments) throws(CLIError) -> String {
        guard let dose = try arguments.value(MedicineFields.dose), !dose.trimmingWhitespace().isEmpty else {
            throw arguments.usage(key: "error.optionRequired", ["option": "--dose DOSE", "example": "--dose '5 mg'"])
        }
        let typed = String(dose.halfWidth.trimmingWhitespace())
        do { try MedicineDose.check(typed) } catch { throw CLIError(error, arguments: arguments) }
        return typed
    }

    /// Records `medicine` and prints what was recorded.
    func record(_ context: CommandContext) throws(CLIError) {
        let recorded = try context.run { try $0.recordMedicine(medicine, at: at) }
        let words = try context.words()
        let presenter = EventText(words: words, catalogue: (try? context.run { try $0.medicineCatalogue() }) ?? .empty)
        context.stdout.line(
            "\(words.cli("med.recorded")) \(context.style.dim(String(recorded.event.id.prefix(8)))) · \(recorded.profile.id) · \(presenter.when(recorded.event)) · \(presenter.text(recorded.event).visibleControls(lineBreaks: .symbol))")
        if let repeatedWallTime { context.stdout.line(repeatedWallTime) }
    }
}

/// `med start`, `change` and `stop`: each records its action, the same way.
protocol MedicineCommand: Command {
    static var action: MedicineAction { get }
    var entry: MedicineEntry { get }
    init(entry: MedicineEntry)
}

extension MedicineCommand {
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        self.init(entry: try MedicineEntry(Self.action, arguments, context: context))
    }

    func run(_ context: CommandContext) throws(CLIError) { try entry.record(context) }

    /// `med ACTION NAME`'s spec: its `options`, then `--at`, said as `when` it happened.
    static func medicineSpec(abstract: String, options: [any OptionDeclaration], when: String, examples: [String], discussion: String) -> CommandSpec {
        CommandSpec(
            ["med", action.rawValue], abstract: abstract, arguments: [MedicineFields.name],
            options: options + [ReadingInput.at.helping("\(when): a date alone (its day from 04:00), or the forms of add --at (default: now).")],
            examples: examples, discussion: discussion)
    }
}

/// `healthlog med start NAME --dose DOSE`.
struct MedStartCommand: MedicineCommand {
    static let action = MedicineAction.start
    static let spec = medicineSpec(
        abstract: "Record that a medicine was started, with its dose and times.", options: [MedicineFields.dose, MedicineFields.times], when: "When it was started",
        examples: ["healthlog med start amlodipine --dose '5 mg' --times morning", "healthlog -p dad med start 氨氯地平 --dose 5mg --at 2026-10-01"],
        discussion: "A start is also a medication event: stats and the report compare the readings before and after it, and page 1's treatment line names it.")

    let entry: MedicineEntry
}

/// `healthlog med change NAME --dose DOSE`.
struct MedChangeCommand: MedicineCommand {
    static let action = MedicineAction.change
    static let spec = medicineSpec(
        abstract: "Record a new dose (or new times) of a medicine being taken.",
        options: [MedicineFields.dose, MedicineFields.times.helping("New times of day; without it the times stay as they were."), MedicineFields.reason],
        when: "When the dose changed",
        examples: ["healthlog med change ramipril --dose '10 mg'", "healthlog med change amlodipine --dose '10 mg' --at 2026-11-03 --reason 'home BP still high'"],
        discussion: "The history is kept: the earlier dose stays in 'med list --all' and in the report. A change 2-4 weeks before or inside the report's headline week is named as too recent to judge.")

    let entry: MedicineEntry
}

/// `healthlog med stop NAME`.
struct MedStopCommand: MedicineCommand {
    static let action = MedicineAction.stop
    static let spec = medicineSpec(
        abstract: "Record that a medicine was stopped, and why.", options: [MedicineFields.reason], when: "When it was stopped",
        examples: ["healthlog med stop amlodipine --reason 'ankle swelling'", "healthlog med stop amlodipine --at 2026-11-09"],
        discussion: "A stop is a decision, not a missed dose: days after it are not counted as doses missed, and page 1 says the medicine was stopped and when.")

    let entry: MedicineEntry
}

/// `healthlog med list`.
struct MedListCommand: Command {
    static let spec = CommandSpec(
        ["med", "list"], abstract: "List the medicines taken now, or (--all) every medicine with its history.",
        options: [MedListCommand.all, Options.listingFormat],
        examples: ["healthlog med list", "healthlog -p dad med list --all", "healthlog med list --all --format json"])

    static let all = Flag("--all", help: "Also list stopped medicines, and every start, change and stop.")

    let all: Bool
    let format: Options.ListingFormat

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        all = arguments.isSet(MedListCommand.all)
        format = try arguments.value(Options.listingFormat) ?? .table
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let listing = try context.run { try $0.medicineListing(all: all, words: words) }
        if context.wroteListingData(format, json: listing.json, csv: listing.csvRows) { return }
        for line in listing.table(emphasis: context.style) { context.stdout.line(line) }
    }
}

