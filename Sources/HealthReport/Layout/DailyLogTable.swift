import HealthAnalytics
import HealthCore
import HealthPresentation
import HealthPresentation

/// The home blood-pressure sheet clinics hand out: one row per measurement day with the
/// morning readings, the evening readings, the day's mean, whether the BP pill was recorded,
/// and the notes (with the noon and night readings, named by their slot). A year of
/// twice-daily readings fits in a few pages.
struct DailyLogTable: LogSheet {
    /// One measurement day: its readings are `order[start..<end]`, indices into the summary's
    /// readings. Days hold no copies, so a long log stays compact.
    struct Day {
        let date: CivilDate
        let start: Int32
        let end: Int32
    }

    /// What one day's row says, made when it is measured or drawn.
    struct Cells {
        let texts: [String]
        let bold: [Bool]
        let alert: Bool
    }

    let request: ReportRequest
    let pagination: LogPagination
    private let days: [Day]
    /// Reading indices ordered by measurement day (then time).
    private let order: [Int32]
    private let rowHeights: [Double]
    private let headerHeight: Double

    /// Column shares of the content width; the date column widens to its longest date (a
    /// Chinese date with its year) and the notes give the room.
    static let defaultShares: [Double] = [0.14, 0.19, 0.19, 0.10, 0.07, 0.07, 0.24]
    let shares: [Double]

    init(request: ReportRequest, styles: ReportStyles, space: Double) {
        self.request = request
        let readings = request.summary.readings
        // Time order is measurement-day order except across UTC-offset changes: a stable sort by day.
        let order = ReadingLogTable.rowOrder(readings)
        var days: [Day] = []
        var start = 0
        while start < order.count {
            let number = readings[Int(order[start])].takenAt.measurementDayNumber
            var end = start + 1
            while end < order.count && readings[Int(order[end])].takenAt.measurementDayNumber == number { end += 1 }
            days.append(Day(date: CivilDate(dayNumber: number), start: Int32(start), end: Int32(end)))
            start = end
        }
        self.order = order
        self.days = days
        let width = request.template.contentWidth
        // A wide date of the language: two-digit month and day, with the year when the range needs it.
        let longest = request.strings.shortDate(CivilDate(year: 2026, month: 12, day: 23)!, withYear: request.datesNeedYear)
        let dateShare = min(0.24, max(DailyLogTable.defaultShares[0], (styles.bodyBold.width(of: longest) + 8) / width))
        var shares = DailyLogTable.defaultShares
        shares[6] -= dateShare - shares[0]
        shares[0] = dateShare
        self.shares = shares
        let titles = DailyLogTable.titles(request.strings)
        let tallest = zip(titles, shares).map { styles.smallBold.wrappedHeight($0, width: width * $1 - 4, maxLines: 3) }.max() ?? 0
        headerHeight = max(request.template.log.rowHeight, tallest + 4) + 1
        var heights: [Double] = []
        heights.reserveCapacity(days.count)
        let base = request.template.log.rowHeight
        let maxLines = request.template.log.noteMaxLines
        for day in days {
            let cells = DailyLogTable.cells(day, order: order, request: request)
            let tallest = zip(cells.texts, shares).map { styles.body.wrappedHeight($0, width: width * $1 - 4, maxLines: maxLines) }.max() ?? 0
            heights.append(tallest <= styles.body.lineHeight ? base : tallest + (base - styles.body.lineHeight))
        }
        rowHeights = heights
        pagination = LogPagination(
            rowHeights: heights, headerHeight: headerHeight, summaryHeight: 4 + 3 * base, firstPageSpace: space, pageSpace: space)
    }

    var legend: String { request.strings.text("legendDaily") }

    func dates(on page: LogPagination.Page) -> [CivilDate] { page.rows.map { days[$0].date } }

    static func titles(_ strings: StringTable) -> [String] {
        ["colDate", "colMorning", "colEvening", "colDayMean", "colPulse", "colMedication", "colNote"].map { strings.text($0) }
    }

    /// `142/88† 138/86 (office)`.
    static func values(_ readings: [(reading: Reading, facts: ReadingFacts)], request: ReportRequest) -> String {
        readings.map { reading, facts in
            var text = reading.bloodPressure!.description
            if facts.isDeviation { text += "†" }
            if facts.isOffice { text += " (\(request.strings.text("officeMark")))" }
            return text
        }.joined(separator: "  ")
    }

