import HealthAnalytics
import HealthCore

/// The top of page 1: the home average with its badge and its protocol week on the left, the
/// key figures on the right. A weight-only range shows its weight instead.
struct HeadlineBlock: ReportBlock, DrawnFromRequest {
    let request: ReportRequest


    static let leftShare = 0.56
    static let rightShare = 0.40
    static let rowGap = 2.0

    // MARK: - Left: the average

    /// The lines under the figure: what the average is made of, and the protocol week.
    private var detailLines: [TextLinesBlock.Line] {
        guard let verdict = summary.verdict else {
            guard let weight = summary.weight else { return [] }
            return [TextLinesBlock.Line(text: weightSummary(weight), color: template.color("text"))]
        }
        var lines: [TextLinesBlock.Line] = []
        let muted = template.color("muted")
        if let average = summary.protocolAverage {
            lines.append(TextLinesBlock.Line(text: strings.text(average.days == 1 ? "protocolDetail.oneDay" : "protocolDetail", [
                "count": String(average.count), "days": String(average.days),
                "from": request.date(average.firstDay), "to": request.date(average.lastDay),
            ])))
            if let excluded = request.wording.excludedDay { lines.append(TextLinesBlock.Line(text: excluded, color: muted)) }
            if !average.sufficient { lines.append(TextLinesBlock.Line(text: request.wording.provisional ?? "", color: template.color("bad"))) }
            var week: [String] = []
            if let morning = average.morning { week.append("\(strings.text("morning")) \(SummaryWording.pressure(morning)) (n=\(morning.count))") }
            if let evening = average.evening { week.append("\(strings.text("evening")) \(SummaryWording.pressure(evening)) (n=\(evening.count))") }
            if !week.isEmpty { lines.append(TextLinesBlock.Line(text: week.joined(separator: " · "))) }
            if let difference = average.morningEveningDifference {
                lines.append(TextLinesBlock.Line(
                    text: "\(strings.text("protocol.difference")) \(SummaryWording.signedPair(difference.systolic, difference.diastolic)) mmHg"))
            }
        } else if let provisional = request.wording.provisional {
            lines.append(TextLinesBlock.Line(text: provisional, color: template.color("bad")))
        }
        return lines
    }

    private func weightSummary(_ weight: WeightSummary) -> String {
        strings.text("weightSummary", [
            "first": Figures.oneDecimal(weight.first), "last": Figures.oneDecimal(weight.last),
            "change": Figures.signed(weight.change, decimals: 1), "mean": Figures.oneDecimal(weight.mean), "n": String(weight.count),
        ])
    }

    private var headingText: String {
        if summary.verdict == nil { return strings.text("weightTrend") }
        return strings.text(summary.protocolAverage == nil ? "overallMean" : "homeAverage")
    }

    private var figureText: String? {
        if let verdict = summary.verdict { return SummaryWording.pressure(verdict.mean) }
        return summary.weight.map { Figures.oneDecimal($0.last) }
    }

    private func leftHeight(width: Double, styles: ReportStyles) -> Double {
        styles.heading.wrappedHeight(headingText, width: width, maxLines: 2) + 2 + styles.figure.lineHeight + 1
            + TextLinesBlock(heading: nil, lines: detailLines).height(width: width, styles: styles)
    }

    private func drawLeft(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double) {
        styles.heading.drawWrapped(headingText, x: x, y: y, width: width, maxLines: 2)
        let figureY = y + styles.heading.wrappedHeight(headingText, width: width, maxLines: 2) + 2
        guard let figure = figureText else { return }
        let verdict = summary.verdict
        // A provisional average is shown muted: it is a figure, not yet a verdict.
        let provisional = verdict.map { !$0.sufficient } ?? false
        styles.figure.draw(figure, x: x, y: figureY, color: provisional ? template.color("muted") : nil)
        let figureWidth = styles.figure.width(of: figure)
        let unit = verdict == nil ? "kg" : strings.text("mmHg")
        styles.bodyMuted.draw(unit, x: x + figureWidth + 3, y: figureY + styles.figure.lineHeight - styles.body.lineHeight - 3)
        if let verdict {
            let (text, color) = badge(verdict)
            let badgeWidth = styles.badge.width(of: text) + 14
            let badgeX = x + figureWidth + 3 + styles.bodyMuted.width(of: unit) + 10
            let badgeY = figureY + (styles.figure.lineHeight - styles.badge.lineHeight - 6) / 2
            context.fillRoundedRectangle(
                x: badgeX, y: badgeY, width: min(badgeWidth, x + width - badgeX), height: styles.badge.lineHeight + 6, radius: 4, color: color)
            styles.badge.draw(text, x: badgeX + 7, y: badgeY + 3, width: max(10, min(badgeWidth, x + width - badgeX) - 14))
        }
        TextLinesBlock(heading: nil, lines: detailLines)
            .draw(context: context, styles: styles, x: x, y: figureY + styles.figure.lineHeight + 1, width: width)
    }

