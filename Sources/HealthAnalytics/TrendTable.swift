public import HealthCore

/// Home mean blood pressure week by week (Monday to Sunday, measurement days) for ranges up to
/// 12 weeks, month by month up to 3 years, year by year beyond: the table that shows whether
/// things are moving.
public struct TrendTable: Equatable, Sendable {
    /// The longest range, in days, shown week by week.
    public static let longestWeekly = 12 * 7
    /// The longest range, in days, shown month by month.
    public static let longestMonthly = 3 * 366

    public enum Step: String, Sendable {
        case week, month, year
    }

    /// One week or month with home BP readings.
    public struct Row: Equatable, Sendable {
        /// The first day of the week (a Monday) or month.
        public let start: CivilDate
        /// The last day of the week or month.
        public let end: CivilDate
        public let mean: PressureMean
    }

    public let step: Step
    /// Weeks or months with readings, oldest first.
    public let rows: [Row]

    /// The first and last rows, when there are at least two.
    /// The first and last rows with at least ``fewestForAnEnd`` readings: a week of one reading
    /// at 00:30 is no "first week".
    public var firstAndLast: (first: Row, last: Row)? {
        let full = rows.filter { $0.mean.count >= TrendTable.fewestForAnEnd }
        guard full.count >= 2 else { return nil }
        return (full.first!, full.last!)
    }

    /// Readings a row needs to be the trend's first or last.
    public static let fewestForAnEnd = 4

    /// The table of the home BP readings among `readings` in `from`...`to`, or nil when there are none.
    init?(_ readings: [Reading], from: CivilDate, to: CivilDate) {
        let days = to.dayNumber - from.dayNumber + 1
        step = days <= TrendTable.longestWeekly ? .week : days <= TrendTable.longestMonthly ? .month : .year
        var sums: [Int: (count: Int, systolic: Int, diastolic: Int)] = [:]
        var lastDay: Int?
        var lastKey = 0
        for reading in readings where reading.isHome {
            guard let pressure = reading.bloodPressure else { continue }
            let day = reading.takenAt.measurementDayNumber
            if day != lastDay {
                lastDay = day
                lastKey = TrendTable.start(of: CivilDate(dayNumber: day), step: step).dayNumber
            }
            let sum = sums[lastKey, default: (0, 0, 0)]
            sums[lastKey] = (sum.count + 1, sum.systolic + pressure.systolic, sum.diastolic + pressure.diastolic)
        }
        guard !sums.isEmpty else { return nil }
        let step = step
        rows = sums.keys.sorted().map { key in
            let start = CivilDate(dayNumber: key)
            let sum = sums[key]!
            return Row(
                start: start, end: TrendTable.end(from: start, step: step),
                mean: PressureMean(count: sum.count, systolic: Double(sum.systolic) / Double(sum.count), diastolic: Double(sum.diastolic) / Double(sum.count)))
        }
    }

    static func start(of day: CivilDate, step: Step) -> CivilDate {
        switch step {
        case .week: day.adding(days: -(day.isoWeekday - 1))
        case .month: CivilDate(year: day.year, month: day.month, day: 1)!
        case .year: CivilDate(year: day.year, month: 1, day: 1)!
        }
    }

    static func end(from start: CivilDate, step: Step) -> CivilDate {
        switch step {
        case .week: start.adding(days: 6)
        case .month: CivilDate(year: start.year, month: start.month, day: CivilDate.daysIn(month: start.month, year: start.year))!
        case .year: CivilDate(year: start.year, month: 12, day: 31)!
        }
    }
}
