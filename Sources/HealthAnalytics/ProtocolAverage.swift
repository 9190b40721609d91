public import HealthCore

/// Count and mean blood pressure of a group of readings.
public struct PressureMean: Equatable, Sendable {
    public let count: Int
    public let systolic: Double
    public let diastolic: Double

    /// The mean of `pressures`, or nil when there are none.
    public init?(_ pressures: [BloodPressure]) {
        guard !pressures.isEmpty else { return nil }
        count = pressures.count
        systolic = Double(pressures.reduce(0) { $0 + $1.systolic }) / Double(count)
        diastolic = Double(pressures.reduce(0) { $0 + $1.diastolic }) / Double(count)
    }

    /// The mean as the tables print it, in whole mmHg (134.6 → 135). The home verdicts read the
    /// unrounded mean (``reaches(_:)``), and page 1 prints a decimal wherever the rounding would
    /// decide one; a visit's office mean is read as printed (``isAtOrAbove(_:)``).
    public var shown: BloodPressure {
        BloodPressure(systolic: Figures.rounded(systolic), diastolic: Figures.rounded(diastolic))
    }

    /// At or above either number of `limit`, as shown.
    public func isAtOrAbove(_ limit: BloodPressure) -> Bool {
        shown.systolic >= limit.systolic || shown.diastolic >= limit.diastolic
    }

    /// At or above either number of `limit`, unrounded (134.6 does not reach 135). Within
    /// ``NearLimit/margin`` of a limit page 1 prints the decimal, so the badge and the words
    /// read this comparison and never the rounding.
    public func reaches(_ limit: BloodPressure) -> Bool {
        systolic >= Double(limit.systolic) || diastolic >= Double(limit.diastolic)
    }
}

/// The home-BP protocol average (ESH, Chinese and BHS home monitoring).
///
/// The window is the 7 measurement days ending on the last day with a home BP reading,
/// clipped to the range. The first day in it that has a reading is dropped;
/// the morning and evening home readings of the remaining days are averaged.
public struct ProtocolAverage: Equatable, Sendable {
    /// Guidelines ask for at least 12 readings.
    public static let minimumCount = 12
    /// True for a reading in a morning or evening session (``ProtocolSession``) of a person who
    /// sleeps `sleep`, which the protocol averages.
    public static func averages(_ reading: Reading, sleep: SleepHours?) -> Bool { ProtocolSession(reading, sleep: sleep) != nil }
    /// Days in the protocol window.
    public static let windowDays = 7

    /// The first day of the window that had a reading: dropped, as the protocol asks.
    public let excludedDay: CivilDate
    /// The first day whose readings are averaged.
    public let firstDay: CivilDate
    /// The last day whose readings are averaged.
    public let lastDay: CivilDate
    /// Days with averaged readings.
    public let days: Int
    /// Readings averaged.
    public let count: Int
    public let systolic: Double
    public let diastolic: Double
    /// The window's own morning readings.
    public let morning: PressureMean?
    /// The window's own evening readings.
    public let evening: PressureMean?

    /// Guidelines ask for at least 12 readings.
    public var sufficient: Bool { count >= ProtocolAverage.minimumCount }

    /// The average as a mean.
    public var mean: PressureMean { PressureMean(count: count, systolic: systolic, diastolic: diastolic) }

    /// Readings each of the morning and the evening needs before their difference is said: 6,
    /// three days' pairs; fewer say more about the days measured than about the time of day.
    public static let morningEveningMinimum = 6

    /// True when `morning` and `evening` readings are enough for their difference to be said.
    public static func morningEveningComparable(morning: Int, evening: Int) -> Bool {
        morning >= morningEveningMinimum && evening >= morningEveningMinimum
    }

