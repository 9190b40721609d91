import HealthAnalytics
import HealthCore

/// `stats` as text for an 80-column terminal: the verdict first, then the detail. Sentences
/// come from ``SummaryWording``, the same as the report's.
struct StatsText {
    let summary: BPSummary
    /// The figure, badge and verdicts, the same value page 1 of the report draws.
    let headline: Headline
    let style: TerminalStyle
    let tagLabel: (String) -> String
    let strings: StringTable
    /// What the filters kept, e.g. "only readings tagged bp-med"; nil without filters.
    let filter: String?

    private var wording: SummaryWording { SummaryWording(summary: summary, strings: strings, tagLabel: tagLabel) }

    func render() -> String {
        var lines: [String] = []
        let profile = summary.profile
        let guideline = summary.options.guideline
        var header = style.bold("\(profile.id) (\(profile.name.visibleControls()))")
            + " · \(summary.from) – \(summary.to) · \(counted(summary.overall.count, "home reading")) · \(guideline.label(in: strings))"
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
        lines.append(style.bold(columns(["", "n", "SYS mean±SD", "DIA mean±SD", "Pulse", "SYS range", "DIA range"])))
        for (name, group) in [("Morning", summary.periods[.morning]!), ("Noon", summary.periods[.noon]!),
                              ("Evening", summary.periods[.evening]!), ("All", summary.overall)] {
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
            figures.append("at or above target \(Figures.percent(share))%")
            figures.append("SYS \(summary.options.targetRange.lowerBound)–\(summary.options.targetRange.upperBound): \(Figures.percent(summary.timeInTargetPercent ?? 0))%")
        }
        if !figures.isEmpty { lines.append(figures.joined(separator: " · ")) }
        if let map = summary.meanArterialPressure, let pulsePressure = summary.pulsePressure {
            lines.append("MAP \(Figures.oneDecimal(map)) · pulse pressure \(Figures.oneDecimal(pulsePressure)) mmHg")
        }
        trend(into: &lines)
        tags(into: &lines)
        events(into: &lines)
        notes(into: &lines)
        if summary.dailyMeans.count >= 2 {
            lines.append("")
            lines.append("Daily SYS  " + sparkline(summary.dailyMeans.map(\.systolic)) + "  \(Figures.whole(summary.dailyMeans.map(\.systolic).min()!))–\(Figures.whole(summary.dailyMeans.map(\.systolic).max()!))")
            lines.append("Daily DIA  " + sparkline(summary.dailyMeans.map(\.diastolic)) + "  \(Figures.whole(summary.dailyMeans.map(\.diastolic).min()!))–\(Figures.whole(summary.dailyMeans.map(\.diastolic).max()!))")
        }
        lines.append("")
        if summary.alerts.isEmpty {
            lines.append("Alerts: none")
        } else {
            lines.append(style.red("Alerts: \(summary.alerts.count)"))
            for alert in summary.alerts.suffix(5) {
                let kind = alert.kind == .urgent ? "urgent (\(guideline.classify(alert.pressure).label(in: strings)))" : "low"
                lines.append("  \(alert.takenAt.localDate) \(alert.takenAt.localTimeText)  \(alert.pressure)  \(kind)")
            }
            if summary.alerts.count > 5 { lines.append("  … and \(summary.alerts.count - 5) earlier (see --format json)") }
        }
        weight(into: &lines)
        return finish(lines)
    }

