import HealthCore

/// `--tag`, `--without-tag` and `--period`: which readings a listing, the statistics, the report
/// or the chart take, read into a ``ReadingFilter``. Declared once, shared by list, stats,
/// report, chart and compare.
enum ReadingFilterOptions {
    static let tag = Option<String>("--tag", short: "-t", value: "ID", help: "Only readings with this tag (defined or not).").completing(.tags)
    static let withoutTag = Option<String>("--without-tag", value: "ID", help: "Only readings without this tag.").completing(.tags)
    static let period = Option<DayPeriod>(
        "--period", value: "PERIOD", repeatable: true, help: "Only morning (04–12), noon (12–18) or evening (18–04); repeatable.",
        expected: "a period (morning, noon or evening)")
    static let declarations: [any OptionDeclaration] = [tag, withoutTag, period]

    static func filter(_ arguments: ParsedArguments) throws(CLIError) -> ReadingFilter {
        ReadingFilter(
            tagID: try arguments.value(ReadingFilterOptions.tag), withoutTagID: try arguments.value(ReadingFilterOptions.withoutTag),
            periods: try arguments.values(ReadingFilterOptions.period))
    }
}
