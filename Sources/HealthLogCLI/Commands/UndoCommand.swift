import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog undo`: takes back the last change to the log, after showing it.
struct UndoCommand: Command {
    static let spec = CommandSpec(
        ["undo"], abstract: "Take back the last change to the log (an add, edit, delete, import, rename…).",
        options: [Self.list, Options.yes, GlobalOptions.noPager],
        examples: ["healthlog undo", "healthlog undo --list"],
        discussion: """
            Shows the change and asks first. Run it again to take back the change before that; \
            the last 20 changes made on this machine are kept. A shared log carries the undo to \
            the family's other machines.
            """)

    static let list = Flag("--list", help: "List the changes that can be undone, the last first; undo nothing.")

    let listing: Bool
    let consent: Consent

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        listing = arguments.isSet(Self.list)
        consent = Consent(arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let history = try context.run { try $0.undoHistory() }
        let words = try context.words()
        let text = UndoText(profiles: history.profiles, tags: history.tags, words: words, style: context.style, zone: context.zone)
        guard let last = history.steps.first else {
            context.stdout.line(words.cli("undo.nothing"))
            return
        }
        if listing {
            // Only the list pages: undo itself asks a question on the terminal.
            context.startPaging()
            for step in history.steps {
                context.stdout.line(text.when(step))
                for line in text.lines(step, done: false, limit: 3) { context.stdout.line(line) }
            }
            return
        }
        // What will change is shown before the question, as delete shows what it deletes.
        context.stderr.line(text.heading(last))
        for line in text.lines(last, done: false) { context.stderr.line(line) }
        try context.confirmDestructive(words.cli("undo.question"), consent)
        guard let undone = try context.run({ try $0.undo(expected: last.number) }) else {
            context.stdout.line(words.cli("undo.nothing"))
            return
        }
        for line in text.lines(undone, done: true) { context.stdout.line(line.dropFirst(2).description) }
    }
}
