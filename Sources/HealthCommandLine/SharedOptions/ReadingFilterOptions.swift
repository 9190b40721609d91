package import HealthCore

/// `--tag`, `--without-tag` and `--period`: which readings a listing, the statistics, the report
/// or the chart take, read into a ``ReadingFilter``. Declared once, shared by list, stats,
/// report, chart and compare.
package enum ReadingFilterOptions {
    package static let tag = Option<String>(
        "--tag", short: "-t", value: "ID[,ID]", repeatable: true, help: "Only readings with these tags, all of them (defined or not); repeatable."
    ).completing(.tags)
    package static let withoutTag = Option<String>(
        "--without-tag", value: "ID[,ID]", repeatable: true, help: "Only readings with none of these tags; repeatable.").completing(.tags)
    package static let period = Option<DayPeriod>(
        "--period", value: "PERIOD", repeatable: true, help: "Only morning (04–12), noon (12–18) or evening (18–04); repeatable.",
        expected: "a period (morning, noon or evening)")
    package static let declarations: [any OptionDeclaration] = [tag, withoutTag, period]

    package static func filter(_ arguments: ParsedArguments) throws(CLIError) -> ReadingFilter {
        ReadingFilter(
            tagIDs: tagList(try arguments.values(ReadingFilterOptions.tag)),
            withoutTagIDs: tagList(try arguments.values(ReadingFilterOptions.withoutTag)),
            periods: try arguments.values(ReadingFilterOptions.period))
    }

    /// `-t bp-med,diet -t exercise`: every ID of every value, in order, once each.
    package static func tagList(_ values: [String]) -> [String] {
        var ids: [String] = []
        for value in values {
            for part in value.split(separator: ",") {
                let id = String(String(part).trimmingWhitespace())
                if !id.isEmpty && !ids.contains(id) { ids.append(id) }
            }
        }
        return ids
    }
}