    private func finish(_ lines: [String]) -> String {
        lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
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
            case .atTarget: badge = style.green(words.lowercased())
            case .low: badge = style.red(words.lowercased())
            }
            if let average = headline.protocolAverage {
                lines.append("Home BP (7-day protocol): \(figure)  \(badge)")
                let days = average.days == 1 ? "1 day" : "\(average.days) days"
                lines.append("  \(average.firstDay) – \(average.lastDay) · \(days) · n=\(average.count) · \(headline.excludedDay ?? "")")
                if let provisional = headline.provisionalReason { lines += wrapped("  " + style.yellow(provisional)) }
                var week: [String] = []
                if let morning = headline.morning { week.append("morning \(morning.shown) (n=\(morning.count))") }
                if let evening = headline.evening { week.append("evening \(evening.shown) (n=\(evening.count))") }
                if let difference = headline.weekDifference { week.append("difference \(difference)") }
                if !week.isEmpty { lines.append("  " + week.joined(separator: " · ")) }
            } else {
                lines.append("Mean home BP: \(figure)  \(badge)")
                if let provisional = headline.provisionalReason { lines += wrapped("  " + style.yellow(provisional)) }
            }
        }
        for verdict in headline.verdicts { lines += wrapped(verdict.text.visibleControls()) }
    }

    /// `text` broken at spaces into lines of at most 80 terminal columns; later lines are
    /// indented two columns more than the first.
    private func wrapped(_ text: String, width: Int = 80) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        let lines = String(text.dropFirst(indent.count)).wrappedLines(firstWidth: width - indent.count, laterWidth: width - indent.count - 2)
        return lines.enumerated().map { index, line in (index == 0 ? indent : indent + "  ") + line }
    }

    private func trend(into lines: inout [String]) {
        guard let trend = summary.trend, trend.rows.count >= 2 else { return }
        lines.append("")
        lines.append(style.bold(strings.text("trend.\(trend.step.rawValue)")))
        for row in trend.rows {
            lines.append("  \(wording.trendLabel(row).padding(24))  n=\(String(row.mean.count).padding(4))  \(SummaryWording.pressure(row.mean))")
        }
        if let words = wording.trendWords { lines.append("  " + words) }
    }

    private func tags(into lines: inout [String]) {
        guard !summary.tags.isEmpty else { return }
        lines.append("")
        lines.append(style.bold(strings.text("tags.adjusted")))
        lines.append(style.bold("  Tag             with (n, mean)      without (n, mean)   difference    compared"))
        for comparison in summary.tags.prefix(8) {
            let name = tagLabel(comparison.tag).clipped(toWidth: 14).padding(14)
            let periods = comparison.periodsCompared.map { ["morning": "am", "noon": "noon", "evening": "pm"][$0.rawValue]! }
                .joined(separator: ", ")
            lines.append(
                "  \(name)  \(side(comparison.with).padding(18))  \(side(comparison.without).padding(18))  \(wording.adjustedDifference(comparison).padding(12))  \(periods)")
        }
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
            lines.append("  \(reading.takenAt.localDate) \(time)  \(pressure.padding(7))  \(note.clipped(toWidth: 60))")
        }
        if notes.more > 0 { lines.append("  " + strings.text("notes.more", ["n": String(notes.more)])) }
    }

    private func weight(into lines: inout [String]) {
        if let weight = summary.weight {
            lines.append("Weight: \(Figures.oneDecimal(weight.first)) → \(Figures.oneDecimal(weight.last)) kg (\(Figures.signed(weight.change, decimals: 1))), mean \(Figures.oneDecimal(weight.mean)), n=\(weight.count)")
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

    /// The period table's cells at fixed widths, so the header and every row line up.
    private func columns(_ cells: [String]) -> String {
        [
            cells[0].padding(10), cells[1].leftPadding(4), cells[2].padding(12), cells[3].padding(12),
            cells[4].leftPadding(5), cells[5].leftPadding(9), cells[6].leftPadding(9),
        ].joined(separator: "  ")
    }

    private func side(_ side: TagComparison.Side) -> String {
        guard let systolic = side.systolic, let diastolic = side.diastolic else { return "n=0" }
        return "n=\(side.count) \(Figures.whole(systolic))/\(Figures.whole(diastolic))"
    }

    /// Daily means as ▁▂▃▄▅▆▇█, averaged down to at most 60 characters.
    private func sparkline(_ values: [Double]) -> String {
        let width = min(values.count, 60)
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
