import HealthPresentation

/// The top of page 1: the headline box on the left (its heading, the figure with its unit and
/// badge, the lines under it), the key figures on the right with the headline week's grid under
/// them. A weight-only range shows its weight instead.
struct HeadlineBlock: ReportBlock {
    let document: SummaryDocument
    let template: ReportTemplate
    /// The key figures beside the headline: all of them, or only the headline week's when the
    /// report has a details page.
    let figures: [KeyFigure]

    static let leftShare = 0.56
    static let rightShare = 0.40
    static let rowGap = 2.0

    func laidOut(width: Double, styles: ReportStyles) -> Frame {
        let left = laidOutLeft(width: width * HeadlineBlock.leftShare, styles: styles)
        let rightWidth = width * HeadlineBlock.rightShare
        let right = laidOutRight(width: rightWidth, styles: styles)
        var frame = Frame(width: width, height: max(left.height, right.height))
        frame.place(left, x: 0, y: 0)
        frame.place(right, x: width - rightWidth, y: 0)
        return frame
    }

    // MARK: - Left: the average

    /// The heading, the figure with its unit and badge, the lines under it.
    private func laidOutLeft(width: Double, styles: ReportStyles) -> Frame {
        let box = document.headlineBox
        let heading = styles.heading.box(box.heading, width: width, maxLines: 2)
        let lines = TextLinesBlock(heading: nil, lines: box.linesBesideSummary, template: template).laidOut(width: width, styles: styles)
        let figureY = heading.height + 2
        var frame = Frame(width: width, height: figureY + styles.figure.lineHeight + 1 + lines.height)
        frame.text(heading, x: 0, y: 0)
        guard let figure = box.figure else { return frame }
        // A provisional average is shown muted: it is a figure, not yet a verdict.
        frame.text(figure, styles.figure, x: 0, y: figureY, color: box.figureMuted ? template.color("muted") : nil)
        let figureWidth = styles.figure.width(of: figure)
        frame.text(box.unit, styles.bodyMuted, x: figureWidth + 3, y: figureY + styles.figure.lineHeight - styles.body.lineHeight - 3)
        if let badge = box.badge {
            let badgeWidth = styles.badge.width(of: badge.text) + 14
            let badgeX = figureWidth + 3 + styles.bodyMuted.width(of: box.unit) + 10
            let badgeY = figureY + (styles.figure.lineHeight - styles.badge.lineHeight - 6) / 2
            let shown = min(badgeWidth, width - badgeX)
            frame.fill(
                .roundedRectangle(x: badgeX, y: badgeY, width: shown, height: styles.badge.lineHeight + 6, radius: 4),
                template.color(of: badge.tone) ?? template.color("good"))
            frame.text(badge.text, styles.badge, x: badgeX + 7, y: badgeY + 3, width: max(10, shown - 14))
        }
        frame.place(lines, x: 0, y: figureY + styles.figure.lineHeight + 1)
        return frame
    }

    // MARK: - Right: key figures

    /// A shaded box of label and value rows (none without figures), and under it the headline
    /// week slot by slot.
    private func laidOutRight(width: Double, styles: ReportStyles) -> Frame {
        let box = figures.isEmpty ? Frame(width: width, height: 0) : laidOutFigures(width: width, styles: styles)
        guard let week = document.week else { return box }
        let grid = WeekGridBlock(grid: week, template: template).laidOut(width: width, styles: styles)
        let gap = figures.isEmpty ? 0.0 : 6.0
        var frame = Frame(width: width, height: box.height + gap + grid.height)
        frame.place(box, x: 0, y: 0)
        frame.place(grid, x: 0, y: box.height + gap)
        return frame
    }

    /// The shaded box of label and value rows.
    private func laidOutFigures(width: Double, styles: ReportStyles) -> Frame {
        let labelWidth = width * 0.55 - 4
        let valueWidth = width * 0.45 - 4
        let rows = figures.map { row in
            (
                label: styles.bodyMuted.box(row.label, width: labelWidth, maxLines: 3),
                value: styles.bodyBold.box(row.value, width: valueWidth, maxLines: 3), color: template.color(of: row.tone)
            )
        }
        let height = rows.reduce(4.0) { $0 + max($1.label.height, $1.value.height) + HeadlineBlock.rowGap } + 2
        var frame = Frame(width: width, height: height)
        frame.fill(.rectangle(x: -6, y: -2, width: width + 6, height: height), template.color("dayShade"))
        var rowY = 2.0
        for row in rows {
            frame.text(row.label, x: 0, y: rowY)
            frame.text(row.value, x: width * 0.55, y: rowY, color: row.color)
            rowY += max(row.label.height, row.value.height) + HeadlineBlock.rowGap
        }
        return frame
    }
}

/// The headline week day by day: a column per day, a row for the morning and one for the
/// evening, each cell the readings the average takes from that slot, so the doctor sees at a
/// glance what the average is made of. The dropped first day is grey; a slot short of the
/// protocol's two readings is bold in the alert colour.
struct WeekGridBlock: ReportBlock {
    let grid: WeekGrid
    let template: ReportTemplate

    static let rowGap = 1.5

    func laidOut(width: Double, styles: ReportStyles) -> Frame {
        let caption = styles.small.box(grid.caption, width: width, maxLines: 1)
        let labelWidth = grid.rows.map { styles.smallBold.width(of: $0.label) }.max()! + 6
        let columnWidth = (width - labelWidth) / Double(max(grid.days.count, 1))
        let line = styles.small.lineHeight + WeekGridBlock.rowGap
        let headerTop = caption.height + 2
        let bodyTop = headerTop + 2 * styles.small.lineHeight + 3
        var frame = Frame(width: width, height: bodyTop + Double(grid.rows.count) * line + 1)
        frame.text(caption, x: 0, y: 0)
        frame.fill(.rectangle(x: 0, y: headerTop - 1, width: width, height: bodyTop - headerTop), template.color("dayShade"))
        for (index, day) in grid.days.enumerated() {
            let columnX = labelWidth + Double(index) * columnWidth
            let color = day.counted ? template.color("text") : template.color("muted")
            frame.text(day.weekday, styles.small, x: columnX, y: headerTop, width: columnWidth, alignment: .center, color: color)
            frame.text(day.day, styles.small, x: columnX, y: headerTop + styles.small.lineHeight, width: columnWidth, alignment: .center, color: color)
            for (slot, row) in grid.rows.enumerated() {
                let cell = row.cells[index]
                let cellColor = !day.counted ? template.color("muted") : cell.short ? template.color("bad") : template.color("text")
                frame.text(
                    cell.text, cell.short ? styles.smallBold : styles.small, x: columnX, y: bodyTop + Double(slot) * line, width: columnWidth,
                    alignment: .center, color: cellColor)
            }
        }
        for (slot, row) in grid.rows.enumerated() {
            frame.text(row.label, styles.smallBold, x: 0, y: bodyTop + Double(slot) * line, width: labelWidth - 4)
            let ruleY = bodyTop + Double(slot + 1) * line - WeekGridBlock.rowGap / 2
            frame.line(from: (0, ruleY), to: (width, ruleY), color: template.color("rule"), width: 0.3)
        }
        return frame
    }
}
