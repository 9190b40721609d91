import HealthCommandLine
import HealthCore
import HealthUseCases

/// `healthlog delete ID... --yes`.
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        ["delete"], abstract: "Delete readings.",
        arguments: [ArgumentSpec("ID", variadic: true, help: "Reading ids, or unique prefixes of at least 6 characters.")],
        options: [Options.yes],
        examples: ["healthlog delete 3f2a9c1e --yes"])

    let ids: [String]
    let yes: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        ids = arguments.positionals
        yes = arguments.isSet(Options.yes)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        // Every id is resolved first, so one bad id deletes nothing.
        let readings = try context.run { try $0.readings(ids: ids) }
        let words = try context.words()
        try context.confirmDestructive(
            words.cli("delete.question", ["readings": words.counted(readings.count, "reading")]), yes: yes, command: Self.spec.commandLine)
        let deleted = try context.run { try $0.delete(readings) }
        context.stdout.line(words.cli("delete.done", ["readings": words.counted(deleted, "reading")]))
    }
}
