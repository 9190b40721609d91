import HealthAnalytics
import HealthCore

/// The home blood-pressure sheet clinics hand out: one row per measurement day with the
/// morning readings, the evening readings, the day's mean, whether the BP pill was recorded,
/// and the notes. A year of twice-daily readings fits in a few pages.
struct DailyLogTable: LogSheet {
    /// One measurement day.
    struct Day {
        let date: CivilDate
        var morning: [Reading] = []
        var evening: [Reading] = []
        /// Noon readings, listed with the notes.
        var noon: [Reading] = []
        var notes: [String] = []
        var weights: [Int] = []
        var pulses: [Int] = []
        var medicated = false
        var alert = false
        var home: [BloodPressure] = []
    }

    let request: ReportRequest
    let pagination: LogPagination
    private let days: [Day]
    private let rowHeights: [Double]
    private let headerHeight: Double

    /// Column shares of the content width.
    static let shares: [Double] = [0.14, 0.19, 0.19, 0.10, 0.07, 0.07, 0.24]

    init(request: ReportRequest, styles: ReportStyles, space: Double) {
        self.request = request
        days = DailyLogTable.group(request)
        let width = request.template.contentWidth
        let titles = DailyLogTable.titles(request.strings)
        let tallest = zip(titles, DailyLogTable.shares).map { styles.smallBold.wrappedHeight($0, width: width * $1 - 4, maxLines: 3) }.max() ?? 0
        headerHeight = max(request.template.log.rowHeight, tallest + 4) + 1
        var heights: [Double] = []
        heights.reserveCapacity(days.count)
        let base = request.template.log.rowHeight
        let maxLines = request.template.log.noteMaxLines
        let rowRequest = request
        for day in days {
            let cells = DailyLogTable.cells(day, request: rowRequest)
            let tallest = zip(cells, DailyLogTable.shares).map { styles.body.wrappedHeight($0, width: width * $1 - 4, maxLines: maxLines) }.max() ?? 0
            heights.append(tallest <= styles.body.lineHeight ? base : tallest + (base - styles.body.lineHeight))
        }
        rowHeights = heights
        pagination = LogPagination(
            rowHeights: heights, headerHeight: headerHeight, summaryHeight: 4 + base, firstPageSpace: space, pageSpace: space)
    }

    var legend: String { request.strings.text("legendDaily") }

    func dates(on page: LogPagination.Page) -> [CivilDate] { page.rows.map { days[$0].date } }

    static func titles(_ strings: StringTable) -> [String] {
        ["colDate", "colMorning", "colEvening", "colDayMean", "colPulse", "colMedication", "colNote"].map { strings.text($0) }
    }

    /// The readings grouped by measurement day, in order.
    static func group(_ request: ReportRequest) -> [Day] {
        var days: [Day] = []
        var index: [Int: Int] = [:]
        let alerts = request.summary.alertIDs
        for reading in request.summary.readings {
            let number = reading.takenAt.measurementDayNumber
            let slot: Int
            if let found = index[number] {
                slot = found
            } else {
                slot = days.count
                index[number] = slot
                days.append(Day(date: CivilDate(dayNumber: number)))
            }
            if reading.bloodPressure != nil {
                switch reading.period {
                case .morning: days[slot].morning.append(reading)
                case .evening: days[slot].evening.append(reading)
                case .noon: days[slot].noon.append(reading)
                }
                if reading.isHome { days[slot].home.append(reading.bloodPressure!) }
            }
            if let pulse = reading.pulse { days[slot].pulses.append(pulse) }
            if let grams = reading.weightGrams { days[slot].weights.append(grams) }
            if !reading.note.isEmpty { days[slot].notes.append(reading.note) }
            if reading.tagIDs.contains(medicationTagID) { days[slot].medicated = true }
            if alerts.contains(reading.id) { days[slot].alert = true }
        }
        return days.sorted { $0.date < $1.date }
    }

    /// `142/88† 138/86 (office)`.
    static func values(_ readings: [Reading], request: ReportRequest) -> String {
        readings.map { reading in
            var text = reading.bloodPressure!.description
            if reading.tagIDs.contains(where: request.isDeviation) { text += "†" }
            if reading.site == .office { text += " (\(request.strings.text("officeMark")))" }
            return text
        }.joined(separator: "  ")
    }

    static func cells(_ day: Day, request: ReportRequest) -> [String] {
        let strings = request.strings
        let mean = PressureMean(day.home).map(SummaryWording.pressure)
        let pulse = day.pulses.isEmpty ? "" : String(Int((Double(day.pulses.reduce(0, +)) / Double(day.pulses.count)).rounded()))
        var notes: [String] = []
        if !day.noon.isEmpty { notes.append("\(strings.text("colNoon")) \(values(day.noon, request: request))") }
        if let grams = day.weights.last { notes.append("\(Figures.oneDecimal(Double(grams) / 1000)) kg") }
        notes += day.notes
        return [
            strings.shortDate(day.date, withYear: request.datesNeedYear), values(day.morning, request: request),
            values(day.evening, request: request), mean ?? "", pulse, day.medicated ? "✓" : "—",
            notes.joined(separator: strings.language == .chinese ? "；" : "; "),
        ]
    }

    func draw(page: LogPagination.Page, context: GraphicsContext, styles: ReportStyles, top: Double) {
        let template = request.template
        let left = template.page.margin.left
        let width = template.contentWidth
        let widths = DailyLogTable.shares.map { width * $0 }
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
        let target = request.summary.target
        let maxLines = template.log.noteMaxLines
        for index in page.rows {
            let day = days[index]
            let height = rowHeights[index]
            if let fill = template.rowFill(alert: day.alert, shaded: index % 2 == 1) {
                context.fillRectangle(x: left, y: y, width: width, height: height, color: fill)
            }
            let cells = DailyLogTable.cells(day, request: request)
            let bold = [
                false, day.morning.contains { $0.bloodPressure!.isAtOrAbove(target) }, day.evening.contains { $0.bloodPressure!.isAtOrAbove(target) },
                PressureMean(day.home)?.isAtOrAbove(target) ?? false, false, false, false,
            ]
            let textY = y + (template.log.rowHeight - styles.body.lineHeight) / 2
            for (column, cell) in cells.enumerated() where !cell.isEmpty {
                let style = column == 0 || bold[column] ? styles.bodyBold : styles.body
                context.clipped(x: xs[column], y: y, width: widths[column], height: height) {
                    style.drawWrapped(cell, x: xs[column] + 2, y: textY, width: widths[column] - 4, maxLines: maxLines, alignment: column == 0 || column == 6 ? .left : .center)
                }
            }
            context.line(from: (left, y + height), to: (left + width, y + height), color: template.color("rule"), width: 0.3)
            y += height
        }
        context.line(from: (left, y), to: (left + width, y), color: template.color("accent"), width: 0.6)
        if page.hasSummary {
            let overall = request.summary.overall
            let textY = y + 4 + (template.log.rowHeight - styles.body.lineHeight) / 2
            styles.bodyBold.draw(request.strings.text("mean"), x: xs[0] + 2, y: textY, width: widths[0] - 4)
            let morning = request.summary.periods[.morning]!
            let evening = request.summary.periods[.evening]!
            for (column, group) in [(1, morning), (2, evening), (3, overall)] {
                guard let systolic = group.systolic.mean, let diastolic = group.diastolic.mean else { continue }
                styles.bodyBold.draw(
                    "\(Figures.whole(systolic))/\(Figures.whole(diastolic))", x: xs[column] + 2, y: textY, width: widths[column] - 4, alignment: .center)
            }
        }
    }
}

