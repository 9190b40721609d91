import HealthCommandLine
import HealthPresentation
import HealthCore

/// `healthlog classify 150/95`: a reading's category under a guideline.
struct ClassifyCommand: Command {
    static let spec = CommandSpec(
        ["classify"], abstract: "Classify one blood pressure under a guideline.",
        arguments: [ArgumentSpec("SYS/DIA", help: "Blood pressure in mmHg, e.g. 150/95.")],
        options: [Options.guideline, Options.textFormat],
        examples: ["healthlog classify 150/95", "healthlog classify 142/86 --guideline china --format json"])

    let pressure: BloodPressure
    let guideline: GuidelineChoice
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        do { pressure = try BloodPressure.parse(arguments.positionals[0]) } catch { throw CLIError(error, arguments: arguments) }
        guideline = try context.guideline(arguments) ?? .standard(for: Language(environment: context.environment))
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let text = ClassificationText(pressure, guideline: guideline, words: try context.words())
        context.stdout.line(json ? text.json.serialized() : text.line(emphasis: context.style))
    }
}
