import HealthAnalytics
import HealthCore
import HealthPresentation

/// The full log in the shape of a hospital blood-pressure record sheet (血压记录单), one row
/// per reading: rows grouped by measurement day, the date once per day, shading alternating by
/// day, values at or above target in bold, alert readings highlighted, office readings and
/// protocol deviations marked, tags and notes wrapped, and mean, maximum and minimum at the end.
struct ReadingLogTable: LogSheet, DrawnFromRequest {
    let request: ReportRequest
    let pagination: LogPagination
    /// Reading indices in row order: by measurement day, then time (a later instant in another
    /// UTC offset can belong to an earlier day).
    private let order: [Int32]
    /// Each row's height.
    private let rowHeights: [Double]
    /// Per row: true on every other measurement day.
    private let shaded: [Bool]
    private let headerHeight: Double
    /// Readings (indices into the summary's) whose wall-clock time another shows with another
    /// offset (the hour the clocks go back): their offset is printed under the time.
    private let sharedTimes: Set<Int>

    init(request: ReportRequest, styles: ReportStyles, space: Double) {
        self.request = request
        let template = request.template
        let order = ReadingLogTable.rowOrder(request.summary.readings)
        self.order = order
        let sharedTimes = ZonedInstant.sharedWallClockTimes(request.summary.readings.map(\.takenAt))
        self.sharedTimes = sharedTimes
        var shaded: [Bool] = []
        shaded.reserveCapacity(order.count)
        var last: Int?
        var odd = true
        for index in order {
            let day = request.summary.readings[Int(index)].takenAt.measurementDayNumber
            if day != last {
                odd.toggle()
                last = day
            }
            shaded.append(odd)
        }
        self.shaded = shaded
        headerHeight = ReadingLogTable.headerHeight(request: request, styles: styles)
        rowHeights = ReadingLogTable.rowHeights(request: request, order: order, sharedTimes: sharedTimes, styles: styles)
        pagination = LogPagination(
            rowHeights: rowHeights, headerHeight: headerHeight, summaryHeight: 4 + 3 * template.log.rowHeight,
            firstPageSpace: space, pageSpace: space)
    }

    private var columns: [ReportTemplate.LogColumn] { template.log.columns }

    var legend: String { strings.text(request.summary.goals.targetSource == .threshold ? "legendLogThreshold" : "legendLog") }

    /// Reading indices by measurement day, then local wall time (as the sheet shows it); the
    /// identity when time order already is that (one UTC offset).
    static func rowOrder(_ readings: [Reading]) -> [Int32] {
        var order = (0..<Int32(readings.count)).map { $0 }
        let key = { (reading: Reading) in (reading.takenAt.measurementDayNumber, reading.takenAt.localSeconds) }
        if zip(readings, readings.dropFirst()).contains(where: { key($0) > key($1) }) {
            order.sort { left, right in
                let (a, b) = (key(readings[Int(left)]), key(readings[Int(right)]))
                return (a.0, a.1, left) < (b.0, b.1, right)
            }
        }
        return order
    }

    func dates(on page: LogPagination.Page) -> [CivilDate] {
        var dates: [CivilDate] = []
        for index in page.rows {
            let day = summary.readings[Int(order[index])].measurementDay
            if dates.last != day { dates.append(day) }
        }
        return dates
    }

    /// The header's height: column titles wrap (Chinese titles carry their units).
    private static func headerHeight(request: ReportRequest, styles: ReportStyles) -> Double {
        let tallest = request.template.log.columns.map { column in
            styles.smallBold.wrappedHeight(request.strings.text(headerKey(column.key)), width: column.width - 4, maxLines: 3)
        }.max() ?? 0
        return max(request.template.log.rowHeight, tallest + 4) + 1
    }

    /// One line, or the tallest of the wrapped note and tags (at most noteMaxLines lines each)
    /// and a time with its offset under it.
    private static func rowHeights(request: ReportRequest, order: [Int32], sharedTimes: Set<Int>, styles: ReportStyles) -> [Double] {
        let template = request.template
        let base = template.log.rowHeight
        let noteWidth = template.log.columns.first { $0.key == .note }.map { $0.width - 4 }
        let tagWidth = template.log.columns.first { $0.key == .tags }.map { $0.width - 4 }
        let timeWidth = template.log.columns.first { $0.key == .time }.map { $0.width - 4 }
        var labels: [[String]: String] = [:]
        let readings = request.summary.readings
        return order.map { index in
            let reading = readings[Int(index)]
            var tallest = 0.0
            // A time with its offset, or with its calendar day after midnight, may take more lines.
            let offset = sharedTimes.contains(Int(index))
            if let timeWidth, offset || reading.takenAt.isAfterMidnight {
                tallest = styles.body.wrappedHeight(timeText(reading, offset: offset, request: request), width: timeWidth, maxLines: 3)
            }
            if let noteWidth, !reading.note.isEmpty {
                tallest = max(tallest, styles.body.wrappedHeight(reading.note, width: noteWidth, maxLines: template.log.noteMaxLines))
            }
            if let tagWidth, !reading.tagIDs.isEmpty {
                let text = labels[reading.tagIDs] ?? tagText(reading.tagIDs, request: request)
                labels[reading.tagIDs] = text
                tallest = max(tallest, styles.body.wrappedHeight(text, width: tagWidth, maxLines: template.log.noteMaxLines))
            }
            return tallest <= styles.body.lineHeight ? base : tallest + (base - styles.body.lineHeight)
        }
    }

