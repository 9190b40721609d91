import HealthAnalytics
import HealthCore

/// `healthlog classify 150/95`: a reading's category under a guideline.
struct ClassifyCommand: Command {
    static let spec = CommandSpec(
        ["classify"], abstract: "Classify one blood pressure under a guideline.",
        arguments: [ArgumentSpec("SYS/DIA", help: "Blood pressure in mmHg, e.g. 150/95.")],
        options: [Options.guideline, Options.textFormat],
        examples: ["healthlog classify 150/95", "healthlog classify 142/86 --guideline china --format json"])

    let classification: Classification
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let pressure: BloodPressure
        do { pressure = try BloodPressure.parse(arguments.positionals[0]) } catch { throw CLIError(error, arguments: arguments) }
        classification = (try context.guideline(arguments) ?? .standard(for: Language(environment: context.environment))).classify(pressure)
        json = try arguments.value(Options.textFormat) == .json
    }

    /// Low by the one rule `stats` and the report raise a low alert by.
    var isLow: Bool { Alert.isLow(classification.pressure) }

    func run(_ context: CommandContext) throws(CLIError) {
        let table = try context.words()
        let label = classification.reading(in: table)
        if json {
            context.stdout.line(JSONValue.object([
                ("guideline", .string(classification.guideline.rawValue)),
                ("systolic", .int(classification.pressure.systolic)), ("diastolic", .int(classification.pressure.diastolic)),
                ("category", .string(classification.category.rawValue)),
                ("isolated", .optional(classification.isolated?.rawValue)), ("label", .string(label)),
                ("low", .bool(isLow)), ("alerts", .array(Alert.kinds(of: classification.pressure, guideline: classification.guideline).map { .string($0.rawValue) })),
            ]).serialized())
            return
        }
        var line = "\(classification.pressure) mmHg\(table.cli("classify.colon"))\(label)"
        if let isolated = classification.isolatedLabel(in: table) { line += table.text("listSeparator") + isolated }
        if classification.guideline.isVeryHigh(classification.pressure) {
            line += table.cli("classify.separator.urgent") + context.style.red(table.cli("classify.urgent"))
        }
        if isLow { line += table.cli("classify.separator.low") + context.style.red(table.cli("classify.low")) }
        context.stdout.line(line)
    }
}
