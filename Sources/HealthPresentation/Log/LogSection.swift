import HealthAnalytics
import HealthCore

/// The full log at the end of the report, in both of its forms: one row per reading, in the
/// shape of a hospital blood-pressure record sheet (血压记录单), and one row per measurement day,
/// the home sheet clinics hand out. Every cell is said here, with what makes it bold or shaded;
/// the rows are made when asked for, so a log of years is never held twice.
public struct LogSection: Sendable {
    /// "Log" and "Log (continued)".
    public let heading: String
    public let continuedHeading: String
    /// The line beside the heading that explains bold, shading and marks.
    public let readingsLegend: String
    public let dailyLegend: String
    /// How many readings (rows of the readings layout) the log has.
    public var readingCount: Int { order.count }
    /// The closing rows under the readings: mean, maximum and minimum.
    public let readingSummary: [ReadingSummaryRow]

    /// The closing rows under the days: the mean, then the readings with the highest and the
    /// lowest systolic, of the morning, the evening and all.
    public let dailySummary: [DailySummaryRow]
    /// The daily sheet's column titles: date, morning, evening, day mean, pulse, medication, notes.
    public let dailyTitles: [String]
    /// The widest date the daily sheet writes (two-digit month and day, with the year when the
    /// range needs it), for its date column.
    public let widestDate: String
    private let strings: StringTable
    private let document: SummaryDocument
    /// Reading indices by measurement day, then wall time: the order of both layouts' rows.
    private let order: [Int32]

    /// One row per reading, by measurement day, then wall time (made when asked for: only the
    /// layout a report draws is prepared).
    public func readingRows() -> ReadingRows { ReadingRows(document: document, order: order) }

    /// One row per measurement day.
    public func dayRows() -> DailyRows { DailyRows(document: document, order: order) }

    init(_ document: SummaryDocument) {
        let (summary, strings) = (document.summary, document.strings)
        self.strings = strings
        heading = strings.text("log")
        continuedHeading = strings.text("logContinued")
        readingsLegend = strings.text(summary.goals.targetSource == .threshold ? "legendLogThreshold" : "legendLog")
        dailyLegend = strings.text("legendDaily")
        self.document = document
        order = LogSection.rowOrder(summary.readings)
        dailyTitles = ["colDate", "colMorning", "colEvening", "colDayMean", "colPulse", "colMedication", "colNote"].map { strings.text($0) }
        widestDate = strings.shortDate(CivilDate(year: 2026, month: 12, day: 23)!, withYear: document.words.datesNeedYear)
        let overall = summary.overall
        let weight = summary.weight
        readingSummary = [
            ReadingSummaryRow(
                label: strings.text("mean"), systolic: overall.systolic.mean.map(Figures.oneDecimal) ?? "—",
                diastolic: overall.diastolic.mean.map(Figures.oneDecimal) ?? "—", pulse: overall.pulse.mean.map(Figures.oneDecimal) ?? "—",
                weight: weight.map { Figures.oneDecimal($0.mean) } ?? "—"),
            ReadingSummaryRow(
                label: strings.text("maximum"), systolic: overall.systolic.max.map { String($0.value) } ?? "—",
                diastolic: overall.diastolic.max.map { String($0.value) } ?? "—", pulse: overall.pulse.max.map { String($0.value) } ?? "—",
                weight: weight.map { Figures.oneDecimal($0.highest) } ?? "—"),
            ReadingSummaryRow(
                label: strings.text("minimum"), systolic: overall.systolic.min.map { String($0.value) } ?? "—",
                diastolic: overall.diastolic.min.map { String($0.value) } ?? "—", pulse: overall.pulse.min.map { String($0.value) } ?? "—",
                weight: weight.map { Figures.oneDecimal($0.lowest) } ?? "—"),
        ]
        // The evening column's figures are the evening slot's, as its cells are (night readings are in the notes).
        let groups = [summary.slots[.morning]!, summary.slots[.evening]!, summary.overall]
        let pressure = { (extreme: Extreme?) -> String? in
            guard let extreme else { return nil }
            return summary.homeReadings.first { $0.takenAt == extreme.takenAt && $0.id == extreme.id }?.bloodPressure?.description
        }
        dailySummary = [
            DailySummaryRow(label: strings.text("mean"), cells: groups.map { group in
                group.systolic.mean.map { "\(Figures.whole($0))/\(Figures.whole(group.diastolic.mean!))" }
            }),
            DailySummaryRow(label: strings.text("maximum"), cells: groups.map { pressure($0.systolic.max) }),
            DailySummaryRow(label: strings.text("minimum"), cells: groups.map { pressure($0.systolic.min) }),
        ]
    }

    /// The title of the readings log's column `key` (`date`, `period`, `time`, `systolic`,
    /// `diastolic`, `pulse`, `weight`, `tags`, `note`).
    public func title(ofColumn key: String) -> String {
        strings.text("col" + key.prefix(1).uppercased() + key.dropFirst())
    }

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
}