    /// The time cell: `07:45`, with † after a protocol deviation, and the offset on a line of
    /// its own when another reading shows the same wall-clock time.
    static func timeText(_ reading: Reading, offset: Bool, request: ReportRequest) -> String {
        let deviation = request.facts(reading).isDeviation
        return request.strings.timeAsTaken(reading.takenAt) + (deviation ? "†" : "") + (offset ? "\n" + reading.takenAt.shortOffsetText : "")
    }

    /// Tag labels joined as the language lists them.
    static func tagText(_ ids: [String], request: ReportRequest) -> String {
        request.strings.list(ids.map { request.tagAppearance($0).label })
    }

    func draw(page: LogPagination.Page, context: GraphicsContext, styles: ReportStyles, top: Double) {
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
            let reading = readings[Int(order[index])]
            let height = rowHeights[index]
            let day = reading.takenAt.measurementDayNumber
            let firstOfDay = day != lastDay
            if firstOfDay && lastDay != nil {
                context.line(from: (left, y), to: (left + width, y), color: template.color("rule"), width: 0.4)
            }
            lastDay = day
            if let fill = template.rowFill(alert: request.facts(reading).isAlert, shaded: shaded[index]) {
                context.fillRectangle(x: left, y: y, width: width, height: height, color: fill)
            }
            for (column, cellX) in zip(columns, xs) {
                drawCell(
                    column, reading: reading, showDate: firstOfDay, showOffset: sharedTimes.contains(Int(order[index])), x: cellX, y: y,
                    height: height, styles: styles, context: context)
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
            let label = strings.text(ReadingLogTable.headerKey(column.key))
            let height = styles.smallBold.wrappedHeight(label, width: column.width - 4, maxLines: 3)
            styles.smallBold.drawWrapped(
                label, x: x + 2, y: y + (headerHeight - 1 - height) / 2, width: column.width - 4, maxLines: 3,
                alignment: ReadingLogTable.alignment(column.key))
        }
    }

    private func drawCell(
        _ column: ReportTemplate.LogColumn, reading: Reading, showDate: Bool, showOffset: Bool, x: Double, y: Double, height: Double,
        styles: ReportStyles, context: GraphicsContext
    ) {
        let textY = y + (template.log.rowHeight - styles.body.lineHeight) / 2
        let width = column.width - 4
        let facts = request.facts(reading)
        switch column.key {
        case .date:
            if showDate {
                styles.bodyBold.draw(strings.shortDate(reading.measurementDay, withYear: request.datesNeedYear), x: x + 2, y: textY, width: width)
            }
        case .period:
            if facts.isOffice {
                styles.bodyBold.draw(strings.text("officeMark"), x: x + 2, y: textY, width: width, color: template.color("accent"))
            } else {
                styles.body.draw(facts.slot.label(in: strings), x: x + 2, y: textY, width: width)
            }
        case .time:
            let text = ReadingLogTable.timeText(reading, offset: showOffset, request: request)
            if showOffset || reading.takenAt.isAfterMidnight {
                styles.body.drawWrapped(text, x: x + 2, y: textY, width: width, maxLines: 3, alignment: .center)
            } else {
                styles.body.draw(text, x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .systolic:
            if let pressure = reading.bloodPressure {
                (facts.reachesTarget.systolic ? styles.bodyBold : styles.body)
                    .draw(String(pressure.systolic), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .diastolic:
            if let pressure = reading.bloodPressure {
                (facts.reachesTarget.diastolic ? styles.bodyBold : styles.body)
                    .draw(String(pressure.diastolic), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .pulse:
            if let value = reading.pulse { styles.body.draw(String(value), x: x + 2, y: textY, width: width, alignment: .center) }
        case .weight:
            if let grams = reading.weightGrams {
                styles.body.draw(Figures.oneDecimal(Double(grams) / 1000), x: x + 2, y: textY, width: width, alignment: .center)
            }
        case .tags:
            guard !reading.tagIDs.isEmpty else { return }
            drawWrapped(ReadingLogTable.tagText(reading.tagIDs, request: request), column: column, x: x, y: y, textY: textY, height: height, styles: styles, context: context)
        case .note:
            guard !reading.note.isEmpty else { return }
            drawWrapped(reading.note, column: column, x: x, y: y, textY: textY, height: height, styles: styles, context: context)
        }
    }

    private func drawWrapped(
        _ text: String, column: ReportTemplate.LogColumn, x: Double, y: Double, textY: Double, height: Double, styles: ReportStyles,
        context: GraphicsContext
    ) {
        context.clipped(x: x, y: y, width: column.width, height: height) {
            styles.body.drawWrapped(text, x: x + 2, y: textY, width: column.width - 4, maxLines: template.log.noteMaxLines)
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
        // Weight's mean, highest and lowest, for the kg column.
        let weightCells = summary.weight.map { [$0.mean, $0.highest, $0.lowest].map(Figures.oneDecimal) } ?? ["—", "—", "—"]
        var rowY = y
        let labelWidth = columns.prefix { ![.systolic, .diastolic, .pulse, .weight].contains($0.key) }.reduce(0) { $0 + $1.width }
        for (rowIndex, (label, value)) in rows.enumerated() {
            let textY = rowY + (template.log.rowHeight - styles.body.lineHeight) / 2
            styles.bodyBold.draw(label, x: xs[0] + 2, y: textY, width: max(labelWidth - 6, 20), alignment: .right)
            for (column, x) in zip(columns, xs) {
                let text: String
                if column.key == .weight {
                    text = weightCells[rowIndex]
                } else if let statistics = measures[column.key] {
                    text = value(statistics)
                } else {
                    continue
                }
                styles.bodyBold.draw(text, x: x + 2, y: textY, width: column.width - 4, alignment: .center)
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
