public import HealthAnalytics
public import HealthCore
import HealthRecords
public import HealthPresentation

/// What the figures are asked for: a range, a filter, the guideline and the grouping.
public struct SummaryRequest: Sendable {
    public var range: DateRange
    public var filter: ReadingFilter
    /// The guideline asked for; nil for the language's own (China's for Chinese, ESH 2023 otherwise).
    public var guideline: Guideline?
    /// The language the figures will be said in; it picks the default guideline.
    public var language: Language
    /// `--by` and `--target-range`; the guideline and deviation tags are filled in by the load.
    public var analysis: AnalysisOptions

    public init(
        range: DateRange = .all, filter: ReadingFilter = ReadingFilter(), guideline: Guideline? = nil, language: Language = .english,
        analysis: AnalysisOptions = AnalysisOptions()
    ) {
        self.range = range
        self.filter = filter
        self.guideline = guideline
        self.language = language
        self.analysis = analysis
    }
}

/// A profile's figures over a range, as `stats`, the report and the chart show them.
public struct LoadedSummary: Sendable {
    public let summary: BPSummary
    /// The tag definitions, for labels and colours.
    public let tags: [StatusTag]
    public let request: SummaryRequest

    /// Tag labels in `language`.
    public func labels(in language: Language) -> TagLabels { TagLabels(tags, language: language) }

    /// What the filter kept, said in `strings`' language; nil without a filter.
    public func filterDescription(strings: StringTable) -> String? {
        let labels = labels(in: strings.language)
        return request.filter.description(strings: strings, tagLabel: labels.label(of:))
    }

    /// The figures said in `strings`' language, made at `generatedAt`: the document every front end walks.
    public func document(strings: StringTable, generatedAt: ZonedInstant) -> SummaryDocument {
        SummaryDocument(summary: summary, tags: tags, strings: strings, filter: filterDescription(strings: strings), generatedAt: generatedAt)
    }
}

extension HealthLog {
    /// The session profile's figures over the request's range: its readings that the filter
    /// keeps, its events (with the days around them that an event's before/after windows
    /// need), the guideline, and which tags mark a protocol deviation (removed definitions
    /// too: removing a definition never changes a figure). An empty range is
    /// ``HealthLogError/emptyRange(profile:name:range:filtered:)``, naming the profile and the range.
    public func summary(_ request: SummaryRequest) throws(HealthLogError) -> LoadedSummary {
        let range = request.range
        let (profile, readings, tags, events, deviationTags, careEvents, doses) = try read { store in
            let profile = try chosenProfile(in: store)
            try requireKnownTags(in: request.filter, store: store)
            // Doses taken are counted for adherence, never compared before and after.
            let rangeEvents = try store.events(profileID: profile.id, from: range.from, to: range.to)
            let events = rangeEvents.filter { $0.kind != .dose }
            // An event's windows reach 28 days before it and 35 after.
            var from = range.from
            var to = range.queryTo
            if let first = events.first, let last = events.last {
                from = from.map { min($0, first.at.measurementDay.adding(days: -EventEffect.beforeDays.upperBound)) }
                to = to.map { max($0, last.at.measurementDay.adding(days: EventEffect.afterDays.upperBound)) }
            }
            let query = request.filter.applied(to: ReadingQuery(profileID: profile.id, from: from, to: to))
            return (
                profile, try store.readings(matching: query), try store.tags(), events, try store.deviationTagIDs(),
                // The care record reaches before the range: a medicine started last year is taken
                // now, a monitor changed days before the range reads differently in it.
                try store.events(profileID: profile.id).filter { $0.kind == .medication || $0.kind == .monitor },
                rangeEvents.filter { $0.kind == .dose }
            )
        }
        var options = request.analysis
        options.guideline = request.guideline ?? .standard(for: request.language)
        options.deviationTags = deviationTags
        options.readingsFiltered = !request.filter.isEmpty
        // Open bounds are the log's first and last measurement days (see BPSummary). A range up
        // to today reaches the latest reading's own day, wherever it was taken.
        var last = range.to
        if range.endsToday, let to = last {
            last = readings.reduce(to) { max($0, $1.measurementDay) }
        }
        // Without its catalogue a medicine is known by its name as typed: the figures stay right.
        let catalogue = (try? medicineCatalogue()) ?? .empty
        let regimen = Regimen(events: careEvents, catalogue: catalogue)
        let summary = BPSummary(
            profile: profile, readings: readings, from: range.from, to: last, options: options, events: events, regimen: regimen,
            careEvents: careEvents, doses: doses, catalogue: catalogue)
        guard !summary.isEmpty else {
            throw .emptyRange(profile: profile.id, name: profile.name, range: range, filtered: !request.filter.isEmpty)
        }
        return LoadedSummary(summary: summary, tags: tags, request: request)
    }

    /// The session profile's figures over the request's range, said in `strings`' language: the
    /// one call behind `stats` (text and JSON) and the family's web page.
    public func summaryDocument(_ request: SummaryRequest, strings: StringTable) throws(HealthLogError) -> SummaryDocument {
        try summary(request).document(strings: strings, generatedAt: now)
    }
}
