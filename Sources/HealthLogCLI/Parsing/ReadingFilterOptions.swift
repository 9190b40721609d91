import HealthCore
import HealthRecords

/// `--tag`, `--without-tag` and `--period`: which readings a listing, the statistics, the report
/// or the chart take. Declared once, shared by list, stats, report and chart.
struct ReadingFilterOptions {
    static let tag = Option<String>("--tag", short: "-t", value: "ID", help: "Only readings with this tag (defined or not).")
    static let withoutTag = Option<String>("--without-tag", value: "ID", help: "Only readings without this tag.")
    static let period = Option<DayPeriod>(
        "--period", value: "PERIOD", repeatable: true, help: "Only morning (04–12), noon (12–18) or evening (18–04); repeatable.",
        expected: "a period (morning, noon or evening)")
    static let declarations: [any OptionDeclaration] = [tag, withoutTag, period]

    let tagID: String?
    let withoutTagID: String?
    let periods: [DayPeriod]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        tagID = try arguments.value(ReadingFilterOptions.tag)
        withoutTagID = try arguments.value(ReadingFilterOptions.withoutTag)
        var periods: [DayPeriod] = []
        for period in try arguments.values(ReadingFilterOptions.period) where !periods.contains(period) { periods.append(period) }
        self.periods = periods
    }

    /// True when no filter was given.
    var isEmpty: Bool { tagID == nil && withoutTagID == nil && periods.isEmpty }

    /// What the filters keep, in `strings`' language, e.g. "only readings tagged BP medication";
    /// nil without filters. Reports and `stats` say it, so a filtered figure is never read as the whole.
    func description(strings: StringTable, tagLabel: (String) -> String) -> String? {
        var parts: [String] = []
        if let tagID { parts.append(strings.text("filter.tag", ["tag": tagLabel(tagID)])) }
        if let withoutTagID { parts.append(strings.text("filter.withoutTag", ["tag": tagLabel(withoutTagID)])) }
        if !periods.isEmpty {
            parts.append(strings.text("filter.periods", ["periods": strings.alternatives(periods.map { strings.text($0.rawValue).lowercased() })]))
        }
        return parts.isEmpty ? nil : strings.list(parts)
    }

    /// The filters as JSON: `{"tag", "withoutTag", "periods"}`, or null without filters.
    var json: JSONValue {
        guard !isEmpty else { return .null }
        return .object([
            ("tag", .optional(tagID)), ("withoutTag", .optional(withoutTagID)),
            ("periods", .array(periods.map { .string($0.rawValue) })),
        ])
    }

    /// `query` narrowed by the filters.
    func applied(to query: ReadingQuery) -> ReadingQuery {
        var narrowed = query
        narrowed.tagID = tagID
        narrowed.withoutTagID = withoutTagID
        narrowed.periods = periods
        return narrowed
    }
}
