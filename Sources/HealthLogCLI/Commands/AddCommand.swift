import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog add 138/86 72 -t bp-med`: one reading in about three seconds.
struct AddCommand: Command {
    static let spec = CommandSpec(
        ["add"], abstract: "Add a reading: blood pressure, pulse and/or weight.",
        arguments: [
            ArgumentSpec(
                "SYS/DIA", optional: true,
                help: "Blood pressure in mmHg, e.g. 138/86 (systolic \(ValueLimits.systolic.rangeText), diastolic \(ValueLimits.diastolic.rangeText))."),
            ArgumentSpec("PULSE", optional: true, help: "Pulse in beats per minute (\(ValueLimits.pulse.rangeText))."),
        ],
        options: ReadingInput.options + [DoseInput.took, Options.guideline, Options.textFormat, Options.quiet],
        examples: [
            "healthlog add 138/86 72 -t bp-med",
            "healthlog add 141/88 70 --took amlodipine,ramipril",
            "healthlog add 142/90 --at 'yesterday 21:30' -n 头有点晕",
            "healthlog add --weight 72.5",
            "healthlog add 152/94 --office -n 'at the clinic, Dr Wang'",
            "healthlog -p mom add 121/78 68 -t exercise,good-sleep",
        ])

    let input: ReadingInput
    /// The guideline a very high reading is judged by: `--guideline`, else the setting, else the language's own.
    let guideline: GuidelineChoice
    /// `--format json`: the reading as `show --format json` gives it, for a script.
    let json: Bool
    let quiet: Bool
    /// `--took`: the medicines taken with the reading, recorded as doses in the same transaction.
    let took: [String]

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        input = try ReadingInput(arguments, positionals: arguments.positionals[...], context: context)
        guideline = try context.guideline(arguments) ?? .standard(for: context.language)
        json = try arguments.value(Options.textFormat) == .json
        quiet = arguments.isSet(Options.quiet)
        let tookTexts = try arguments.values(DoseInput.took)
        took = DoseInput.names(tookTexts)
        if !tookTexts.isEmpty, took.isEmpty {
            throw arguments.usage(Phrase("--took needs the name of a medicine, such as --took amlodipine"))
        }
        guard !input.hasNoMeasurement else {
            throw arguments.usage(try context.words().cli("error.noMeasurement"))
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        // Choosing (or, in an empty log, creating) the profile and adding is one transaction.
        let added = try DoseInput.record(command: Self.spec, context: context) { try $0.add(input.entry, took: took) }
        let outcome = added.outcome
        if quiet { return }
        if json {
            context.stdout.line(ReadingListJSON.object(outcome.reading).serialized())
            return
        }
        let words = try context.words()
        if outcome.createdProfile {
            context.stderr.line(words.cli("add.createdProfile", ["profile": outcome.profile.id]))
        }
        let text = ReadingText(tags: added.tags, words: words, style: context.style)
        context.stdout.line(text.confirmation("add.added", outcome.reading, profile: outcome.profile))
        // A reading that needs attention says so in words, whatever the output is.
        for line in text.attention(outcome.reading, guideline: guideline, profile: outcome.profile) { context.stdout.line(line) }
        if let longAgo = text.longAgo(outcome.reading, today: context.now.localDate) { context.stdout.line(longAgo) }
        if let doses = added.doses { try DoseInput.report(doses, context: context) }
        if let note = input.repeatedWallTimeNote(words) { context.stdout.line(note) }
        if outcome.identicalCount > 0 {
            let time = outcome.reading.takenAt.localTimeText
            context.stdout.line(
                outcome.identicalCount == 1
                    ? words.cli("add.keptBeside.one", ["time": time])
                    : words.cli("add.keptBeside", ["n": String(outcome.identicalCount), "time": time]))
        }
    }
}
