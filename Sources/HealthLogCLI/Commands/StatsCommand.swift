import HealthAnalytics
import HealthCore
import HealthRecords

/// `healthlog stats`: the figures a doctor asks for, as text or JSON.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        ["stats"], abstract: "Averages, variability, the 7-day home average, tags and alerts.",
        options: DateRangeOptions.specs + [
            OptionSpec("--by", value: "GROUP", help: "period (default), or also day, week or month."),
            OptionSpec("--guideline", value: "NAME", help: "esh (default), aha or china."),
            OptionSpec("--target-range", value: "LOW-HIGH", help: "Systolic band for time in range (default 110-130)."),
            OptionSpec("--format", value: "FORMAT", help: "text (default) or json."),
        ],
        examples: ["healthlog stats --last 30d", "healthlog -p dad stats --by week --guideline china", "healthlog stats --format json"])

    let range: DateRangeOptions
    let options: AnalysisOptions
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        var options = AnalysisOptions()
        options.guideline = try parseGuideline(arguments)
        if let by = arguments.value("--by"), by != "period" {
            guard let bucketing = Bucketing(rawValue: by) else {
                throw .data("--by '\(by)' is not period, day, week or month")
            }
            options.bucketing = bucketing
        }
        if let text = arguments.value("--target-range") {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, parts[0] < parts[1], BloodPressure.systolicRange.contains(parts[0]),
                BloodPressure.systolicRange.contains(parts[1])
            else { throw .data("--target-range '\(text)' is not a systolic band like 110-130") }
            options.targetRange = parts[0]...parts[1]
        }
        self.options = options
        json = try arguments.wantsJSON()
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let (summary, tags) = try loadSummary(context, range: range, options: options)
        let presenter = ReadingPresenter(tags: tags, environment: context.environment, style: context.style)
        if json {
            let label = { (id: String) in tags.first { $0.id == id }?.label(in: presenter.language) }
            context.stdout.line(SummaryJSON.document(summary, tagLabel: label).serialized())
        } else {
            let table = try context.strings(presenter.language)
            context.stdout.write(StatsText(summary: summary, style: context.style, tagLabel: presenter.label(ofTag:), strings: table).render())
        }
    }
}

/// `--guideline`, shared by stats, classify and report.
func parseGuideline(_ arguments: ParsedArguments) throws(CLIError) -> Guideline {
    guard let name = arguments.value("--guideline") else { return .esh }
    guard let guideline = Guideline(rawValue: name) else {
        throw .data("--guideline '\(name)' is not known; use esh, aha or china")
    }
    return guideline
}

/// The profile's summary over the range, or an error naming the profile and range when it is empty.
func loadSummary(_ context: CommandContext, range: DateRangeOptions, options: AnalysisOptions) throws(CLIError) -> (BPSummary, [StatusTag]) {
    let store = try context.store(.readOnly)
    let profile = try context.resolveProfile(in: store)
    let (readings, tags) = try context.records {
        try store.read {
            (try store.readings(matching: ReadingQuery(profileID: profile.id, from: range.from, to: range.to)), try store.tags())
        }
    }
    let summary = BPSummary(profile: profile, readings: readings, from: range.from, to: range.to, options: options)
    guard summary.overall.count > 0 || summary.weight != nil else {
        throw .data("no readings for \(profile.id) (\(profile.name)) in \(range.description)")
    }
    return (summary, tags)
}
