import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog delete ID... --yes`, or `healthlog delete --from DATE --to DATE`: shows the
/// readings, then asks.
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        ["delete"], abstract: "Delete readings.",
        arguments: [ArgumentSpec("ID", optional: true, variadic: true, completing: .readings, help: "Reading ids, or unique prefixes of at least 6 characters.")],
        options: [Options.yes] + DateRangeOptions.declarations + [Options.textFormat, Options.quiet],
        examples: ["healthlog delete 3f2a9c1e --yes", "healthlog delete --from 2026-11-01 --to 2026-11-07"],
        discussion: "Give reading ids, or --from/--to (or --last) for every reading of the profile in those days. The readings are shown before the question.")

    let ids: [String]
    let range: DateRange?
    let consent: Consent
    let json: Bool
    let quiet: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        ids = arguments.positionals
        let byDate = DateRangeOptions.declarations.contains { arguments.isGiven($0) }
        range = byDate ? try DateRangeOptions.range(arguments, today: context.today) : nil
        consent = Consent(arguments)
        json = try arguments.value(Options.textFormat) == .json
        quiet = arguments.isSet(Options.quiet)
        if ids.isEmpty == !byDate {
            throw arguments.usage(Phrase("give reading ids, or --from/--to for the readings of those days, not both"))
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        // Every id is resolved first, so one bad id deletes nothing.
        let readings = try context.run { log in
            if let range { return try log.listing(range).readings }
            return try log.readings(ids: ids)
        }
        let words = try context.words()
        if !consent.given, !readings.isEmpty {
            // What goes is shown before the question: its day, values and note.
            let (profiles, tags) = try context.run { log in (try log.profiles().map(\.profile), try log.tagOverview().tags.map(\.tag)) }
            let text = ReadingText(tags: tags, words: words, style: context.style)
            for reading in readings.prefix(20) {
                let profile = profiles.first { $0.id == reading.profileID } ?? Profile(id: reading.profileID, name: reading.profileID)
                let note = reading.note.isEmpty ? "" : " · " + reading.note.visibleControls()
                context.stderr.line("  " + text.confirmation("delete.shown", reading, profile: profile) + note)
            }
            if readings.count > 20 { context.stderr.line("  " + words.cli("undo.more", ["readings": words.counted(readings.count - 20, "reading")])) }
        }
        try context.confirmDestructive(
            words.cli("delete.question", ["readings": words.counted(readings.count, "reading")]), consent)
        let deleted = try context.run { try $0.delete(readings) }
        if quiet { return }
        if json {
            context.stdout.line(ReadingListJSON.deleted(readings).serialized())
            return
        }
        context.stdout.line(words.cli("delete.done", ["readings": words.counted(deleted, "reading")]))
    }
}
