import HealthAnalytics
import HealthCore

/// The headline week day by day: a column per day, a row for the morning and one for the
/// evening, each cell the readings the average takes from that slot ("2", "1", "–"), so the
/// doctor sees at a glance what the average is made of. The dropped first day (named in the
/// line beside it) is grey; a slot short of the protocol's two readings is bold in the alert colour.
struct ProtocolWeekGrid: ReportBlock, DrawnFromRequest {
    let request: ReportRequest
    /// The week the headline averages.
    let average: ProtocolAverage

    static let rowGap = 1.5

    /// The days shown: the 7 ending on the week's last averaged day, none before the range.
    private var days: [CivilDate] {
        let first = max(average.lastDay.dayNumber - (ProtocolAverage.windowDays - 1), summary.from.dayNumber)
        return (first...average.lastDay.dayNumber).map { CivilDate(dayNumber: $0) }
    }

    /// The readings the average takes from each slot of `days`: [day index][0 morning, 1 evening].
    private func counts(_ days: [CivilDate]) -> [[Int]] {
        guard let first = days.first?.dayNumber else { return [] }
        var counts = Array(repeating: [0, 0], count: days.count)
        for reading in summary.homeReadings where reading.bloodPressure != nil {
            // The sessions `healthlog protocol` and the average count: one definition.
            guard let session = ProtocolSession(reading) else { continue }
            let index = reading.takenAt.measurementDayNumber - first
            guard counts.indices.contains(index) else { continue }
            counts[index][session == .morning ? 0 : 1] += 1
        }
        return counts
    }

    func laidOut(width: Double, styles: ReportStyles) -> LaidOutBlock {
        let days = self.days
        let counts = self.counts(days)
        let rows = [strings.text("morning"), strings.text("evening")]
        let caption = styles.small.box(
            strings.text("grid.caption", ["n": String(ProtocolWeek.readingsPerSlot)]), width: width, maxLines: 1)
        let labelWidth = rows.map { styles.smallBold.width(of: $0) }.max()! + 6
        let columnWidth = (width - labelWidth) / Double(max(days.count, 1))
        let line = styles.small.lineHeight + ProtocolWeekGrid.rowGap
        let headerTop = caption.height + 2
        let bodyTop = headerTop + 2 * styles.small.lineHeight + 3
        let height = bodyTop + Double(rows.count) * line + 1
        let excluded = average.excludedDay
        return LaidOutBlock(height: height) { context, x, y in
            caption.draw(x: x, y: y)
            context.fillRectangle(x: x, y: y + headerTop - 1, width: width, height: bodyTop - headerTop, color: template.color("dayShade"))
            for (index, day) in days.enumerated() {
                let columnX = x + labelWidth + Double(index) * columnWidth
                let counted = day != excluded
                let color = counted ? template.color("text") : template.color("muted")
                styles.small.draw(strings.format(day, pattern: "gridWeekday"), x: columnX, y: y + headerTop, width: columnWidth, alignment: .center, color: color)
                styles.small.draw(String(day.day), x: columnX, y: y + headerTop + styles.small.lineHeight, width: columnWidth, alignment: .center, color: color)
                for slot in 0..<rows.count {
                    let count = counts[index][slot]
                    let short = counted && count < ProtocolWeek.readingsPerSlot
                    let text = count == 0 ? "–" : String(count)
                    let cellColor = !counted ? template.color("muted") : short ? template.color("bad") : template.color("text")
                    (short ? styles.smallBold : styles.small).draw(
                        text, x: columnX, y: y + bodyTop + Double(slot) * line, width: columnWidth, alignment: .center, color: cellColor)
                }
            }
            for (slot, label) in rows.enumerated() {
                styles.smallBold.draw(label, x: x, y: y + bodyTop + Double(slot) * line, width: labelWidth - 4)
                let ruleY = y + bodyTop + Double(slot + 1) * line - ProtocolWeekGrid.rowGap / 2
                context.line(from: (x, ruleY), to: (x + width, ruleY), color: template.color("rule"), width: 0.3)
            }
        }
    }
}
