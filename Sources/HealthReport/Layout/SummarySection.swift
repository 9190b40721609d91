import HealthAnalytics
import HealthCore

/// Page 1's summary: the verdict, the period table, key figures and the tag comparison.
struct SummarySection {
    let request: ReportRequest
    let styles: ReportStyles

    private var summary: BPSummary { request.summary }
    private var strings: StringTable { request.strings }
    private var template: ReportTemplate { request.template }

    static let verdictHeight = 78.0
    static let rowHeight = 12.0
    static let maximumTags = 6

    /// The section's height, known before drawing so the composer can plan pages.
    var height: Double {
        let periodTable = 16 + 5 * SummarySection.rowHeight
        let tagRows = max(1, min(summary.tags.count, SummarySection.maximumTags))
        let tagTable = 16 + Double(tagRows + 1) * SummarySection.rowHeight
        return SummarySection.verdictHeight + 10 + periodTable + 10 + tagTable
    }

    func draw(context: GraphicsContext, top: Double) {
        let left = template.page.margin.left
        let width = template.contentWidth
        drawVerdict(context: context, x: left, y: top, width: width * 0.56)
        drawFigures(context: context, x: left + width * 0.585, y: top, width: width * 0.415)
        var y = top + SummarySection.verdictHeight + 10
        y = drawPeriodTable(context: context, x: left, y: y, width: width)
        drawTagTable(context: context, x: left, y: y + 10, width: width)
    }

    // MARK: - Verdict

    private func drawVerdict(context: GraphicsContext, x: Double, y: Double, width: Double) {
        let threshold = summary.goals.threshold
        let average = summary.protocolAverage
        let systolic = average?.systolic ?? summary.overall.systolic.mean
        let diastolic = average?.diastolic ?? summary.overall.diastolic.mean
        styles.heading.draw(strings.text(average == nil ? "overallMean" : "homeAverage"), x: x, y: y, width: width)
        let figureY = y + styles.heading.lineHeight + 2
        guard let systolic, let diastolic else {
            styles.bodyMuted.draw("—", x: x, y: figureY)
            return
        }
        let figure = "\(Int(systolic.rounded()))/\(Int(diastolic.rounded()))"
        styles.figure.draw(figure, x: x, y: figureY)
        let figureWidth = styles.figure.width(of: figure)
        styles.bodyMuted.draw(strings.text("mmHg"), x: x + figureWidth + 3, y: figureY + styles.figure.lineHeight - styles.body.lineHeight - 3)
        let badgeText = strings.text(summary.hypertensive ? "aboveTarget" : "atTarget")
        let badgeWidth = styles.badge.width(of: badgeText) + 14
        let badgeX = x + figureWidth + 3 + styles.bodyMuted.width(of: strings.text("mmHg")) + 10
        let badgeY = figureY + (styles.figure.lineHeight - styles.badge.lineHeight - 6) / 2
        context.fillRoundedRectangle(
            x: badgeX, y: badgeY, width: badgeWidth, height: styles.badge.lineHeight + 6, radius: 4,
            color: template.color(summary.hypertensive ? "bad" : "good"))
        styles.badge.draw(badgeText, x: badgeX + 7, y: badgeY + 3)
        var lineY = figureY + styles.figure.lineHeight + 1
        if let average {
            let detail = strings.text("protocolDetail", [
                "count": String(average.count), "days": String(average.days),
                "from": strings.tickDate(average.firstDay), "to": strings.longDate(average.lastDay),
            ])
            styles.body.draw(detail, x: x, y: lineY, width: width)
            lineY += styles.body.lineHeight
            if !average.sufficient {
                styles.body.draw("⚠ " + strings.text("insufficient"), x: x, y: lineY, width: width, color: template.color("bad"))
                lineY += styles.body.lineHeight
            }
        }
        let targets = strings.text("target", ["target": summary.target.description]) + " · "
            + strings.text("threshold", ["target": threshold.description, "guideline": summary.options.guideline.rawValue.uppercased()])
        styles.bodyMuted.draw(targets, x: x, y: lineY, width: width)
    }

    // MARK: - Key figures

    private func drawFigures(context: GraphicsContext, x: Double, y: Double, width: Double) {
        var rows: [(String, String, Color?)] = []
        if let difference = summary.morningEveningDifference {
            rows.append((strings.text("morningEvening"), "\(Figures.signed(difference.systolic))/\(Figures.signed(difference.diastolic)) mmHg", nil))
        }
        if let above = summary.atOrAboveTargetPercent {
            rows.append((strings.text("aboveShare"), "\(Int(above.rounded()))%", above >= 50 ? template.color("bad") : nil))
        }
        let urgent = summary.alerts.filter { $0.kind == .urgent }.count
        let low = summary.alerts.count - urgent
        rows.append((
            strings.text("alerts"),
            summary.alerts.isEmpty ? "0" : "\(summary.alerts.count) (" + strings.text("alertsDetail", ["urgent": String(urgent), "low": String(low)]) + ")",
            summary.alerts.isEmpty ? nil : template.color("bad")
        ))
        if let weight = summary.weight {
            rows.append((strings.text("weight"), "\(Figures.oneDecimal(weight.first)) → \(Figures.oneDecimal(weight.last)) kg (\(Figures.signed(weight.change, decimals: 1)))", nil))
        } else {
            rows.append((strings.text("weight"), strings.text("noWeight"), nil))
        }
        context.fillRectangle(x: x - 8, y: y - 2, width: width + 8, height: SummarySection.verdictHeight - 2, color: template.color("dayShade"))
        var rowY = y + 2
        let labelWidth = width * 0.5
        for (label, value, color) in rows {
            styles.bodyMuted.draw(label, x: x, y: rowY, width: labelWidth - 4)
            styles.bodyBold.draw(value, x: x + labelWidth, y: rowY, width: width - labelWidth - 4, color: color)
            rowY += (SummarySection.verdictHeight - 8) / 4
        }
    }

