import HealthAnalytics
import HealthCore
import HealthPresentation

/// The top of page 1: the home average with its badge and its protocol week on the left, the
/// key figures on the right. A weight-only range shows its weight instead.
struct HeadlineBlock: ReportBlock, DrawnFromRequest {
    let request: ReportRequest


    static let leftShare = 0.56
    static let rightShare = 0.40
    static let rowGap = 2.0

    /// The figure, badge and verdicts, the same value `stats` prints.
    private var headline: Headline { Headline(summary: summary, strings: strings) { request.tagAppearance($0).label } }

    // MARK: - Left: the average

    /// The lines under the figure: what the average is made of, and the protocol week.
    private var detailLines: [TextLinesBlock.Line] {
        let headline = self.headline
        guard headline.badge != nil else {
            guard let weight = headline.weightText(strings) else { return [] }
            return [TextLinesBlock.Line(text: weight, color: template.color("text"))]
        }
        var lines: [TextLinesBlock.Line] = []
        let muted = template.color("muted")
        if let average = headline.protocolAverage {
            lines.append(TextLinesBlock.Line(text: strings.text(average.days == 1 ? "protocolDetail.oneDay" : "protocolDetail", [
                "count": String(average.count), "days": String(average.days),
                "from": request.date(average.firstDay), "to": request.date(average.lastDay),
            ])))
            if let excluded = headline.excludedDay { lines.append(TextLinesBlock.Line(text: excluded, color: muted)) }
            if let provisional = headline.provisionalReason { lines.append(TextLinesBlock.Line(text: provisional, color: template.color("bad"))) }
            var week: [String] = []
            // One kind of bracket per language: "(n=12)", "（n=12）".
            let counted = { (part: Headline.WeekPart) in strings.text("events.window", ["mean": part.text, "n": String(part.count)]) }
            if let morning = headline.morning { week.append("\(strings.text("morning")) \(counted(morning))") }
            if let evening = headline.evening { week.append("\(strings.text("evening")) \(counted(evening))") }
            if !week.isEmpty { lines.append(TextLinesBlock.Line(text: week.joined(separator: " · "))) }
            if let difference = headline.weekDifference {
                lines.append(TextLinesBlock.Line(text: "\(strings.text("protocol.difference")) \(difference) mmHg"))
            }
        } else if let provisional = headline.provisionalReason {
            lines.append(TextLinesBlock.Line(text: provisional, color: template.color("bad")))
        }
        return lines
    }

    private var headingText: String {
        switch headline.kind {
        case .weight, .none: strings.text("weightTrend")
        case .overallMean: strings.text("overallMean")
        case .protocolAverage: strings.text("homeAverage")
        }
    }

    /// The left half laid out: the heading, the figure with its unit and badge, the detail lines.
    private func laidOutLeft(width: Double, styles: ReportStyles, headline: Headline) -> LaidOutBlock {
        let heading = styles.heading.box(headingText, width: width, maxLines: 2)
        let details = TextLinesBlock(heading: nil, lines: detailLines).laidOut(width: width, styles: styles)
        let figureY = heading.height + 2
        let height = figureY + styles.figure.lineHeight + 1 + details.height
        return LaidOutBlock(height: height) { context, x, y in
            heading.draw(x: x, y: y)
            guard let figure = headline.figureText else { return }
            // A provisional average is shown muted: it is a figure, not yet a verdict.
            styles.figure.draw(figure, x: x, y: y + figureY, color: headline.isProvisional ? template.color("muted") : nil)
            let figureWidth = styles.figure.width(of: figure)
            let unit = headline.badge == nil ? "kg" : strings.text("mmHg")
            styles.bodyMuted.draw(unit, x: x + figureWidth + 3, y: y + figureY + styles.figure.lineHeight - styles.body.lineHeight - 3)
            if let badge = headline.badge {
                let text = headline.badgeText(strings) ?? strings.text(badge.stringKey)
                let color = template.color(badge == .tooFew || headline.justBelow || headline.belowBand ? "muted" : badge == .aboveTarget || badge == .low ? "bad" : "good")
                let badgeWidth = styles.badge.width(of: text) + 14
                let badgeX = x + figureWidth + 3 + styles.bodyMuted.width(of: unit) + 10
                let badgeY = y + figureY + (styles.figure.lineHeight - styles.badge.lineHeight - 6) / 2
                context.fillRoundedRectangle(
                    x: badgeX, y: badgeY, width: min(badgeWidth, x + width - badgeX), height: styles.badge.lineHeight + 6, radius: 4,
                    color: color)
                styles.badge.draw(text, x: badgeX + 7, y: badgeY + 3, width: max(10, min(badgeWidth, x + width - badgeX) - 14))
            }
            details.draw(context, x, y + figureY + styles.figure.lineHeight + 1)
        }
    }