    /// The row of `day`: date, morning, evening, day mean, pulse, medication, notes (with the
    /// noon and night readings and the weight). Each reading goes to the column of its slot.
    static func cells(_ day: Day, order: [Int32], request: ReportRequest) -> Cells {
        let strings = request.strings
        let all = request.summary.readings
        let target = request.summary.target
        let readings = order[Int(day.start)..<Int(day.end)].map { all[Int($0)] }
        let pressures = readings.filter { $0.bloodPressure != nil }.map { (reading: $0, facts: request.facts($0)) }
        let inSlot = { (slot: ReadingSlot) in pressures.filter { $0.facts.slot == slot } }
        let (morning, evening) = (inSlot(.morning), inSlot(.evening))
        let home = request.summary.dailyMean(on: day.date)
        let pulse = request.summary.dailyPulse(on: day.date).map(Figures.whole) ?? ""
        var notes: [String] = []
        for (slot, key) in [(ReadingSlot.noon, "colNoon"), (.night, "colNight")] where !inSlot(slot).isEmpty {
            notes.append("\(strings.text(key)) \(values(inSlot(slot), request: request))")
        }
        if let grams = readings.last(where: { $0.weightGrams != nil })?.weightGrams { notes.append("\(Figures.oneDecimal(Double(grams) / 1000)) kg") }
        notes += readings.map(\.note).filter { !$0.isEmpty }
        let medicated = readings.contains(where: \.recordsMedication)
        let texts = [
            strings.shortDate(day.date, withYear: request.datesNeedYear), values(morning, request: request),
            values(evening, request: request), home.map(SummaryWording.pressure) ?? "", pulse, medicated ? "✓" : "—",
            notes.joined(separator: strings.text("clauseSeparator")),
        ]
        let bold = [
            true, morning.contains { $0.facts.atOrAboveTarget }, evening.contains { $0.facts.atOrAboveTarget },
            home?.isAtOrAbove(target) ?? false, false, false, false,
        ]
        return Cells(texts: texts, bold: bold, alert: pressures.contains { $0.facts.isAlert })
    }

    func draw(page: LogPagination.Page, context: GraphicsContext, styles: ReportStyles, top: Double) {
        let template = request.template
        let left = template.page.margin.left
        let width = template.contentWidth
        let widths = shares.map { width * $0 }
        var xs: [Double] = []
        var x = left
        for cellWidth in widths {
            xs.append(x)
            x += cellWidth
        }
        context.fillRectangle(x: left, y: top, width: width, height: headerHeight - 1, color: template.color("accent").lightened(0.87))
        for (title, (cellX, cellWidth)) in zip(DailyLogTable.titles(request.strings), zip(xs, widths)) {
            let height = styles.smallBold.wrappedHeight(title, width: cellWidth - 4, maxLines: 3)
            styles.smallBold.drawWrapped(title, x: cellX + 2, y: top + (headerHeight - 1 - height) / 2, width: cellWidth - 4, maxLines: 3)
        }
        var y = top + headerHeight
        let maxLines = template.log.noteMaxLines
        for index in page.rows {
            let height = rowHeights[index]
            let cells = DailyLogTable.cells(days[index], order: order, request: request)
            if let fill = template.rowFill(alert: cells.alert, shaded: index % 2 == 1) {
                context.fillRectangle(x: left, y: y, width: width, height: height, color: fill)
            }
            let textY = y + (template.log.rowHeight - styles.body.lineHeight) / 2
            for (column, cell) in cells.texts.enumerated() where !cell.isEmpty {
                let style = cells.bold[column] ? styles.bodyBold : styles.body
                let alignment: TextStyle.Alignment = column == 0 || column == 6 ? .left : .center
                if height <= template.log.rowHeight + 0.01 {
                    style.draw(cell, x: xs[column] + 2, y: textY, width: widths[column] - 4, alignment: alignment)
                } else {
                    context.clipped(x: xs[column], y: y, width: widths[column], height: height) {
                        style.drawWrapped(cell, x: xs[column] + 2, y: textY, width: widths[column] - 4, maxLines: maxLines, alignment: alignment)
                    }
                }
            }
            context.line(from: (left, y + height), to: (left + width, y + height), color: template.color("rule"), width: 0.3)
            y += height
        }
        context.line(from: (left, y), to: (left + width, y), color: template.color("accent"), width: 0.6)
        if page.hasSummary {
            // Mean, then the readings with the highest and the lowest systolic, per slot.
            let summary = request.summary
            let pressureOf = { (extreme: Extreme?) -> String? in
                guard let extreme else { return nil }
                return summary.homeReadings.first { $0.takenAt == extreme.takenAt && $0.id == extreme.id }?.bloodPressure?.description
            }
            let groups = [(1, summary.slots[.morning]!), (2, summary.slots[.evening]!), (3, summary.overall)]
            let rows: [(String, (GroupStatistics) -> String?)] = [
                (request.strings.text("mean"), { group in
                    group.systolic.mean.map { "\(Figures.whole($0))/\(Figures.whole(group.diastolic.mean!))" }
                }),
                (request.strings.text("maximum"), { pressureOf($0.systolic.max) }),
                (request.strings.text("minimum"), { pressureOf($0.systolic.min) }),
            ]
            var rowY = y + 4
            for (label, value) in rows {
                let textY = rowY + (template.log.rowHeight - styles.body.lineHeight) / 2
                styles.bodyBold.draw(label, x: xs[0] + 2, y: textY, width: widths[0] - 4)
                for (column, group) in groups {
                    guard let text = value(group) else { continue }
                    styles.bodyBold.draw(text, x: xs[column] + 2, y: textY, width: widths[column] - 4, alignment: .center)
                }
                rowY += template.log.rowHeight
            }
        }
    }
}

