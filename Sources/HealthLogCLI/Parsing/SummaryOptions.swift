import HealthAnalytics
import HealthCore
import HealthRecords

/// What `stats`, `report` and `chart` summarise: the range, the filters and the guideline,
/// declared once; and loading the profile's summary from the log, in one place.
struct SummaryOptions {
    static let declarations: [any OptionDeclaration] =
        DateRangeOptions.declarations + ReadingFilterOptions.declarations + [Options.guideline]

    let range: DateRangeOptions
    let filters: ReadingFilterOptions
    let guideline: Guideline

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        filters = try ReadingFilterOptions(arguments)
        guideline = try arguments.value(Options.guideline) ?? .esh
    }

    /// The profile's summary over the range, or an error naming the profile and range when it is empty.
    func load(_ context: CommandContext, options: AnalysisOptions) throws(CLIError) -> (BPSummary, [StatusTag]) {
        let store = try context.store(.readOnly)
        let profile = try context.resolveProfile(in: store)
        let query = filters.applied(to: ReadingQuery(profileID: profile.id, from: range.from, to: range.to))
        let (readings, tags) = try context.records {
            try store.read { (try store.readings(matching: query), try store.tags()) }
        }
        var options = options
        options.guideline = guideline
        let summary = BPSummary(profile: profile, readings: readings, from: range.from, to: range.to, options: options)
        guard summary.overall.count > 0 || summary.weight != nil else {
            throw .data("no readings for \(profile.id) (\(profile.name)) in \(range.description)")
        }
        return (summary, tags)
    }
}
