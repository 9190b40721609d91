import HealthPresentation

/// The full log in the shape of a hospital blood-pressure record sheet (血压记录单), one row
/// per reading: rows grouped by measurement day, the date once per day, shading alternating by
/// day, values at or above target in bold, alert readings highlighted, office readings and
/// protocol deviations marked, tags and notes wrapped, and mean, maximum and minimum at the end.
/// Every cell is the document's (``LogSection``); this lays the rows out.
struct ReadingLogTable: LogSheet {
    let log: LogSection
    private let rows: ReadingRows
    let template: ReportTemplate
    let pagination: LogPagination
    private let header: Frame
    /// Each row's height, as its layout measured it: a page lays a one-line row out as lines
    /// without measuring its cells again.
    private let heights: [Double]

    init(log: LogSection, template: ReportTemplate, styles: ReportStyles, space: Double) {
        self.log = log
        self.template = template
        let rows = log.readingRows()
        self.rows = rows
        header = ReadingLogTable.header(log: log, template: template, styles: styles)
        var heights: [Double] = []
        heights.reserveCapacity(rows.count)
        for row in rows {
            heights.append(ReadingLogTable.layout(row, showsDate: row.startsDay, template: template, styles: styles).height)
        }
        self.heights = heights
        pagination = LogPagination(
            rowHeights: heights, headerHeight: header.height, summaryHeight: 4 + 3 * template.log.rowHeight, firstPageSpace: space,
            pageSpace: space)
    }

    private var columns: [ReportTemplate.LogColumn] { template.log.columns }

    var legend: String { log.readingsLegend }

    func months(on page: LogPagination.Page) -> [LogMonth] { rows.months(in: page.rows) }

    /// The header row: the column titles wrapped (Chinese titles carry their units), each centred
    /// in the row's height.
    private static func header(log: LogSection, template: ReportTemplate, styles: ReportStyles) -> Frame {
        let titles = template.log.columns.map { column in
            styles.smallBold.box(log.title(ofColumn: column.key.rawValue), width: column.width - 4, maxLines: 3, alignment: alignment(column.key))
        }
        let width = template.log.columns.reduce(0) { $0 + $1.width }
        var frame = Frame(width: width, height: max(template.log.rowHeight, (titles.map(\.height).max() ?? 0) + 4) + 1)
        frame.fill(.rectangle(x: 0, y: 0, width: width, height: frame.height - 1), template.color("accent").lightened(0.87))
        var x = 0.0
        for (column, title) in zip(template.log.columns, titles) {
            frame.text(title, x: x + 2, y: (frame.height - 1 - title.height) / 2)
            x += column.width
        }
        return frame
    }

    /// One reading's row laid out: each cell's text measured once, the row one line, or as tall
    /// as its wrapped note, tags, or time with its offset (at most the template's lines each). Its
    /// height paginates; the page places the same boxes.
    private struct RowLayout {
        let row: ReadingRows.Row
        let cells: [(box: TextBox, x: Double, width: Double, color: Color?, clipped: Bool)]
        let height: Double
    }

    private static func layout(
        _ row: ReadingRows.Row, showsDate: Bool, template: ReportTemplate, styles: ReportStyles, oneLine: Bool = false
    ) -> RowLayout {
        var cells: [(box: TextBox, x: Double, width: Double, color: Color?, clipped: Bool)] = []
        cells.reserveCapacity(template.log.columns.count)
        var x = 0.0
        for column in template.log.columns {
            let width = column.width - 4
            let plain = { (text: String, style: TextStyle) -> TextBox? in
                text.isEmpty ? nil : style.line(text, width: width, alignment: alignment(column.key))
            }
            // A row measured as one line high is lines: its cells need no measuring again.
            let wrapped = { (text: String) -> TextBox? in
                text.isEmpty ? nil : oneLine ? styles.body.line(text, width: width) : styles.body.box(text, width: width, maxLines: template.log.noteMaxLines)
            }
            var color: Color?
            var clipped = false
            let box: TextBox?
            switch column.key {
            case .date: box = showsDate ? plain(row.date, styles.bodyBold) : nil
            case .period:
                box = plain(row.period, row.isOffice ? styles.bodyBold : styles.body)
                if row.isOffice { color = template.color("accent") }
            case .time:
                box = row.timeWraps && !oneLine ? styles.body.box(row.time, width: width, maxLines: 3, alignment: .center) : plain(row.time, styles.body)
            case .systolic: box = plain(row.systolic, row.systolicBold ? styles.bodyBold : styles.body)
            case .diastolic: box = plain(row.diastolic, row.diastolicBold ? styles.bodyBold : styles.body)
            case .pulse: box = plain(row.pulse, styles.body)
            case .weight: box = plain(row.weight, styles.body)
            case .tags:
                box = wrapped(row.tags)
                clipped = true
            case .note:
                box = wrapped(row.note)
                clipped = true
            }
            if let box { cells.append((box, x, column.width, color, clipped)) }
            x += column.width
        }
        let base = template.log.rowHeight
        let tallest = cells.map(\.box.height).max() ?? 0
        return RowLayout(row: row, cells: cells, height: tallest <= styles.body.lineHeight ? base : tallest + (base - styles.body.lineHeight))
    }