    /// "Too few readings" unless the average is sufficient; then against the target.
    private func badge(_ verdict: HomeVerdict) -> (String, Color) {
        if !verdict.sufficient { return (strings.text("badge.tooFew"), template.color("muted")) }
        let above = verdict.atOrAboveTarget ?? verdict.atOrAboveThreshold
        return (strings.text(above ? "aboveTarget" : "atTarget"), template.color(above ? "bad" : "good"))
    }

    // MARK: - Right: key figures

    private var figureRows: [(label: String, value: String, color: Color?)] {
        var rows: [(String, String, Color?)] = []
        if summary.verdict != nil {
            if let difference = summary.morningEveningDifference {
                rows.append((strings.text("wholeRange.morningEvening"), "\(SummaryWording.signedPair(difference.systolic, difference.diastolic)) mmHg", nil))
            }
            if let share = summary.atOrAboveTargetPercent {
                rows.append((
                    strings.text("aboveShare") + " (≥ \(summary.goals.target))", "\(Int(share.rounded()))%",
                    share >= 50 ? template.color("bad") : nil
                ))
            }
            let urgent = summary.alerts.filter { $0.kind == .urgent }.count
            let low = summary.alerts.count - urgent
            rows.append((
                strings.text("alerts"),
                summary.alerts.isEmpty ? "0" : "\(summary.alerts.count) (" + strings.text("alertsDetail", ["urgent": String(urgent), "low": String(low)]) + ")",
                summary.alerts.isEmpty ? nil : template.color("bad")
            ))
        }
        if let weight = summary.weight {
            rows.append((strings.text("weight"), "\(Figures.oneDecimal(weight.first)) → \(Figures.oneDecimal(weight.last)) kg (\(Figures.signed(weight.change, decimals: 1)))", nil))
        } else {
            rows.append((strings.text("weight"), strings.text("noWeight"), nil))
        }
        return rows
    }

    private func rightHeight(width: Double, styles: ReportStyles) -> Double {
        let labelWidth = width * 0.55 - 4
        let valueWidth = width * 0.45 - 4
        return figureRows.reduce(4.0) { total, row in
            total + max(styles.bodyMuted.wrappedHeight(row.label, width: labelWidth, maxLines: 3),
                        styles.bodyBold.wrappedHeight(row.value, width: valueWidth, maxLines: 3)) + HeadlineBlock.rowGap
        } + 2
    }

    private func drawRight(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double, height: Double) {
        context.fillRectangle(x: x - 6, y: y - 2, width: width + 6, height: height, color: template.color("dayShade"))
        let labelWidth = width * 0.55 - 4
        let valueWidth = width * 0.45 - 4
        var rowY = y + 2
        for row in figureRows {
            styles.bodyMuted.drawWrapped(row.label, x: x, y: rowY, width: labelWidth, maxLines: 3)
            styles.bodyBold.drawWrapped(row.value, x: x + width * 0.55, y: rowY, width: valueWidth, maxLines: 3, color: row.color)
            rowY += max(styles.bodyMuted.wrappedHeight(row.label, width: labelWidth, maxLines: 3),
                        styles.bodyBold.wrappedHeight(row.value, width: valueWidth, maxLines: 3)) + HeadlineBlock.rowGap
        }
    }

    // MARK: - Block

    func height(width: Double, styles: ReportStyles) -> Double {
        max(leftHeight(width: width * HeadlineBlock.leftShare, styles: styles), rightHeight(width: width * HeadlineBlock.rightShare, styles: styles))
    }

    func draw(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double) {
        drawLeft(context: context, styles: styles, x: x, y: y, width: width * HeadlineBlock.leftShare)
        let rightWidth = width * HeadlineBlock.rightShare
        drawRight(
            context: context, styles: styles, x: x + width - rightWidth, y: y, width: rightWidth,
            height: rightHeight(width: rightWidth, styles: styles))
    }
}
