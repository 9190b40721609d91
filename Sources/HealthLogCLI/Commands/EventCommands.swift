import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthUseCases

/// `healthlog event add TEXT`: a medication change or another event, dated, for before/after figures.
struct EventAddCommand: Command {
    static let spec = CommandSpec(
        ["event", "add"], abstract: "Record an event, such as a new medication, to compare the readings before and after it.",
        arguments: [ArgumentSpec("TEXT", help: "What happened, e.g. 'amlodipine 5 mg started'.")],
        options: [ReadingInput.at.helping("When it happened; the same forms as add --at (default: now)."), kindOption],
        examples: [
            "healthlog event add 'amlodipine 5 mg started'",
            "healthlog -p dad event add 'stopped salting food' --kind lifestyle --at '2026-10-01 08:00'",
            "healthlog event add 'new wrist monitor' --kind monitor",
        ],
        discussion: "stats and the report compare the home readings of the 28 days before the event's day with days 8 to 35 after it. A medicine's start, change and stop are best recorded with 'healthlog med', which keeps its name and dose.")

    static let kindOption = Option<EventKind>(
        "--kind", value: "KIND", help: "medication (default), lifestyle, monitor (a new or different blood-pressure monitor) or other.",
        choices: [.medication, .lifestyle, .monitor, .other], expected: "medication, lifestyle, monitor or other")

    let text: String
    let at: ZonedInstant?
    let kind: EventKind
    /// The note that `--at` named a wall time that happens twice, or nil.
    let repeatedWallTime: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        text = arguments.positionals[0]
        kind = try arguments.value(EventAddCommand.kindOption) ?? .medication
        if let when = try arguments.value(ReadingInput.at) {
            // An event may be planned ahead, so the store checks its time, not the reading rule.
            let instant = try DateArgument.instant(when, now: context.now, zone: context.zone, arguments: arguments)
            at = instant
            repeatedWallTime = ReadingInput.isRepeatedWallTime(when, instant, context: context) ? ReadingInput.repeatedWallTimeNote(instant, words: try context.words()) : nil
        } else {
            at = nil
            repeatedWallTime = nil
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let added = try context.run { try $0.addEvent(text, kind: kind, at: at) }
        let (event, profile, sameDay) = (added.event, added.profile, added.sameDayCount)
        let words = try context.words()
        let said = EventText(words: words, catalogue: (try? context.run { try $0.medicineCatalogue() }) ?? .empty)
        context.stdout.line(
            "\(words.cli("event.added")) \(context.style.dim(String(event.id.prefix(8)))) · \(profile.id) · \(said.when(event)) · \(said.kind(event)) · \(said.text(event).visibleControls(lineBreaks: .symbol))")
        if let repeatedWallTime { context.stdout.line(repeatedWallTime) }
        if sameDay > 0 {
            context.stdout.line(words.cli("event.sameDay"))
        }
    }
}

/// `healthlog event list`.
struct EventListCommand: Command {
    static let spec = CommandSpec(
        ["event", "list"], abstract: "List a profile's events.",
        options: DateRangeOptions.declarations + [Options.listingFormat, GlobalOptions.noPager],
        examples: ["healthlog event list", "healthlog -p dad event list --format json", "healthlog -p dad event list --format csv"])
    static let pages = true

    let range: DateRange
    let format: Options.ListingFormat

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions.range(arguments, today: context.today)
        format = try arguments.value(Options.listingFormat) ?? .table
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let (profile, events) = try context.run { try $0.events(range) }
        if context.wroteListingData(format, json: .array(events.map(EventText.json)), csv: events.map(EventText.json)) { return }
        let words = try context.words()
        guard !events.isEmpty else {
            context.stdout.line(words.cli("event.none", ["profile": profile.id]))
            return
        }
        let said = EventText(words: words, catalogue: (try? context.run { try $0.medicineCatalogue() }) ?? .empty)
        for line in said.table(events, emphasis: context.style) { context.stdout.line(line) }
    }
}

/// `healthlog event remove ID`.
struct EventRemoveCommand: Command {
    static let spec = CommandSpec(
        ["event", "remove"], abstract: "Remove an event. Readings are never touched.",
        arguments: [ArgumentSpec("ID", completing: .events, help: "The event's id, or a unique prefix of at least 6 characters.")],
        examples: ["healthlog event remove 3f2a9c1e"])

    let id: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) { id = arguments.positionals[0] }

    func run(_ context: CommandContext) throws(CLIError) {
        let event = try context.run { try $0.removeEvent(id) }
        context.stdout.line(try context.words().cli("event.removed", ["id": String(event.id.prefix(8)), "text": event.text.visibleControls(lineBreaks: .symbol)]))
    }
}