    /// The row's boxes placed on `frame` with its top at `y`: shading, then the cells (notes and
    /// tags clipped to the row).
    private static func place(_ layout: RowLayout, on frame: inout Frame, y: Double, width: Double, template: ReportTemplate, styles: ReportStyles) {
        if let fill = template.rowFill(alert: layout.row.alert, shaded: layout.row.shaded) {
            frame.fill(.rectangle(x: 0, y: y, width: width, height: layout.height), fill)
        }
        let textY = (template.log.rowHeight - styles.body.lineHeight) / 2
        for cell in layout.cells {
            if cell.clipped {
                var clip = Frame(width: cell.width, height: layout.height)
                clip.text(cell.box, x: 2, y: textY, color: cell.color)
                frame.place(clip, x: cell.x, y: y, clipped: true)
            } else {
                frame.text(cell.box, x: cell.x + 2, y: y + textY, color: cell.color)
            }
        }
    }

    func laidOut(page: LogPagination.Page, styles: ReportStyles) -> Frame {
        var frame = Frame(width: header.width, height: header.height)
        frame.place(header, x: 0, y: 0)
        var lastDay: Int?
        for index in page.rows {
            let row = rows[index]
            // The date and the rule above it start each day, and each page.
            let firstOfDay = row.day != lastDay
            if firstOfDay && lastDay != nil {
                frame.line(from: (0, frame.height), to: (frame.width, frame.height), color: template.color("rule"), width: 0.4)
            }
            lastDay = row.day
            let oneLine = heights[index] <= template.log.rowHeight + 0.01
            let layout = ReadingLogTable.layout(row, showsDate: firstOfDay, template: template, styles: styles, oneLine: oneLine)
            ReadingLogTable.place(layout, on: &frame, y: frame.height, width: header.width, template: template, styles: styles)
            frame.height += layout.height
        }
        frame.line(from: (0, frame.height), to: (frame.width, frame.height), color: template.color("accent"), width: 0.6)
        if page.hasSummary {
            addSummaryRows(to: &frame, styles: styles, y: frame.height + 4)
            frame.height += 4 + 3 * template.log.rowHeight
        }
        return frame
    }

    /// Mean, maximum and minimum under the systolic, diastolic, pulse and weight columns.
    private func addSummaryRows(to frame: inout Frame, styles: ReportStyles, y: Double) {
        let labelWidth = columns.prefix { ![.systolic, .diastolic, .pulse, .weight].contains($0.key) }.reduce(0) { $0 + $1.width }
        var rowY = y
        for row in log.readingSummary {
            let textY = rowY + (template.log.rowHeight - styles.body.lineHeight) / 2
            frame.text(row.label, styles.bodyBold, x: 2, y: textY, width: max(labelWidth - 6, 20), alignment: .right)
            var x = 0.0
            for column in columns {
                let text: String? = switch column.key {
                case .systolic: row.systolic
                case .diastolic: row.diastolic
                case .pulse: row.pulse
                case .weight: row.weight
                default: nil
                }
                if let text { frame.text(text, styles.bodyBold, x: x + 2, y: textY, width: column.width - 4, alignment: .center) }
                x += column.width
            }
            rowY += template.log.rowHeight
        }
    }

    static func alignment(_ key: ReportTemplate.LogColumnKey) -> TextStyle.Alignment {
        switch key {
        case .date, .period, .tags, .note: .left
        default: .center
        }
    }
}
