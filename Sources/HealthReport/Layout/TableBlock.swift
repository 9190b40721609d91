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

    func headerHeight(width: Double, styles: ReportStyles) -> Double {
        headerHeight(widths: cellWidths(partWidth(width), styles: styles), styles: styles)
    }

    private func headerHeight(widths: [Double], styles: ReportStyles) -> Double {
        let tallest = zip(columns, widths).map { styles.smallBold.wrappedHeight($0.title, width: $1, maxLines: 3) }.max() ?? 0
        return tallest + 2 * TableBlock.rowPadding
    }

    private func rowHeight(_ row: Row, widths: [Double], styles: ReportStyles) -> Double {
        let style = style(row, styles)
        let tallest = zip(row.cells, widths).map { style.wrappedHeight($0, width: $1, maxLines: maxLines) }.max() ?? style.lineHeight
        return tallest + 2 * TableBlock.rowPadding
    }

    func height(width: Double, styles: ReportStyles) -> Double {
        var total = heading == nil ? 0 : styles.headingHeight
        let widths = cellWidths(partWidth(width), styles: styles)
        let tallestPart = parts.map { part in part.reduce(0) { $0 + rowHeight($1, widths: widths, styles: styles) } }.max() ?? 0
        total += headerHeight(widths: widths, styles: styles) + tallestPart
        for line in caption { total += 2 + styles.small.wrappedHeight(line, width: width, maxLines: 4) }
        return total
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
                    .height(width: width, styles: styles) <= limit
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

    func draw(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double) {
        var top = y
        if let heading {
            styles.heading.draw(heading, x: x, y: top, width: width)
            top += styles.headingHeight
        }
        let part = partWidth(width)
        let widths = cellWidths(part, styles: styles)
        let header = headerHeight(widths: widths, styles: styles)
        var bottom = top
        for (index, rows) in parts.enumerated() {
            let left = x + Double(index) * (part + TableBlock.columnGap)
            var rowY = drawHeader(context: context, styles: styles, x: left, y: top, width: part, height: header, widths: widths)
            for row in rows {
                let height = rowHeight(row, widths: widths, styles: styles)
                drawRow(row, context: context, styles: styles, x: left, y: rowY, width: part, widths: widths)
                rowY += height
            }
            bottom = max(bottom, rowY)
        }
        for line in caption {
            bottom += 2
            styles.small.drawWrapped(line, x: x, y: bottom, width: width, maxLines: 4)
            bottom += styles.small.wrappedHeight(line, width: width, maxLines: 4)
        }
    }

    private func drawHeader(
        context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double, height: Double, widths: [Double]
    ) -> Double {
        context.line(from: (x, y + height - 1), to: (x + width, y + height - 1), color: template.color("rule"), width: 0.5)
        var cellX = x + (hasMarkers ? TableBlock.markerWidth : 0)
        for (column, cellWidth) in zip(columns, widths) {
            styles.smallBold.drawWrapped(
                column.title, x: cellX + TableBlock.cellPadding, y: y + TableBlock.rowPadding, width: cellWidth, maxLines: 3,
                alignment: column.alignment)
            cellX += cellWidth + 2 * TableBlock.cellPadding
        }
        return y + height
    }

    private func drawRow(_ row: Row, context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double, widths: [Double]) {
        if row.ruleAbove { context.line(from: (x, y), to: (x + width, y), color: template.color("rule"), width: 0.5) }
        let style = style(row, styles)
        if let marker = row.marker {
            context.fillCircle(x: x + 3.5, y: y + TableBlock.rowPadding + style.lineHeight / 2, radius: 2.6, color: marker)
        }
        var cellX = x + (hasMarkers ? TableBlock.markerWidth : 0)
        for ((text, column), cellWidth) in zip(zip(row.cells, columns), widths) {
            style.drawWrapped(
                text, x: cellX + TableBlock.cellPadding, y: y + TableBlock.rowPadding, width: cellWidth, maxLines: maxLines,
                alignment: column.alignment, color: row.color)
            cellX += cellWidth + 2 * TableBlock.cellPadding
        }
    }
}
