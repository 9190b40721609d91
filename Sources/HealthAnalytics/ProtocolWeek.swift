public import HealthCore

/// A measurement week as the guideline asks for it: 7 days, 2 morning and 2 evening home
/// readings each, the first day not counted. `healthlog protocol` shows it day by day.
public struct ProtocolWeek: Equatable, Sendable {
    /// Readings the protocol asks for in each slot of a day.
    public static let readingsPerSlot = 2

    /// One day of the week.
    public struct Day: Equatable, Sendable {
        public let date: CivilDate
        /// Home BP readings in the morning session (``ProtocolSession``).
        public let morning: Int
        /// Home BP readings in the evening session, which ends at 02:00.
        public let evening: Int
        /// Home BP readings at night (02:00–03:59): shown, not counted as evening readings.
        public let night: Int
    }

    public let start: CivilDate
    public let end: CivilDate
    public let days: [Day]
    /// The same average, over the same readings, as `stats`' protocol average over this week.
    public let average: ProtocolAverage?

    /// Readings the average uses.
    public var count: Int { average?.count ?? 0 }
    /// The same rule as ``ProtocolAverage/sufficient``.
    public var sufficient: Bool { average?.sufficient ?? false }

    /// The week of 7 measurement days from `start`, from `readings` (any order and range), its
    /// sessions following `sleep`, the profile's usual sleep (nil: the common day).
    public init(start: CivilDate, readings: [Reading], sleep: SleepHours? = nil) {
        self.start = start
        end = start.adding(days: ProtocolAverage.windowDays - 1)
        let window = start.dayNumber...end.dayNumber
        let inWeek = readings.filter { $0.isHome && $0.bloodPressure != nil && window.contains($0.takenAt.measurementDayNumber) }
        days = window.map { dayNumber in
            let ofDay = inWeek.filter { $0.takenAt.measurementDayNumber == dayNumber }
            // The sessions page 1's grid and the average count, from the one definition.
            return Day(
                date: CivilDate(dayNumber: dayNumber), morning: ofDay.filter { ProtocolSession($0, sleep: sleep) == .morning }.count,
                evening: ofDay.filter { ProtocolSession($0, sleep: sleep) == .evening }.count,
                night: ofDay.filter { ReadingSlot($0, sleep: sleep) == .night }.count)
        }
        average = ProtocolAverage(inWeek.sorted { $0.takenAt < $1.takenAt }, from: start, sleep: sleep)
    }

    /// The slots still to measure on `today` (a measurement day) at `hour`: the morning one while it
    /// is morning or earlier, and the evening one; empty for days outside the week.
    public func missingSlots(today: CivilDate, hour: Int) -> [DayPeriod] {
        guard let day = days.first(where: { $0.date == today }) else { return [] }
        var missing: [DayPeriod] = []
        let stillMorning = hour >= DayPeriod.dayStartHour && hour < 12
        if stillMorning && day.morning < ProtocolWeek.readingsPerSlot { missing.append(.morning) }
        if day.evening < ProtocolWeek.readingsPerSlot { missing.append(.evening) }
        return missing
    }
}
