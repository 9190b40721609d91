import HealthAnalytics
import HealthCore

/// `stats` as text for an 80-column terminal: the verdict first, then the detail. Sentences
/// come from ``SummaryWording``, the same as the report's.
///
/// With a `width` (a narrower terminal's), no line is wider: sentences wrap, tables leave out
/// columns (ranges, then pulse, then diastolic; a tag's periods, then its sides) and notes and
/// daily bars are shortened.
struct StatsText {
    let summary: BPSummary
    /// The figure, badge and verdicts, the same value page 1 of the report draws.
    let headline: Headline
    let style: TerminalStyle
    let tagLabel: (String) -> String
    let strings: StringTable
    /// What the filters kept, e.g. "only readings tagged bp-med"; nil without filters.
    let filter: String?
    /// The terminal's columns; nil through a pipe (80-column text, tables whole).
    var width: Int? = nil

    /// Sentences wrap at 80 columns, or the terminal's when it is narrower.
    private var proseWidth: Int { Swift.min(80, width ?? 80) }

    private var wording: SummaryWording { SummaryWording(summary: summary, strings: strings, tagLabel: tagLabel) }

    func render() -> String {
        var lines: [String] = []
        let profile = summary.profile
        let guideline = summary.options.guideline
        var header = style.bold("\(profile.id) (\(profile.name.visibleControls()))")
            + " · \(strings.cli("range.between", ["from": summary.from.description, "to": summary.to.description]))"
            + " · \(strings.counted(summary.overall.count, "homeReading")) · \(guideline.label(in: strings))"
        if let filter { header += " · " + strings.text("filter", ["filter": filter]) }
        lines.append(header)
        lines.append("")
        guard summary.overall.systolic.count > 0 || summary.office != nil else {
            lines.append(strings.text("weightOnly"))
            weight(into: &lines)
            return finish(lines)
        }
        if let clinical = headline.clinicalSummary {
            lines += wrapped(clinical.visibleControls())
            lines.append("")
        }
        verdict(into: &lines)
        lines.append("")
        lines.append(style.bold(columns([""] + ["n", "sysMean", "diaMean", "pulse", "sysRange", "diaRange"].map { strings.cli("stats.col.\($0)") })))
        for (name, group) in [(strings.text("morning"), summary.periods[.morning]!), (strings.text("noon"), summary.periods[.noon]!),
                              (strings.text("evening"), summary.periods[.evening]!), (strings.text("all"), summary.overall)] {
            lines.append(row(name, group))
        }
        if let buckets = summary.buckets {
            lines.append("")
            for bucket in buckets { lines.append(row(bucket.key, bucket.statistics)) }
        }
        lines.append("")
        if let difference = summary.morningEveningDifference {
            lines.append("\(strings.text("wholeRange.morningEvening")) \(SummaryWording.signedPair(difference.systolic, difference.diastolic)) mmHg")
        }
        var figures: [String] = []
        if let share = summary.atOrAboveTargetPercent {
            // With no target set, the share is of the guideline's threshold, and says so.
            let key = summary.goals.targetSource == .threshold ? "stats.atOrAboveThreshold" : "stats.atOrAboveTarget"
            figures.append(strings.cli(key, ["percent": Figures.percent(share)]))
            figures.append(strings.cli("stats.timeInRange", [
                "low": String(summary.options.targetRange.lowerBound), "high": String(summary.options.targetRange.upperBound),
                "percent": Figures.percent(summary.timeInTargetPercent ?? 0),
            ]))
        }
        if !figures.isEmpty { lines.append(figures.joined(separator: " · ")) }
        if let map = summary.meanArterialPressure, let pulsePressure = summary.pulsePressure {
            lines.append(strings.cli("stats.map", ["map": Figures.oneDecimal(map), "pulsePressure": Figures.oneDecimal(pulsePressure)]))
        }
        trend(into: &lines)
        tags(into: &lines)
        events(into: &lines)
        notes(into: &lines)
        if summary.dailyMeans.count >= 2 {
            lines.append("")
            let names = [strings.cli("stats.dailySystolic"), strings.cli("stats.dailyDiastolic")]
            let nameWidth = names.map(\.displayWidth).max()!
            for (name, values) in zip(names, [summary.dailyMeans.map(\.systolic), summary.dailyMeans.map(\.diastolic)]) {
                let range = "\(Figures.whole(values.min()!))–\(Figures.whole(values.max()!))"
                let bars = Swift.max(4, Swift.min(60, width.map { $0 - nameWidth - 4 - range.displayWidth } ?? 60))
                lines.append(name.padding(nameWidth) + "  " + sparkline(values, bars: bars) + "  " + range)
            }
        }
        lines.append("")
        if summary.alerts.isEmpty {
            lines.append(strings.cli("stats.alertsNone"))
        } else {
            lines.append(style.red(strings.cli("stats.alerts", ["n": String(summary.alerts.count)])))
            for alert in summary.alerts.suffix(5) {
                let kind = alert.kind == .urgent
                    ? strings.cli("stats.alert.urgent", ["category": guideline.classify(alert.pressure).label(in: strings)]) : strings.cli("stats.alert.low")
                lines.append("  \(alert.takenAt.localDate) \(alert.takenAt.localTimeText)  \(alert.pressure)  \(kind)")
            }
            if summary.alerts.count > 5 { lines.append("  " + strings.cli("stats.alertsEarlier", ["n": String(summary.alerts.count - 5)])) }
        }
        weight(into: &lines)
        return finish(lines)
    }

