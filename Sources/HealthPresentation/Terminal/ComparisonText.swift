public import HealthAnalytics
public import HealthCore

/// Two spans of home readings compared, as `compare` says it: each span's count and means, and
/// the difference with Welch's 95 % interval (or why it is not shown).
public struct ComparisonText {
    let profile: Profile
    let comparison: WindowComparison
    let words: StringTable
    let emphasis: any TerminalEmphasis

    public init(profile: Profile, comparison: WindowComparison, words: StringTable, emphasis: any TerminalEmphasis) {
        self.profile = profile
        self.comparison = comparison
        self.words = words
        self.emphasis = emphasis
    }

    /// `compare --format json` of `comparison`; `filter` is the request's filter as JSON.
    public static func json(profile: Profile, comparison: WindowComparison, filter: JSONValue) -> JSONValue {
        .object([
            ("profile", .string(profile.id)), ("filter", filter),
            ("first", SummaryJSON.window(comparison.first)), ("second", SummaryJSON.window(comparison.second)),
            ("difference", SummaryJSON.difference(comparison)), ("sufficient", .bool(comparison.sufficient)),
        ])
    }

    /// The lines `compare` prints; `filter` says what the filters kept.
    public func lines(filter: String?) -> [String] {
        var header = emphasis.bold(profile.heading) + " · " + words.cli("compare.homeReadings")
        if let filter { header += " · " + words.text("filter", ["filter": filter]) }
        var lines = [header]
        let titles = ["n", "sysMean", "diaMean"].map { words.cli("compare.col.\($0)") }
        let spans = [comparison.first, comparison.second].map { words.cli("range.between", ["from": $0.from.description, "to": $0.to.description]) }
        let spanWidth = max(23, spans.map(\.displayWidth).max() ?? 0)
        let countWidth = max(4, titles[0].displayWidth)
        let systolicWidth = max(14, titles[1].displayWidth)
        let row = { (range: String, count: String, systolic: String, diastolic: String) in
            "  \(range.padding(spanWidth))  \(count.leftPadding(countWidth))  \(systolic.padding(systolicWidth))  \(diastolic)"
        }
        let meanSD = { (statistics: SampleStatistics) in Figures.meanAndSD(statistics.mean, statistics.sd) ?? "—" }
        lines.append(emphasis.bold(row("", titles[0], titles[1], titles[2])).trimmingTrailingSpaces())
        for (span, figures) in zip(spans, [comparison.first, comparison.second]) {
            lines.append(row(span, String(figures.count), meanSD(figures.systolic), meanSD(figures.diastolic)))
        }
        lines.append(words.cli("compare.difference", ["difference": SummaryWording.difference(comparison, strings: words)]))
        if !comparison.sufficient {
            lines.append(emphasis.dim(words.cli("compare.tooFew", ["n": String(WindowComparison.minimumCount)])))
        }
        return lines
    }
}
