import HealthCore
import HealthRecords

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
        let store = try context.store(.readWrite)
        // Resolve every id first, so one bad id deletes nothing.
        let readings = try context.records { try ids.map { try store.reading(idPrefix: $0) } }
        for reading in readings { try context.requireNamedProfile(owns: reading.profileID, "reading \(reading.id.prefix(8))") }
        let unique = Array(Set(readings.map(\.id))).sorted()
        let noun = unique.count == 1 ? "reading" : "readings"
        try context.confirmDestructive("Delete \(unique.count) \(noun)?", yes: yes, command: Self.spec.commandLine)
        let deleted = try context.records { try store.delete(ids: unique) }
        context.stdout.line("Deleted \(deleted) \(deleted == 1 ? "reading" : "readings").")
    }
}