    private func finish(_ lines: [String]) -> String {
        // On a terminal, a line still wider than it wraps here, at a space, never mid-row by the terminal.
        let fitted = width.map { width in lines.flatMap { $0.displayWidth > width ? wrapped($0, width: width) : [$0] } } ?? lines
        return fitted.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// The columns of a table that fit the terminal: all through a pipe; else those in
    /// `dropOrder` are left out, first to last, until the row (with `indent` and two-column
    /// gaps) fits.
    private func kept(_ widths: [Int], indent: Int, dropOrder: [Int]) -> [Int] {
        var kept = Array(widths.indices)
        guard let width else { return kept }
        let rowWidth = { kept.reduce(indent) { $0 + widths[$1] } + 2 * Swift.max(0, kept.count - 1) }
        for index in dropOrder where rowWidth() > width { kept.removeAll { $0 == index } }
        return kept
    }

    // MARK: - Sections

    /// The headline average, its week, and every one-line verdict.
    private func verdict(into lines: inout [String]) {
        if let figureText = headline.figureText, let badgeKind = headline.badge {
            let figure = style.bold(figureText + " mmHg")
            let words = headline.badgeText(strings) ?? strings.text(badgeKind.stringKey)
            let badge: String
            switch badgeKind {
            case .tooFew: badge = style.yellow(words)
            case .aboveTarget: badge = style.red(words.lowercased())
            case .atTarget: badge = headline.justBelow ? style.yellow(words.lowercased()) : style.green(words.lowercased())
            case .low: badge = headline.belowBand ? style.yellow(words.lowercased()) : style.red(words.lowercased())
            }
            if let average = headline.protocolAverage {
                lines.append(strings.cli("stats.homeProtocol", ["figure": figure, "badge": badge]))
                let days = strings.counted(average.days, "day")
                let span = strings.cli("range.between", ["from": average.firstDay.description, "to": average.lastDay.description])
                lines.append("  \(span) · \(days) · n=\(average.count) · \(headline.excludedDay ?? "")")
                if let provisional = headline.provisionalReason { lines += wrapped("  " + style.yellow(provisional)) }
                var week: [String] = []
                if let morning = headline.morning { week.append(strings.cli("stats.week.morning", ["mean": morning.text, "n": String(morning.count)])) }
                if let evening = headline.evening { week.append(strings.cli("stats.week.evening", ["mean": evening.text, "n": String(evening.count)])) }
                if let difference = headline.weekDifference { week.append(strings.cli("stats.week.difference", ["difference": difference])) }
                if !week.isEmpty { lines.append("  " + week.joined(separator: " · ")) }
            } else {
                lines.append(strings.cli("stats.meanHome", ["figure": figure, "badge": badge]))
                if let provisional = headline.provisionalReason { lines += wrapped("  " + style.yellow(provisional)) }
            }
        }
        for verdict in headline.verdicts { lines += wrapped(verdict.text.visibleControls()) }
    }

    /// `text` broken at spaces into lines of at most 80 terminal columns (or `width`); later
    /// lines are indented two columns more than the first.
    private func wrapped(_ text: String, width: Int? = nil) -> [String] {
        text.wrapped(toWidth: width ?? proseWidth)
    }

    private func trend(into lines: inout [String]) {
        guard let trend = summary.trend, trend.rows.count >= 2 else { return }
        lines.append("")
        lines.append(style.bold(strings.text("trend.\(trend.step.rawValue)")))
        // Labels take 24 columns, or only as many as the longest where that is too wide.
        let labels = trend.rows.map(wording.trendLabel)
        let labelWidth = 2 + 24 + 2 + 6 + 2 + 7 > (width ?? 80) ? labels.map(\.displayWidth).max() ?? 24 : 24
        for (row, label) in zip(trend.rows, labels) {
            lines.append("  \(label.padding(labelWidth))  n=\(String(row.mean.count).padding(4))  \(SummaryWording.pressure(row.mean))")
        }
        if let words = wording.trendWords { lines.append("  " + words) }
    }

    private func tags(into lines: inout [String]) {
        guard !summary.tags.isEmpty else { return }
        lines.append("")
        lines.append(style.bold(strings.text("tags.adjusted")))
        let titles = ["tag", "with", "without", "difference", "compared"].map { strings.cli("stats.tags.col.\($0)") }
        let shown = summary.tags.prefix(8)
        let rows = shown.map { comparison in
            [
                tagLabel(comparison.tag).clipped(toWidth: 14), side(comparison.with), side(comparison.without),
                wording.adjustedDifference(comparison),
                comparison.periodsCompared.map { strings.cli("stats.periodShort.\($0.rawValue)") }.joined(separator: ", "),
            ]
        }
        let widths = [14, 18, 18, 12, ([titles[4]] + rows.map { $0[4] }).map(\.displayWidth).max()!]
        let columns = kept(widths, indent: 2, dropOrder: [4, 2, 1])
        let row = { (cells: [String]) in
            "  " + columns.map { $0 == columns.last ? cells[$0] : cells[$0].padding(widths[$0]) }.joined(separator: "  ")
        }
        lines.append(style.bold(row(titles)))
        for cells in rows { lines.append(row(cells)) }
        lines.append("  " + style.dim(strings.text("tags.caveat")))
    }

    private func events(into lines: inout [String]) {
        guard !summary.events.isEmpty else { return }
        lines.append("")
        lines.append(style.bold(strings.text("events")))
        for effect in summary.events {
            let event = effect.event
            lines.append("  \(event.at.measurementDay)  \(event.text.visibleControls(lineBreaks: .symbol)) (\(strings.text("kind.\(event.kind.rawValue)")))")
            lines.append(
                "    \(strings.text("events.before")) \(wording.window(effect.before)) · \(strings.text("events.after")) \(wording.window(effect.after))")
            lines += wrapped("    " + wording.eventDifference(effect))
        }
        lines += wrapped("  " + strings.text("events.caveat")).map(style.dim)
    }

    private func notes(into lines: inout [String]) {
        guard let notes = summary.notes else { return }
        lines.append("")
        lines.append(style.bold(strings.text("notes")))
        let shared = ZonedInstant.sharedWallClockTimes(notes.readings.map(\.takenAt))
        for (index, reading) in notes.readings.enumerated() {
            let pressure = reading.bloodPressure.map { "\($0)" } ?? ""
            let note = reading.note.visibleControls(lineBreaks: .symbol)
            let time = reading.takenAt.localTimeText + (shared.contains(index) ? " " + reading.takenAt.offsetText : "")
            let start = "  \(reading.takenAt.localDate) \(time)  \(pressure.padding(7))  "
            lines.append(start + note.clipped(toWidth: Swift.max(4, Swift.min(60, width.map { $0 - start.displayWidth } ?? 60))))
        }
        if notes.more > 0 { lines.append("  " + strings.text("notes.more", ["n": String(notes.more)])) }
    }

    private func weight(into lines: inout [String]) {
        if let weight = summary.weight {
            lines.append(strings.cli("stats.weight", [
                "first": Figures.oneDecimal(weight.first), "last": Figures.oneDecimal(weight.last),
                "change": Figures.signed(weight.change, decimals: 1), "mean": Figures.oneDecimal(weight.mean), "n": String(weight.count),
            ]))
        }
    }

    // MARK: - Table cells

    private func row(_ name: String, _ group: GroupStatistics) -> String {
        let systolic = group.systolic
        let diastolic = group.diastolic
        func meanSD(_ statistics: MeasureStatistics) -> String { Figures.meanAndSD(statistics.mean, statistics.sd) ?? "" }
        func range(_ statistics: MeasureStatistics) -> String {
            guard let min = statistics.min, let max = statistics.max else { return "" }
            return "\(min.value)–\(max.value)"
        }
        return columns([
            name, String(group.count), meanSD(systolic), meanSD(diastolic), group.pulse.mean.map(Figures.oneDecimal) ?? "",
            range(systolic), range(diastolic),
        ])
    }

    /// The period table's cells at fixed widths (wider where a title is), so the header and
    /// every row line up; on a narrow terminal without the ranges, then the pulse, then DIA.
    private func columns(_ cells: [String]) -> String {
        let titles = ["n", "sysMean", "diaMean", "pulse", "sysRange", "diaRange"].map { strings.cli("stats.col.\($0)").displayWidth }
        let widths = zip([10, 4, 12, 12, 5, 9, 9], [0] + titles).map { Swift.max($0, $1) }
        let rightAligned: Set = [1, 4, 5, 6]
        return kept(widths, indent: 0, dropOrder: [6, 5, 4, 3]).map { index in
            rightAligned.contains(index) ? cells[index].leftPadding(widths[index]) : cells[index].padding(widths[index])
        }.joined(separator: "  ")
    }

    private func side(_ side: TagComparison.Side) -> String {
        guard let systolic = side.systolic, let diastolic = side.diastolic else { return "n=0" }
        return "n=\(side.count) \(Figures.whole(systolic))/\(Figures.whole(diastolic))"
    }

    /// Daily means as ▁▂▃▄▅▆▇█, averaged down to at most `bars` characters.
    private func sparkline(_ values: [Double], bars: Int) -> String {
        let width = min(values.count, bars)
        let columns = (0..<width).map { column -> Double in
            let start = column * values.count / width
            let end = max(start + 1, (column + 1) * values.count / width)
            let slice = values[start..<end]
            return slice.reduce(0, +) / Double(slice.count)
        }
        let low = columns.min()!
        let high = columns.max()!
        let bars = Array("▁▂▃▄▅▆▇█")
        return String(columns.map { value in
            high == low ? bars[3] : bars[min(7, Int((value - low) / (high - low) * 7.999))]
        })
    }
}
