/// A small table under an optional heading: a header row, rows whose cells wrap (up to
/// ``maxLines`` lines) and are measured, and an optional caption. When there are many short
/// rows, they flow into side-by-side columns.
struct TableBlock: ReportBlock {
    struct Column {
        let title: String
        /// Share of the table's width.
        let share: Double
        let alignment: TextStyle.Alignment
        /// Widen to the column's longest cell (dates): it takes room from the others, never wraps.
        var fitsContent = false
    }

    struct Row {
        enum Emphasis { case normal, bold, muted }
        var cells: [String]
        var emphasis = Emphasis.normal
        /// A text colour for the whole row.
        var color: Color?
        /// A coloured dot before the first cell (a tag's colour).
        var marker: Color?
        /// A rule above the row (before a total).
        var ruleAbove = false
    }

    let heading: String?
    let columns: [Column]
    let rows: [Row]
    /// Muted lines under the table (wrapped).
    var caption: [String] = []
    var maxLines = 3
    /// Rows per column before the table flows into another column beside it (at most 3).
    var rowsPerColumn = Int.max
    let template: ReportTemplate

    static let cellPadding = 2.0
    static let rowPadding = 2.5
    static let columnGap = 14.0
    static let markerWidth = 9.0

    private var hasMarkers: Bool { rows.contains { $0.marker != nil } }

    /// The rows of each side-by-side part.
    private var parts: [ArraySlice<Row>] {
        guard rows.count > rowsPerColumn else { return [rows[...]] }
        let count = min(3, (rows.count + rowsPerColumn - 1) / rowsPerColumn)
        let perPart = (rows.count + count - 1) / count
        return stride(from: 0, to: rows.count, by: perPart).map { rows[$0..<min(rows.count, $0 + perPart)] }
    }

    private func partWidth(_ width: Double) -> Double {
        let count = Double(parts.count)
        return (width - TableBlock.columnGap * (count - 1)) / count
    }

    /// Each column's text width in a part `width` wide: its share, except that a column that
    /// fits its content takes its longest cell's width (at most 40 %) and the others share the rest.
    private func cellWidths(_ width: Double, styles: ReportStyles) -> [Double] {
        let usable = width - (hasMarkers ? TableBlock.markerWidth : 0)
        var widths = columns.map { usable * $0.share }
        let fitting = columns.indices.filter { columns[$0].fitsContent }
        if !fitting.isEmpty {
            for index in fitting {
                var natural = styles.smallBold.width(of: columns[index].title)
                for row in rows { natural = max(natural, style(row, styles).width(of: row.cells[index])) }
                widths[index] = min(usable * 0.4, max(widths[index], natural + 2 * TableBlock.cellPadding + 1))
            }
            let fixed = fitting.reduce(0.0) { $0 + widths[$1] }
            let others = columns.indices.filter { !columns[$0].fitsContent }
            let othersShare = others.reduce(0.0) { $0 + columns[$1].share }
            for index in others where othersShare > 0 { widths[index] = (usable - fixed) * columns[index].share / othersShare }
        }
        return widths.map { $0 - 2 * TableBlock.cellPadding }
    }

    private func style(_ row: Row, _ styles: ReportStyles) -> TextStyle {
        switch row.emphasis {
        case .normal: styles.body
        case .bold: styles.bodyBold
        case .muted: styles.bodyMuted
        }
    }