    /// Morning − evening within the window, when it has both with ``morningEveningMinimum`` readings each.
    public var morningEveningDifference: (systolic: Double, diastolic: Double)? {
        guard let morning, let evening, ProtocolAverage.morningEveningComparable(morning: morning.count, evening: evening.count) else { return nil }
        return (morning.systolic - evening.systolic, morning.diastolic - evening.diastolic)
    }

    /// The protocol average of the home readings among `readings` on measurement days from
    /// `from` on, or nil when nothing remains after the dropped first day; its sessions follow
    /// `sleep`, the profile's usual sleep (nil: the common day).
    public init?(_ readings: [Reading], from: CivilDate, sleep: SleepHours? = nil) {
        let counts = { (reading: Reading) in reading.isHome && reading.bloodPressure != nil && reading.takenAt.measurementDayNumber >= from.dayNumber }
        // Only the last week is copied, never the whole log.
        var last: Int?
        for reading in readings where counts(reading) { last = Swift.max(last ?? Int.min, reading.takenAt.measurementDayNumber) }
        guard let last else { return nil }
        let window = Swift.max(last - (ProtocolAverage.windowDays - 1), from.dayNumber)...last
        let inWindow = readings.filter { counts($0) && window.contains($0.takenAt.measurementDayNumber) }
        guard let dayOne = inWindow.map(\.takenAt.measurementDayNumber).min() else { return nil }
        let used = inWindow.filter { $0.takenAt.measurementDayNumber > dayOne && ProtocolAverage.averages($0, sleep: sleep) }
        let usedDays = used.map(\.takenAt.measurementDayNumber)
        guard let first = usedDays.min(), let final = usedDays.max(), let mean = PressureMean(used.map { $0.bloodPressure! })
        else { return nil }
        excludedDay = CivilDate(dayNumber: dayOne)
        firstDay = CivilDate(dayNumber: first)
        lastDay = CivilDate(dayNumber: final)
        days = Set(usedDays).count
        count = mean.count
        systolic = mean.systolic
        diastolic = mean.diastolic
        morning = PressureMean(used.filter { ProtocolSession($0, sleep: sleep) == .morning }.map { $0.bloodPressure! })
        evening = PressureMean(used.filter { ProtocolSession($0, sleep: sleep) == .evening }.map { $0.bloodPressure! })
    }
}

extension ProtocolAverage {
    /// The latest sufficient protocol week among `readings` (home readings, in any order) on days
    /// from `from` on that ends before `before`, or nil. Found from per-day counts, so a log of
    /// years is scanned in one pass.
    public static func lastSufficient(_ readings: [Reading], from: CivilDate, before: CivilDate, sleep: SleepHours? = nil) -> ProtocolAverage? {
        var any: [Int: Int] = [:]
        var usable: [Int: Int] = [:]
        for reading in readings where reading.isHome && reading.bloodPressure != nil {
            let day = reading.takenAt.measurementDayNumber
            guard day >= from.dayNumber, day < before.dayNumber else { continue }
            any[day, default: 0] += 1
            if ProtocolAverage.averages(reading, sleep: sleep) { usable[day, default: 0] += 1 }
        }
        for end in any.keys.sorted(by: >) {
            let start = Swift.max(end - (windowDays - 1), from.dayNumber)
            guard let dayOne = (start...end).first(where: { any[$0] != nil }) else { continue }
            let count = (start...end).reduce(0) { $0 + ($1 > dayOne ? usable[$1] ?? 0 : 0) }
            guard count >= minimumCount else { continue }
            let window = readings.filter { $0.takenAt.measurementDayNumber >= start && $0.takenAt.measurementDayNumber <= end }
            // Complete means mornings and evenings too.
            guard let average = ProtocolAverage(window, from: CivilDate(dayNumber: start), sleep: sleep), average.morning != nil, average.evening != nil
            else { continue }
            return average
        }
        return nil
    }
}

extension PressureMean {
    init(count: Int, systolic: Double, diastolic: Double) {
        self.count = count
        self.systolic = systolic
        self.diastolic = diastolic
    }
}