    // MARK: - Period table

    private func drawPeriodTable(context: GraphicsContext, x: Double, y: Double, width: Double) -> Double {
        styles.heading.draw(strings.text("periodTable"), x: x, y: y)
        var rowY = y + 16
        let columns: [(String, Double, TextStyle.Alignment)] = [
            (strings.text("period"), 0.13, .left), (strings.text("count"), 0.06, .right),
            (strings.text("meanBP"), 0.17, .center), (strings.text("sd"), 0.12, .center),
            (strings.text("pulse"), 0.08, .center), (strings.text("lowest"), 0.22, .center),
            (strings.text("highest"), 0.22, .center),
        ]
        drawRow(columns.map { ($0.0, $0.1, $0.2) }, x: x, y: rowY, width: width, style: styles.smallBold, context: context, header: true)
        rowY += SummarySection.rowHeight
        let groups: [(String, GroupStatistics)] = [
            (strings.text("morning"), summary.periods[.morning]!), (strings.text("noon"), summary.periods[.noon]!),
            (strings.text("evening"), summary.periods[.evening]!), (strings.text("all"), summary.overall),
        ]
        for (index, (name, group)) in groups.enumerated() {
            let mean = group.systolic.mean.map { "\(Figures.whole($0))/\(Figures.whole(group.diastolic.mean!))" } ?? "—"
            let sd = group.systolic.sd.map { "\(Figures.oneDecimal($0))/\(Figures.oneDecimal(group.diastolic.sd!))" } ?? "—"
            let pulse = group.pulse.mean.map(Figures.whole) ?? "—"
            let lowest = group.systolic.min.map { "\($0.value) (\(strings.tickDate($0.takenAt.localDate)))" } ?? "—"
            let highest = group.systolic.max.map { "\($0.value) (\(strings.tickDate($0.takenAt.localDate)))" } ?? "—"
            let cells = [name, String(group.count), mean, sd, pulse, lowest, highest]
            if index == groups.count - 1 {
                context.line(from: (x, rowY), to: (x + width, rowY), color: template.color("rule"), width: 0.5)
            }
            drawRow(
                zip(cells, columns).map { ($0, $1.1, $1.2) }, x: x, y: rowY, width: width,
                style: index == groups.count - 1 ? styles.bodyBold : styles.body, context: context, header: false)
            rowY += SummarySection.rowHeight
        }
        return rowY
    }

    // MARK: - Tags

    private func drawTagTable(context: GraphicsContext, x: Double, y: Double, width: Double) {
        styles.heading.draw(strings.text("tags"), x: x, y: y)
        var rowY = y + 16
        guard !summary.tags.isEmpty else {
            styles.bodyMuted.draw(strings.text("noTags"), x: x, y: rowY)
            return
        }
        let columns: [(Double, TextStyle.Alignment)] = [(0.28, .left), (0.24, .center), (0.24, .center), (0.24, .center)]
        let header = [strings.text("tag"), strings.text("with"), strings.text("without"), strings.text("difference")]
        drawRow(zip(header, columns).map { ($0, $1.0, $1.1) }, x: x, y: rowY, width: width, style: styles.smallBold, context: context, header: true)
        rowY += SummarySection.rowHeight
        for comparison in summary.tags.prefix(SummarySection.maximumTags) {
            let (label, color) = request.tagAppearance(comparison.tag)
            context.fillCircle(x: x + 3, y: rowY + styles.body.lineHeight / 2, radius: 2.6, color: color)
            let side = { (side: TagComparison.Side) in
                side.systolic.map { "\(Figures.whole($0))/\(Figures.whole(side.diastolic!))  (n=\(side.count))" } ?? "—"
            }
            var difference = "—"
            if let a = comparison.with.systolic, let b = comparison.without.systolic,
                let c = comparison.with.diastolic, let d = comparison.without.diastolic
            {
                difference = "\(Figures.signed(a - b))/\(Figures.signed(c - d))"
            }
            let cells = [label, side(comparison.with), side(comparison.without), difference]
            drawRow(zip(cells, columns).map { ($0, $1.0, $1.1) }, x: x + 9, y: rowY, width: width - 9, style: styles.body, context: context, header: false)
            rowY += SummarySection.rowHeight
        }
    }

    /// One table row: cells with their share of `width` and alignment.
    private func drawRow(
        _ cells: [(String, Double, TextStyle.Alignment)], x: Double, y: Double, width: Double, style: TextStyle,
        context: GraphicsContext, header: Bool
    ) {
        if header {
            context.line(
                from: (x, y + SummarySection.rowHeight - 1.5), to: (x + width, y + SummarySection.rowHeight - 1.5),
                color: template.color("rule"), width: 0.5)
        }
        var cellX = x
        for (text, share, alignment) in cells {
            let cellWidth = width * share
            style.draw(text, x: cellX + 2, y: y + (header ? 1 : 0.5), width: cellWidth - 4, alignment: alignment)
            cellX += cellWidth
        }
    }
}
