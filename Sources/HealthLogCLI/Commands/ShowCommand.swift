import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog show ID`: every field of one reading.
struct ShowCommand: ShowsOne {
    static let spec = CommandSpec(
        ["show"], abstract: "Show one reading in full.",
        arguments: [ArgumentSpec("ID", completing: .readings, help: "The reading's id, or a unique prefix of at least 6 characters.")],
        options: [Options.textFormat],
        examples: ["healthlog show 3f2a9c1e"])

    let id: String
    let json: Bool

    func run(_ context: CommandContext) throws(CLIError) {
        let shown = try context.run { try $0.reading(id) }
        let text = ReadingText(tags: shown.tags, words: try context.words(), style: context.style)
        context.stdout.write(json ? ReadingListJSON.object(shown.reading).serialized() + "\n" : text.detail(shown.reading, profile: shown.profile))
    }
}

/// A command that shows one thing by its ID, as text or (`--format json`) JSON: `show` and `profile show`.
protocol ShowsOne: Command {
    init(id: String, json: Bool)
}

extension ShowsOne {
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        self.init(id: arguments.positionals[0], json: try arguments.value(Options.textFormat) == .json)
    }
}
