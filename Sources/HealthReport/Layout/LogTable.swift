import HealthAnalytics
import HealthCore

/// The full log in the shape of a hospital blood-pressure record sheet (血压记录单):
/// rows grouped by day, the date once per day, shading alternating by day, values at or
/// above target in bold, alert readings highlighted, and mean, maximum and minimum at the end.
struct LogTable {
    let request: ReportRequest
    /// Per reading: true on every other local day, for alternate shading by day.
    private let shaded: [Bool]

    init(request: ReportRequest) {
        self.request = request
        var shaded: [Bool] = []
        shaded.reserveCapacity(request.summary.readings.count)
        var last: Int?
        var odd = true
        for reading in request.summary.readings {
            let day = reading.takenAt.localDayNumber
            if day != last {
                odd.toggle()
                last = day
            }
            shaded.append(odd)
        }
        self.shaded = shaded
    }

    private var summary: BPSummary { request.summary }
    private var template: ReportTemplate { request.template }
    private var strings: StringTable { request.strings }
    private var columns: [ReportTemplate.LogColumn] { template.log.columns }

    /// The header row's height.
    var headerHeight: Double { template.log.rowHeight + 5 }

    /// The three summary rows' height (with a gap above them).
    var summaryHeight: Double { 4 + 3 * template.log.rowHeight }

    /// Each reading's row height: one line, or the note's wrapped height (at most noteMaxLines lines).
    func rowHeights(styles: ReportStyles) -> [Double] {
        let base = template.log.rowHeight
        guard let noteColumn = columns.first(where: { $0.key == .note }) else {
            return Array(repeating: base, count: summary.readings.count)
        }
        return summary.readings.map { reading in
            guard !reading.note.isEmpty else { return base }
            let height = styles.body.wrappedHeight(reading.note, width: noteColumn.width - 4, maxLines: template.log.noteMaxLines)
            return max(base, height + (base - styles.body.lineHeight))
        }
    }

    /// Draws one page of the table from `top`; returns nothing, the pagination said it fits.
    func draw(page: LogPagination.Page, rowHeights: [Double], context: GraphicsContext, styles: ReportStyles, top: Double) {
        let left = template.page.margin.left
        let width = columns.reduce(0) { $0 + $1.width }
        var xs: [Double] = []
        var x = left
        for column in columns {
            xs.append(x)
            x += column.width
        }
        drawHeader(context: context, styles: styles, xs: xs, y: top, width: width)
        var y = top + headerHeight
        let readings = summary.readings
        var lastDay: Int?
        for index in page.rows {
            let reading = readings[index]
            let height = rowHeights[index]
            let day = reading.takenAt.localDayNumber
            let firstOfDay = day != lastDay
            if firstOfDay && lastDay != nil {
                context.line(from: (left, y), to: (left + width, y), color: template.color("rule"), width: 0.4)
            }
            lastDay = day
            if summary.alertIDs.contains(reading.id) {
                context.fillRectangle(x: left, y: y, width: width, height: height, color: template.color("alertRow"))
            } else if shaded[index] {
                context.fillRectangle(x: left, y: y, width: width, height: height, color: template.color("dayShade"))
            }
            for (column, cellX) in zip(columns, xs) {
                drawCell(column, reading: reading, showDate: firstOfDay, x: cellX, y: y, height: height, styles: styles, context: context)
            }
            y += height
        }
        context.line(from: (left, y), to: (left + width, y), color: template.color("accent"), width: 0.6)
        if page.hasSummary {
            drawSummaryRows(context: context, styles: styles, xs: xs, y: y + 4)
        }
    }

    private func drawHeader(context: GraphicsContext, styles: ReportStyles, xs: [Double], y: Double, width: Double) {
        context.fillRectangle(x: xs[0], y: y, width: width, height: headerHeight - 1, color: template.color("accent").lightened(0.87))
        for (column, x) in zip(columns, xs) {
            let label = strings.text(LogTable.headerKey(column.key))
            styles.smallBold.draw(label, x: x + 2, y: y + (headerHeight - styles.smallBold.lineHeight) / 2, width: column.width - 4, alignment: LogTable.alignment(column.key))
        }
    }

