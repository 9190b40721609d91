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
    /// The guideline asked for; nil for the language's default.
    let chosenGuideline: Guideline?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        filters = try ReadingFilterOptions(arguments)
        chosenGuideline = try arguments.value(Options.guideline)
    }

    /// The guideline: the one asked for, else the Chinese guideline for a Chinese report and ESH 2023 otherwise.
    func guideline(for language: Language) -> Guideline {
        chosenGuideline ?? .standard(for: language)
    }

    /// The profile's summary over the range, with its events, or an error naming the profile and
    /// range when it is empty.
    func load(_ context: CommandContext, options: AnalysisOptions, language: Language) throws(CLIError) -> (BPSummary, [StatusTag]) {
        let store = try context.store(.readOnly)
        let profile = try context.resolveProfile(in: store)
        let (readings, tags, events, deviationTags) = try context.records {
            try store.read {
                let events = try store.events(profileID: profile.id, from: range.from, to: range.to)
                // An event's windows reach 28 days before it and 35 after.
                var from = range.from
                var to = range.queryTo
                if let first = events.first, let last = events.last {
                    from = from.map { min($0, first.at.measurementDay.adding(days: -EventEffect.beforeDays.upperBound)) }
                    to = to.map { max($0, last.at.measurementDay.adding(days: EventEffect.afterDays.upperBound)) }
                }
                let query = filters.applied(to: ReadingQuery(profileID: profile.id, from: from, to: to))
                return (try store.readings(matching: query), try store.tags(), events, try store.deviationTagIDs())
            }
        }
        var options = options
        options.guideline = guideline(for: language)
        // Removed definitions count too: removing a definition never changes a figure.
        options.deviationTags = deviationTags
        options.readingsFiltered = !filters.isEmpty
        // Open bounds are the log's first and last measurement days (see BPSummary).
        // A range up to today reaches the latest reading's own day, wherever it was taken.
        var last = range.to
        if range.endsToday, let to = last {
            last = readings.reduce(to) { max($0, $1.measurementDay) }
        }
        let summary = BPSummary(profile: profile, readings: readings, from: range.from, to: last, options: options, events: events)
        guard !summary.isEmpty else {
            throw .data("no readings for \(profile.id) (\(profile.name)) in \(range.description)\(filters.isEmpty ? "" : " that match the filters")")
        }
        return (summary, tags)
    }
}
