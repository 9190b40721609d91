import HealthAnalytics
import HealthCore
import HealthRecords

/// `stats` as text for an 80-column terminal: the verdict first, then the detail.
struct StatsText {
    let summary: BPSummary
    let style: TerminalStyle
    let tagLabel: (String) -> String
    let strings: StringTable

    func render() -> String {
        var lines: [String] = []
        let profile = summary.profile
        let guideline = summary.options.guideline
        let threshold = guideline.homeThreshold(target: profile.target)
        lines.append(style.bold("\(profile.id) (\(profile.name.visibleControls()))") + " · \(summary.from) – \(summary.to) · \(summary.overall.count) readings · \(guideline.rawValue.uppercased())")
        lines.append("")
        if let average = summary.protocolAverage {
            let verdict = summary.hypertensive
                ? style.red("above the home threshold \(threshold)") : style.green("below the home threshold \(threshold)")
            lines.append("Home BP (7-day protocol): " + style.bold("\(Figures.whole(average.systolic))/\(Figures.whole(average.diastolic)) mmHg") + "  \(verdict)")
            let note = average.sufficient ? "" : style.yellow(" · too few: 12 needed")
            let days = average.days == 1 ? "1 day" : "\(average.days) days"
            lines.append("  \(average.firstDay) – \(average.lastDay) · \(days) · n=\(average.count) (day 1 dropped)\(note)")
        } else if let systolic = summary.overall.systolic.mean, let diastolic = summary.overall.diastolic.mean {
            let verdict = summary.hypertensive ? style.red("above \(threshold)") : style.green("below \(threshold)")
            lines.append("Mean BP: " + style.bold("\(Figures.whole(systolic))/\(Figures.whole(diastolic)) mmHg") + "  \(verdict)  (too few days for the 7-day protocol)")
        }
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
        var figures: [String] = []
        if let difference = summary.morningEveningDifference {
            figures.append("Morning − evening \(Figures.signed(difference.systolic))/\(Figures.signed(difference.diastolic)) mmHg")
        }
        if let above = summary.aboveTargetPercent {
            figures.append("above target \(Figures.whole(above))%")
            figures.append("SYS \(summary.options.targetRange.lowerBound)–\(summary.options.targetRange.upperBound): \(Figures.whole(summary.timeInTargetPercent ?? 0))%")
        }
        if !figures.isEmpty { lines.append(figures.joined(separator: " · ")) }
        if let map = summary.meanArterialPressure, let pulsePressure = summary.pulsePressure {
            lines.append("MAP \(Figures.oneDecimal(map)) · pulse pressure \(Figures.oneDecimal(pulsePressure)) mmHg")
        }
        if !summary.tags.isEmpty {
            lines.append("")
            lines.append(style.bold("Tags            with (n, mean)        without (n, mean)     difference"))
            for comparison in summary.tags.prefix(8) {
                let name = String(tagLabel(comparison.tag).prefix(14)).padding(14)
                let with = side(comparison.with)
                let without = side(comparison.without)
                var difference = ""
                if let a = comparison.with.systolic, let b = comparison.without.systolic,
                    let c = comparison.with.diastolic, let d = comparison.without.diastolic
                {
                    difference = "\(Figures.signed(a - b))/\(Figures.signed(c - d))"
                }
                lines.append("\(name)  \(with.padding(20))  \(without.padding(20))  \(difference)")
            }
        }
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
        if let weight = summary.weight {
            lines.append("Weight: \(Figures.oneDecimal(weight.first)) → \(Figures.oneDecimal(weight.last)) kg (\(Figures.signed(weight.change, decimals: 1))), mean \(Figures.oneDecimal(weight.mean))")
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    private func row(_ name: String, _ group: GroupStatistics) -> String {
        let systolic = group.systolic
        let diastolic = group.diastolic
        func meanSD(_ statistics: MeasureStatistics) -> String {
            guard let mean = statistics.mean else { return "" }
            return Figures.oneDecimal(mean) + (statistics.sd.map { " ± " + Figures.oneDecimal($0) } ?? "")
        }
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