    func laidOut(width: Double, styles: ReportStyles) -> Frame {
        let headingHeight = heading == nil ? 0 : styles.headingHeight
        let part = partWidth(width)
        let widths = cellWidths(part, styles: styles)
        let titles = zip(columns, widths).map { column, cellWidth in
            styles.smallBold.box(column.title, width: cellWidth, maxLines: 3, alignment: column.alignment)
        }
        let header = (titles.map(\.height).max() ?? 0) + 2 * TableBlock.rowPadding
        let cells = rows.map { row in
            zip(zip(row.cells, columns), widths).map { cell, cellWidth in
                style(row, styles).box(cell.0, width: cellWidth, maxLines: maxLines, alignment: cell.1.alignment)
            }
        }
        let rowHeights = zip(rows, cells).map { row, boxes in
            (boxes.map(\.height).max() ?? style(row, styles).lineHeight) + 2 * TableBlock.rowPadding
        }
        // Row indices of each side-by-side part.
        var partRows: [Range<Int>] = []
        var start = 0
        for rowsOfPart in parts {
            partRows.append(start..<start + rowsOfPart.count)
            start += rowsOfPart.count
        }
        let tallestPart = partRows.map { range in range.reduce(0.0) { $0 + rowHeights[$1] } }.max() ?? 0
        let captions = caption.map { styles.small.box($0, width: width, maxLines: 4) }
        var frame = Frame(width: width, height: headingHeight + header + tallestPart + captions.reduce(0.0) { $0 + 2 + $1.height })
        if let heading { frame.text(heading, styles.heading, x: 0, y: 0, width: width) }
        let top = headingHeight
        var bottom = top
        for (index, range) in partRows.enumerated() {
            let left = Double(index) * (part + TableBlock.columnGap)
            addHeader(to: &frame, titles: titles, x: left, y: top, width: part, height: header, widths: widths)
            var rowY = top + header
            for row in range {
                addRow(rows[row], cells: cells[row], to: &frame, styles: styles, x: left, y: rowY, width: part, widths: widths)
                rowY += rowHeights[row]
            }
            bottom = max(bottom, rowY)
        }
        for box in captions {
            bottom += 2
            frame.text(box, x: 0, y: bottom)
            bottom += box.height
        }
        return frame
    }

    /// The table cut into a first part at most `first` high and further parts at most `rest`
    /// high each, so a long table continues on the next pages; the heading stays with the
    /// first part and the caption with the last. Empty when not even one row fits in `first`.
    func split(first: Double, rest: Double, width: Double, styles: ReportStyles) -> [TableBlock] {
        var parts: [TableBlock] = []
        var remaining = rows[...]
        var limit = first
        while !remaining.isEmpty {
            var taken = 0
            var low = 1
            var high = remaining.count
            // The most rows whose part fits in `limit` (heights grow with rows, so bisect).
            while low <= high {
                let middle = (low + high) / 2
                if part(Array(remaining.prefix(middle)), isFirst: parts.isEmpty, isLast: middle == remaining.count)
                    .laidOut(width: width, styles: styles).height <= limit
                {
                    taken = middle
                    low = middle + 1
                } else {
                    high = middle - 1
                }
            }
            if taken == 0 {
                // Not a single row fits: start the table on the next page, or (on an empty page) force one row.
                if parts.isEmpty && limit < rest { return [] }
                taken = 1
            }
            parts.append(part(Array(remaining.prefix(taken)), isFirst: parts.isEmpty, isLast: taken == remaining.count))
            remaining = remaining.dropFirst(taken)
            limit = rest
        }
        return parts
    }

    private func part(_ rows: [Row], isFirst: Bool, isLast: Bool) -> TableBlock {
        TableBlock(
            heading: isFirst ? heading : nil, columns: columns, rows: rows, caption: isLast ? caption : [], maxLines: maxLines,
            rowsPerColumn: rowsPerColumn, template: template)
    }

    private func addHeader(to frame: inout Frame, titles: [TextBox], x: Double, y: Double, width: Double, height: Double, widths: [Double]) {
        frame.line(from: (x, y + height - 1), to: (x + width, y + height - 1), color: template.color("rule"), width: 0.5)
        var cellX = x + (hasMarkers ? TableBlock.markerWidth : 0)
        for (title, cellWidth) in zip(titles, widths) {
            frame.text(title, x: cellX + TableBlock.cellPadding, y: y + TableBlock.rowPadding)
            cellX += cellWidth + 2 * TableBlock.cellPadding
        }
    }

    private func addRow(
        _ row: Row, cells: [TextBox], to frame: inout Frame, styles: ReportStyles, x: Double, y: Double, width: Double, widths: [Double]
    ) {
        if row.ruleAbove { frame.line(from: (x, y), to: (x + width, y), color: template.color("rule"), width: 0.5) }
        if let marker = row.marker {
            frame.fill(.circle(x: x + 3.5, y: y + TableBlock.rowPadding + style(row, styles).lineHeight / 2, radius: 2.6), marker)
        }
        var cellX = x + (hasMarkers ? TableBlock.markerWidth : 0)
        for (cell, cellWidth) in zip(cells, widths) {
            frame.text(cell, x: cellX + TableBlock.cellPadding, y: y + TableBlock.rowPadding, color: row.color)
            cellX += cellWidth + 2 * TableBlock.cellPadding
        }
    }
}
