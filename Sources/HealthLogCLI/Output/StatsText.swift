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
            figures.append(strings.cli("stats.atOrAboveTarget", ["percent": Figures.percent(share)]))
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
                lines.append(name.padding(nameWidth) + "  " + sparkline(values) + "  \(Figures.whole(values.min()!))–\(Figures.whole(values.max()!))")
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
                lines.append(strings.cli("stats.homeProtocol", ["figure": figure, "badge": badge]))
                let days = strings.counted(average.days, "day")
                let span = strings.cli("range.between", ["from": average.firstDay.description, "to": average.lastDay.description])
                lines.append("  \(span) · \(days) · n=\(average.count) · \(headline.excludedDay ?? "")")
                if let provisional = headline.provisionalReason { lines += wrapped("  " + style.yellow(provisional)) }
                var week: [String] = []
                if let morning = headline.morning { week.append(strings.cli("stats.week.morning", ["mean": "\(morning.shown)", "n": String(morning.count)])) }
                if let evening = headline.evening { week.append(strings.cli("stats.week.evening", ["mean": "\(evening.shown)", "n": String(evening.count)])) }
                if let difference = headline.weekDifference { week.append(strings.cli("stats.week.difference", ["difference": difference])) }
                if !week.isEmpty { lines.append("  " + week.joined(separator: " · ")) }
            } else {
                lines.append(strings.cli("stats.meanHome", ["figure": figure, "badge": badge]))
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
        let titles = ["tag", "with", "without", "difference", "compared"].map { strings.cli("stats.tags.col.\($0)") }
        lines.append(style.bold("  \(titles[0].padding(14))  \(titles[1].padding(18))  \(titles[2].padding(18))  \(titles[3].padding(12))  \(titles[4])"))
        for comparison in summary.tags.prefix(8) {
            let name = tagLabel(comparison.tag).clipped(toWidth: 14).padding(14)
            let periods = comparison.periodsCompared.map { strings.cli("stats.periodShort.\($0.rawValue)") }.joined(separator: ", ")
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
    /// every row line up.
    private func columns(_ cells: [String]) -> String {
        let titles = ["sysMean", "diaMean", "pulse", "sysRange", "diaRange"].map { strings.cli("stats.col.\($0)").displayWidth }
        let width = { (index: Int, least: Int) in Swift.max(least, titles[index - 2]) }
        return [
            cells[0].padding(10), cells[1].leftPadding(4), cells[2].padding(width(2, 12)), cells[3].padding(width(3, 12)),
            cells[4].leftPadding(width(4, 5)), cells[5].leftPadding(width(5, 9)), cells[6].leftPadding(width(6, 9)),
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
