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
        periods = try arguments.values(ReadingFilterOptions.period)
    }

    /// True when no filter was given.
    var isEmpty: Bool { tagID == nil && withoutTagID == nil && periods.isEmpty }

    /// `query` narrowed by the filters.
    func applied(to query: ReadingQuery) -> ReadingQuery {
        var narrowed = query
        narrowed.tagID = tagID
        narrowed.withoutTagID = withoutTagID
        narrowed.periods = periods
        return narrowed
    }
}