/// The month a row's day is in, for the report's bookmarks: a key that orders months, and its name.
public struct LogMonth: Equatable, Sendable {
    /// `year × 12 + month`.
    public let key: Int
    /// `Nov 2026` / `2026年11月`.
    public let label: String

    /// The months of `dates` (in order), each once per run, named only when a run starts.
    static func runs(_ dates: some Sequence<CivilDate>, strings: StringTable) -> [LogMonth] {
        var months: [LogMonth] = []
        for date in dates where months.last?.key != date.year * 12 + date.month {
            months.append(LogMonth(key: date.year * 12 + date.month, label: strings.monthLabel(date)))
        }
        return months
    }
}

/// One row per reading, made when asked for.
public struct ReadingRows: RandomAccessCollection, Sendable {
    /// One reading's row: its cells as the sheet writes them, and what sets them apart.
    public struct Row: Sendable {
        /// The measurement day's number; rows of one day are together.
        public let day: Int
        /// `Mon 30 Nov`, written on the day's first row.
        public let date: String
        public let startsDay: Bool
        /// True on every other measurement day.
        public let shaded: Bool
        /// The slot (`Morning`, `Night`), or the office mark.
        public let period: String
        public let isOffice: Bool
        /// `07:45`, `00:30 (Mon 2)` after midnight, with † after a protocol deviation and the
        /// offset on a line of its own when another reading shows the same wall-clock time.
        public let time: String
        /// True when the time may take more than one line (after midnight, or with its offset).
        public let timeWraps: Bool
        public let systolic: String
        public let diastolic: String
        /// At or above the target: bold.
        public let systolicBold: Bool
        public let diastolicBold: Bool
        public let pulse: String
        /// `72.5`, one decimal.
        public let weight: String
        /// The tags' labels, listed as the language lists them.
        public let tags: String
        public let note: String
        /// An alert reading (very high or low): the row is shaded in the alert colour.
        public let alert: Bool
    }

    private let readings: [Reading]
    private let order: [Int32]
    private let shaded: [Bool]
    /// Readings (indices into `readings`) whose wall-clock time another shows with another offset.
    private let sharedTimes: Set<Int>
    private let rules: ReadingRules
    private let labels: TagLabels
    private let strings: StringTable
    private let datesNeedYear: Bool

    init(document: SummaryDocument, order: [Int32]) {
        readings = document.summary.readings
        self.order = order
        var shaded: [Bool] = []
        shaded.reserveCapacity(order.count)
        var last: Int?
        var odd = true
        for index in order {
            let day = readings[Int(index)].takenAt.measurementDayNumber
            if day != last {
                odd.toggle()
                last = day
            }
            shaded.append(odd)
        }
        self.shaded = shaded
        sharedTimes = ZonedInstant.sharedWallClockTimes(readings.map(\.takenAt))
        rules = document.rules
        labels = document.tagLabels
        strings = document.strings
        datesNeedYear = document.words.datesNeedYear
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    /// The months of the rows at `positions`, in order, each once per run, without making the rows.
    public func months(in positions: Range<Int>) -> [LogMonth] {
        LogMonth.runs(positions.lazy.map { readings[Int(order[$0])].measurementDay }, strings: strings)
    }

    public subscript(position: Int) -> Row {
        let index = Int(order[position])
        let reading = readings[index]
        let facts = rules.facts(of: reading)
        let day = reading.takenAt.measurementDayNumber
        let startsDay = position == 0 || readings[Int(order[position - 1])].takenAt.measurementDayNumber != day
        let date = reading.measurementDay
        let offset = sharedTimes.contains(index)
        let pressure = reading.bloodPressure
        return Row(
            day: day, date: strings.shortDate(date, withYear: datesNeedYear), startsDay: startsDay, shaded: shaded[position],
            period: facts.isOffice ? strings.text("officeMark") : facts.slot.label(in: strings), isOffice: facts.isOffice,
            time: strings.timeAsTaken(reading.takenAt) + (facts.isDeviation ? "†" : "") + (offset ? "\n" + reading.takenAt.shortOffsetText : ""),
            timeWraps: offset || reading.takenAt.isAfterMidnight,
            systolic: pressure.map { String($0.systolic) } ?? "", diastolic: pressure.map { String($0.diastolic) } ?? "",
            systolicBold: facts.reachesTarget.systolic, diastolicBold: facts.reachesTarget.diastolic,
            pulse: reading.pulse.map(String.init) ?? "", weight: reading.weightGrams.map { Figures.oneDecimal(Double($0) / 1000) } ?? "",
            tags: reading.tagIDs.isEmpty ? "" : strings.list(reading.tagIDs.map(labels.label(of:))), note: reading.note, alert: facts.isAlert)
    }
}

/// A closing row of the readings log: a label, and the systolic, diastolic, pulse and weight.
public struct ReadingSummaryRow: Sendable {
    public let label: String
    public let systolic: String
    public let diastolic: String
    public let pulse: String
    public let weight: String
}

/// One row per measurement day, made when asked for.
public struct DailyRows: RandomAccessCollection, Sendable {
    /// One day's row: date, morning, evening, the day's mean, its pulse, the medication, and the
    /// notes (with the noon and night readings and the weight), each reading in its slot's column.
    public struct Row: Sendable {
        /// The cells, in the titles' order.
        public let cells: [String]
        /// Which cells are bold: the date, and a column with a value at or above the target.
        public let bold: [Bool]
        /// A day with an alert reading.
        public let alert: Bool
        /// True on every other day.
        public let shaded: Bool
    }