    private func drawCell(
        _ column: ReportTemplate.LogColumn, reading: Reading, showDate: Bool, x: Double, y: Double, height: Double,
        styles: ReportStyles, context: GraphicsContext
    ) {
        let textY = y + (template.log.rowHeight - styles.body.lineHeight) / 2
        let width = column.width - 4
        let target = summary.target
        switch column.key {
        case .date:
            if showDate { styles.bodyBold.draw(strings.shortDate(reading.takenAt.localDate), x: x + 2, y: textY, width: width) }
        case .period:
            styles.body.draw(strings.text(reading.period.rawValue), x: x + 2, y: textY, width: width)
        case .time:
            styles.body.draw(reading.takenAt.localTimeText, x: x + 2, y: textY, width: width, alignment: .center)
        case .systolic:
            if let pressure = reading.bloodPressure {
                (pressure.reach(of: target).systolic ? styles.bodyBold : styles.body)
                    .draw(String(pressure.systolic), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .diastolic:
            if let pressure = reading.bloodPressure {
                (pressure.reach(of: target).diastolic ? styles.bodyBold : styles.body)
                    .draw(String(pressure.diastolic), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .pulse:
            if let value = reading.pulse { styles.body.draw(String(value), x: x + 2, y: textY, width: width, alignment: .center) }
        case .weight:
            if let grams = reading.weightGrams {
                styles.body.draw(Figures.oneDecimal(Double(grams) / 1000), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .tags:
            let labels = reading.tagIDs.map { request.tagAppearance($0).label }
            styles.body.draw(labels.joined(separator: ", "), x: x + 2, y: textY, width: width)
        case .note:
            guard !reading.note.isEmpty else { return }
            if height <= template.log.rowHeight + 0.01 {
                styles.body.draw(reading.note, x: x + 2, y: textY, width: width)
            } else {
                context.clipped(x: x, y: y, width: column.width, height: height) {
                    styles.body.drawWrapped(reading.note, x: x + 2, y: textY, width: width, maxLines: template.log.noteMaxLines)
                }
            }
        }
    }

    private func drawSummaryRows(context: GraphicsContext, styles: ReportStyles, xs: [Double], y: Double) {
        let overall = summary.overall
        let rows: [(String, (MeasureStatistics) -> String)] = [
            (strings.text("mean"), { $0.mean.map(Figures.oneDecimal) ?? "—" }),
            (strings.text("maximum"), { $0.max.map { String($0.value) } ?? "—" }),
            (strings.text("minimum"), { $0.min.map { String($0.value) } ?? "—" }),
        ]
        let measures: [ReportTemplate.LogColumnKey: MeasureStatistics] = [
            .systolic: overall.systolic, .diastolic: overall.diastolic, .pulse: overall.pulse,
        ]
        var rowY = y
        let labelWidth = columns.prefix { ![.systolic, .diastolic, .pulse].contains($0.key) }.reduce(0) { $0 + $1.width }
        for (label, value) in rows {
            let textY = rowY + (template.log.rowHeight - styles.body.lineHeight) / 2
            styles.bodyBold.draw(label, x: xs[0] + 2, y: textY, width: max(labelWidth - 6, 20), alignment: .right)
            for (column, x) in zip(columns, xs) {
                guard let statistics = measures[column.key] else { continue }
                styles.bodyBold.draw(value(statistics), x: x + 2, y: textY, width: column.width - 4, alignment: .center)
            }
            rowY += template.log.rowHeight
        }
    }

    static func headerKey(_ key: ReportTemplate.LogColumnKey) -> String {
        switch key {
        case .date: "colDate"
        case .period: "colPeriod"
        case .time: "colTime"
        case .systolic: "colSystolic"
        case .diastolic: "colDiastolic"
        case .pulse: "colPulse"
        case .weight: "colWeight"
        case .tags: "colTags"
        case .note: "colNote"
        }
    }

    static func alignment(_ key: ReportTemplate.LogColumnKey) -> TextStyle.Alignment {
        switch key {
        case .date, .period, .tags, .note: .left
        default: .center
        }
    }
}