    // MARK: - Right: key figures

    private var figureRows: [(label: String, value: String, color: Color?)] {
        var rows: [(String, String, Color?)] = []
        if summary.verdict != nil {
            if let difference = summary.shownMorningEveningDifference {
                rows.append((strings.text("wholeRange.morningEvening"), "\(SummaryWording.signedPair(difference.systolic, difference.diastolic)) mmHg", nil))
            }
            if let share = summary.atOrAboveTargetPercent {
                rows.append((
                    strings.text(summary.goals.targetSource == .threshold ? "aboveShareThreshold" : "aboveShare") + strings.text("aboveShare.limit", ["limit": summary.goals.target.description]), "\(Figures.percent(share))%",
                    share >= 50 ? template.color("bad") : nil
                ))
            }
            let urgent = summary.alerts.filter { $0.kind == .urgent }.count
            let low = summary.alerts.count - urgent
            rows.append((
                strings.text("alerts"),
                summary.alerts.isEmpty
                    ? "0"
                    : strings.text(
                        "alertsCount", ["n": String(summary.alerts.count), "detail": strings.text("alertsDetail", ["urgent": String(urgent), "low": String(low)])]),
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

    /// The right half laid out: a shaded box of label and value rows, and under it the
    /// headline week's readings slot by slot.
    private func laidOutRight(width: Double, styles: ReportStyles, headline: Headline) -> LaidOutBlock {
        let box = laidOutFigures(width: width, styles: styles)
        guard let average = headline.protocolAverage else { return box }
        let grid = ProtocolWeekGrid(request: request, average: average).laidOut(width: width, styles: styles)
        let gap = 6.0
        return LaidOutBlock(height: box.height + gap + grid.height) { context, x, y in
            box.draw(context, x, y)
            grid.draw(context, x, y + box.height + gap)
        }
    }

    /// The shaded box of label and value rows.
    private func laidOutFigures(width: Double, styles: ReportStyles) -> LaidOutBlock {
        let labelWidth = width * 0.55 - 4
        let valueWidth = width * 0.45 - 4
        let rows = figureRows.map { row in
            (
                label: styles.bodyMuted.box(row.label, width: labelWidth, maxLines: 3),
                value: styles.bodyBold.box(row.value, width: valueWidth, maxLines: 3), color: row.color
            )
        }
        let height = rows.reduce(4.0) { $0 + max($1.label.height, $1.value.height) + HeadlineBlock.rowGap } + 2
        return LaidOutBlock(height: height) { context, x, y in
            context.fillRectangle(x: x - 6, y: y - 2, width: width + 6, height: height, color: template.color("dayShade"))
            var rowY = y + 2
            for row in rows {
                row.label.draw(x: x, y: rowY)
                row.value.draw(x: x + width * 0.55, y: rowY, color: row.color)
                rowY += max(row.label.height, row.value.height) + HeadlineBlock.rowGap
            }
        }
    }

    // MARK: - Block

    func laidOut(width: Double, styles: ReportStyles) -> LaidOutBlock {
        let headline = self.headline
        let left = laidOutLeft(width: width * HeadlineBlock.leftShare, styles: styles, headline: headline)
        let rightWidth = width * HeadlineBlock.rightShare
        let right = laidOutRight(width: rightWidth, styles: styles, headline: headline)
        return LaidOutBlock(height: max(left.height, right.height)) { context, x, y in
            left.draw(context, x, y)
            right.draw(context, x + width - rightWidth, y)
        }
    }
}