    /// One measurement day: its readings are `order[start..<end]`. Days hold no copies.
    private struct Day: Sendable {
        let date: CivilDate
        let start: Int32
        let end: Int32
    }

    private let days: [Day]
    private let order: [Int32]
    // What a row is made from, held apart (a row of a log of years must not copy the summary).
    private let summary: BPSummary
    private let strings: StringTable
    private let rules: ReadingRules
    private let datesNeedYear: Bool
    private let clauseSeparator: String
    private let slotNames: (noon: String, night: String)

    init(document: SummaryDocument, order: [Int32]) {
        summary = document.summary
        strings = document.strings
        rules = document.rules
        datesNeedYear = document.words.datesNeedYear
        clauseSeparator = document.strings.text("clauseSeparator")
        slotNames = (document.strings.text("colNoon"), document.strings.text("colNight"))
        let readings = document.summary.readings
        var days: [Day] = []
        var start = 0
        while start < order.count {
            let number = readings[Int(order[start])].takenAt.measurementDayNumber
            var end = start + 1
            while end < order.count && readings[Int(order[end])].takenAt.measurementDayNumber == number { end += 1 }
            days.append(Day(date: CivilDate(dayNumber: number), start: Int32(start), end: Int32(end)))
            start = end
        }
        self.days = days
        self.order = order
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { days.count }

    /// The months of the days at `positions`, in order, each once per run, without making the rows.
    public func months(in positions: Range<Int>) -> [LogMonth] {
        LogMonth.runs(positions.lazy.map { days[$0].date }, strings: strings)
    }

    public subscript(position: Int) -> Row {
        let day = days[position]
        let readings = order[Int(day.start)..<Int(day.end)].map { summary.readings[Int($0)] }
        // Each reading with blood pressure goes to its slot's column (noon and night to the notes).
        var slots: [[(reading: Reading, facts: ReadingFacts)]] = [[], [], [], []]
        var alert = false
        for reading in readings where reading.bloodPressure != nil {
            let facts = rules.facts(of: reading)
            slots[DailyRows.column(facts.slot)].append((reading, facts))
            alert = alert || facts.isAlert
        }
        let inSlot = { (slot: ReadingSlot) in slots[DailyRows.column(slot)] }
        let (morning, evening) = (inSlot(.morning), inSlot(.evening))
        let mean = summary.dailyMean(on: day.date)
        var notes: [String] = []
        for (slot, name) in [(ReadingSlot.noon, slotNames.noon), (.night, slotNames.night)] where !inSlot(slot).isEmpty {
            notes.append("\(name) \(DailyRows.values(inSlot(slot), strings: strings))")
        }
        if let grams = readings.last(where: { $0.weightGrams != nil })?.weightGrams { notes.append("\(Figures.oneDecimal(Double(grams) / 1000)) kg") }
        notes += readings.map(\.note).filter { !$0.isEmpty }
        let cells = [
            strings.shortDate(day.date, withYear: datesNeedYear), DailyRows.values(morning, strings: strings),
            DailyRows.values(evening, strings: strings), mean.map(SummaryWording.pressure) ?? "",
            summary.dailyPulse(on: day.date).map(Figures.whole) ?? "", readings.contains(where: \.recordsMedication) ? "✓" : "—",
            notes.joined(separator: clauseSeparator),
        ]
        let bold = [
            true, morning.contains { $0.facts.atOrAboveTarget }, evening.contains { $0.facts.atOrAboveTarget },
            mean?.isAtOrAbove(summary.goals.target) ?? false, false, false, false,
        ]
        return Row(cells: cells, bold: bold, alert: alert, shaded: position % 2 == 1)
    }

    private static func column(_ slot: ReadingSlot) -> Int {
        switch slot {
        case .morning: 0
        case .noon: 1
        case .evening: 2
        case .night: 3
        }
    }

    /// `142/88† 138/86 (office)`.
    private static func values(_ readings: [(reading: Reading, facts: ReadingFacts)], strings: StringTable) -> String {
        readings.map { reading, facts in
            var text = reading.bloodPressure!.description
            if facts.isDeviation { text += "†" }
            if facts.isOffice { text += " (\(strings.text("officeMark")))" }
            return text
        }.joined(separator: "  ")
    }
}

/// A closing row of the daily sheet: a label, and the morning's, the evening's and all readings'
/// figure (nil where there is none).
public struct DailySummaryRow: Sendable {
    public let label: String
    public let cells: [String?]
}

extension SummaryDocument {
    /// The full log, in both its forms.
    public var log: LogSection { LogSection(self) }
}
