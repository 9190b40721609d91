import HealthPresentation

/// The home blood-pressure sheet clinics hand out: one row per measurement day with the
/// morning readings, the evening readings, the day's mean, whether the BP pill was recorded,
/// and the notes (with the noon and night readings, named by their slot). A year of
/// twice-daily readings fits in a few pages. Every cell is the document's (``LogSection``).
struct DailyLogTable: LogSheet {
    let log: LogSection
    private let rows: DailyRows
    let template: ReportTemplate
    let pagination: LogPagination
    private let header: Frame
    /// Each row's height, as its layout measured it: a page lays a one-line row out as lines
    /// without measuring its cells again.
    private let heights: [Double]

    /// Column shares of the content width; the date column widens to its longest date (a
    /// Chinese date with its year) and the notes give the room.
    static let defaultShares: [Double] = [0.14, 0.19, 0.19, 0.10, 0.07, 0.07, 0.24]
    let shares: [Double]

    init(log: LogSection, template: ReportTemplate, styles: ReportStyles, space: Double) {
        self.log = log
        self.template = template
        let rows = log.dayRows()
        self.rows = rows
        let width = template.contentWidth
        let dateShare = min(0.24, max(DailyLogTable.defaultShares[0], (styles.bodyBold.width(of: log.widestDate) + 8) / width))
        var shares = DailyLogTable.defaultShares
        shares[6] -= dateShare - shares[0]
        shares[0] = dateShare
        self.shares = shares
        let widths = shares.map { width * $0 }
        let titles = zip(log.dailyTitles, widths).map { styles.smallBold.box($0, width: $1 - 4, maxLines: 3) }
        var header = Frame(width: width, height: max(template.log.rowHeight, (titles.map(\.height).max() ?? 0) + 4) + 1)
        header.fill(.rectangle(x: 0, y: 0, width: width, height: header.height - 1), template.color("accent").lightened(0.87))
        var x = 0.0
        for (title, cellWidth) in zip(titles, widths) {
            header.text(title, x: x + 2, y: (header.height - 1 - title.height) / 2)
            x += cellWidth
        }
        self.header = header
        var heights: [Double] = []
        heights.reserveCapacity(rows.count)
        for row in rows { heights.append(DailyLogTable.layout(row, widths: widths, template: template, styles: styles).height) }
        self.heights = heights
        let base = template.log.rowHeight
        pagination = LogPagination(
            rowHeights: heights, headerHeight: header.height, summaryHeight: 4 + 3 * base, firstPageSpace: space, pageSpace: space)
    }

    var legend: String { log.dailyLegend }

    func months(on page: LogPagination.Page) -> [LogMonth] { rows.months(in: page.rows) }

    private var widths: [Double] { shares.map { template.contentWidth * $0 } }

    /// One day's row laid out: each cell's text measured once (one line, or wrapped to the
    /// template's lines), and the row as tall as its tallest cell. Its height paginates; the page
    /// places the same boxes.
    private struct RowLayout {
        let row: DailyRows.Row
        let boxes: [TextBox?]
        let height: Double
    }

    private static func layout(
        _ row: DailyRows.Row, widths: [Double], template: ReportTemplate, styles: ReportStyles, oneLine: Bool = false
    ) -> RowLayout {
        let base = template.log.rowHeight
        var boxes: [TextBox?] = []
        boxes.reserveCapacity(row.cells.count)
        var tallest = 0.0
        for (column, cell) in row.cells.enumerated() {
            guard !cell.isEmpty else {
                boxes.append(nil)
                continue
            }
            let alignment: TextStyle.Alignment = column == 0 || column == 6 ? .left : .center
            let style = row.bold[column] ? styles.bodyBold : styles.body
            // A row measured as one line high is lines: its cells need no measuring again.
            let box = oneLine
                ? style.line(cell, width: widths[column] - 4, alignment: alignment)
                : style.box(cell, width: widths[column] - 4, maxLines: template.log.noteMaxLines, alignment: alignment)
            tallest = max(tallest, box.height)
            boxes.append(box)
        }
        return RowLayout(row: row, boxes: boxes, height: tallest <= styles.body.lineHeight ? base : tallest + (base - styles.body.lineHeight))
    }

    /// The row's boxes placed on `frame` with its top at `y`: shading, the cells (clipped to the
    /// row when it wraps), the rule under it.
    private static func place(_ layout: RowLayout, on frame: inout Frame, y: Double, widths: [Double], template: ReportTemplate, styles: ReportStyles) {
        let base = template.log.rowHeight
        let width = widths.reduce(0, +)
        if let fill = template.rowFill(alert: layout.row.alert, shaded: layout.row.shaded) {
            frame.fill(.rectangle(x: 0, y: y, width: width, height: layout.height), fill)
        }
        let textY = y + (base - styles.body.lineHeight) / 2
        var x = 0.0
        for (box, cellWidth) in zip(layout.boxes, widths) {
            if let box {
                if layout.height <= base + 0.01 {
                    frame.text(box, x: x + 2, y: textY)
                } else {
                    var clip = Frame(width: cellWidth, height: layout.height)
                    clip.text(box, x: 2, y: textY - y)
                    frame.place(clip, x: x, y: y, clipped: true)
                }
            }
            x += cellWidth
        }
        frame.line(from: (0, y + layout.height), to: (width, y + layout.height), color: template.color("rule"), width: 0.3)
    }

    func laidOut(page: LogPagination.Page, styles: ReportStyles) -> Frame {
        let widths = self.widths
        var frame = Frame(width: header.width, height: header.height)
        frame.place(header, x: 0, y: 0)
        for index in page.rows {
            let oneLine = heights[index] <= template.log.rowHeight + 0.01
            let layout = DailyLogTable.layout(rows[index], widths: widths, template: template, styles: styles, oneLine: oneLine)
            DailyLogTable.place(layout, on: &frame, y: frame.height, widths: widths, template: template, styles: styles)
            frame.height += layout.height
        }
        frame.line(from: (0, frame.height), to: (frame.width, frame.height), color: template.color("accent"), width: 0.6)
        guard page.hasSummary else { return frame }
        // Mean, then the readings with the highest and the lowest systolic, per slot.
        var rowY = frame.height + 4
        var xs: [Double] = []
        var x = 0.0
        for cellWidth in widths {
            xs.append(x)
            x += cellWidth
        }
        for row in log.dailySummary {
            let textY = rowY + (template.log.rowHeight - styles.body.lineHeight) / 2
            frame.text(row.label, styles.bodyBold, x: 2, y: textY, width: widths[0] - 4)
            for (offset, cell) in row.cells.enumerated() {
                guard let cell else { continue }
                frame.text(cell, styles.bodyBold, x: xs[offset + 1] + 2, y: textY, width: widths[offset + 1] - 4, alignment: .center)
            }
            rowY += template.log.rowHeight
        }
        frame.height = rowY
        return frame
    }
}
