import HealthCore
import HealthAnalytics

/// `stats --table`: the home readings one row per day, week or month and nothing else, in
/// hledger's spirit: period, n, mean SYS and DIA, pulse, and the lowest and highest of each,
/// aligned by display width (Chinese titles take two columns a character) within 80 columns.
public struct PeriodTableText {
    let document: SummaryDocument
    let emphasis: any TerminalEmphasis

    public init(_ document: SummaryDocument, emphasis: any TerminalEmphasis) {
        self.document = document
        self.emphasis = emphasis
    }

    /// The heading, the table (a total row last) and each line ended.
    public func render() -> String {
        let strings = document.strings
        let header = document.header
        var lines = [emphasis.bold("\(header.profileID) (\(header.name.visibleControls()))") + " · \(header.isoRange) · \(header.homeReadings)"]
        if let filter = header.filterLine { lines[0] += " · " + filter }
        let statistics = document.summary.buckets ?? []
        guard !statistics.isEmpty else {
            lines.append(strings.text("cli.stats.table.none"))
            return lines.joined(separator: "\n") + "\n"
        }
        let titles = ["period", "n", "sys", "dia", "pulse", "sysRange", "diaRange"].map { strings.text("cli.stats.table.\($0)") }
        let rows = statistics.map { cells($0.key, $0.statistics) }
        let total = cells(strings.text("all"), document.summary.overall)
        let widths = titles.indices.map { column in ([titles[column], total[column]] + rows.map { $0[column] }).map(\.displayWidth).max()! }
        let line = { (cells: [String]) in
            cells.indices.map { $0 == 0 ? cells[$0].padding(widths[$0]) : cells[$0].leftPadding(widths[$0]) }.joined(separator: "  ")
                .trimmingTrailingSpaces()
        }
        lines.append(emphasis.bold(line(titles)))
        lines += rows.map(line)
        lines.append(String(repeating: "─", count: widths.reduce(2 * (widths.count - 1), +)))
        lines.append(line(total))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Period, n, mean SYS, mean DIA (whole mmHg), pulse, SYS min–max, DIA min–max; `—` where
    /// the group has no such value.
    private func cells(_ name: String, _ group: GroupStatistics) -> [String] {
        let whole = { (value: Double?) in value.map(Figures.whole) ?? "—" }
        let range = { (statistics: MeasureStatistics) in
            statistics.min.flatMap { low in statistics.max.map { "\(low.value)–\($0.value)" } } ?? "—"
        }
        return [
            name.visibleControls(), String(group.count), whole(group.systolic.mean), whole(group.diastolic.mean), whole(group.pulse.mean),
            range(group.systolic), range(group.diastolic),
        ]
    }
}
