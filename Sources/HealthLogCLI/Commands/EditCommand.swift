import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog edit ID ...`: change some values of a reading, keeping the rest.
struct EditCommand: Command {
    static let spec = CommandSpec(
        ["edit"], abstract: "Change a reading. Values not given stay as they are.",
        arguments: [
            ArgumentSpec("ID", completing: .readings, help: "The reading's id, or a unique prefix of at least 6 characters."),
            ArgumentSpec("SYS/DIA", optional: true, help: "New blood pressure."),
            ArgumentSpec("PULSE", optional: true, help: "New pulse."),
        ],
        options: ReadingInput.editOptions + [clearOption, toProfileOption, Options.textFormat, Options.quiet],
        examples: ["healthlog edit 3f2a9c1e", "healthlog edit 3f2a9c1e 136/84", "healthlog edit 3f2a9c1e --office", "healthlog edit 3f2a9c1e --to-profile dad", "healthlog edit 3f2a9c1e -t bp-med,exercise", "healthlog edit 3f2a9c1e --clear note"],
        discussion: """
            --tag replaces the reading's tags; tags it already had may be undefined, new ones must be defined. \
            With no new values, the reading opens in $VISUAL or $EDITOR (else editor or vi) as one 'field: value' line for each \
            value, the note last; what is saved is checked as the options are, and an invalid result changes nothing and is kept.
            """)

    /// The values `--clear` removes.
    static let clearOption = Option<ReadingField>(
        "--clear", value: "FIELD", repeatable: true, help: "Remove a value: bp, pulse, weight, tags or note.")

    /// Moves the reading to another profile.
    static let toProfileOption = Option<String>(
        "--to-profile", value: "ID", help: "Move the reading to this profile (e.g. from the first profile 'me' to dad)."
    ).completing(.profiles)

    let id: String
    let input: ReadingInput
    let clear: Set<ReadingField>
    let toProfile: String?
    let json: Bool
    let quiet: Bool
    /// No values were given: the reading opens in this editor.
    let editor: ShellCommand?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        id = arguments.positionals[0]
        input = try ReadingInput(arguments, positionals: arguments.positionals.dropFirst(), context: context)
        clear = Set(try arguments.values(EditCommand.clearOption))
        toProfile = try arguments.value(EditCommand.toProfileOption)
        json = try arguments.value(Options.textFormat) == .json
        quiet = arguments.isSet(Options.quiet)
        if !input.entry.isEmpty || !clear.isEmpty || toProfile != nil {
            editor = nil
            return
        }
        guard let editor = TextEditor.command(environment: context.environment, onTerminal: context.stdout.isTerminal) else {
            throw arguments.usage(Phrase("nothing to change; give new values or --clear FIELD (or set EDITOR to edit the reading in it)"))
        }
        self.editor = editor
    }

    func run(_ context: CommandContext) throws(CLIError) {
        if let editor { return try ReadingEditSession(id: id, editor: editor).run(context) }
        let updated = try context.run { try $0.edit(id, with: input.entry, clearing: clear, movingTo: toProfile) }
        if quiet { return }
        if json {
            context.stdout.line(ReadingListJSON.object(updated.reading).serialized())
            return
        }
        let words = try context.words()
        let text = ReadingText(tags: updated.tags, words: words, style: context.style)
        context.stdout.line(text.confirmation("edit.updated", updated.reading, profile: updated.profile))
        if let note = input.repeatedWallTimeNote(words) { context.stdout.line(note) }
    }
}
