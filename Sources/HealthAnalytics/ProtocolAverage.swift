public import HealthCore

/// The home-BP protocol average (ESH, Chinese and BHS home monitoring).
///
/// The window is the 7 local days ending on the last day with a BP reading,
/// clipped to the range. The first day in it that has a reading is dropped;
/// the morning and evening readings of the remaining days are averaged.
public struct ProtocolAverage: Equatable, Sendable {
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

    /// Guidelines ask for at least 12 readings.
    public var sufficient: Bool { count >= 12 }

    /// The protocol average of `readings` (time order) within `from`...`to`, or nil when nothing remains after day 1.
    init?(_ readings: [Reading], from: CivilDate) {
        let pressures = readings.lazy.filter { $0.bloodPressure != nil }
        guard let last = pressures.map(\.takenAt.localDayNumber).max() else { return nil }
        let window = Swift.max(last - 6, from.dayNumber)...last
        let inWindow = Array(pressures.filter { window.contains($0.takenAt.localDayNumber) })
        guard let dayOne = inWindow.first?.takenAt.localDate else { return nil }
        let used = inWindow.filter { $0.takenAt.localDate > dayOne && $0.period != .noon }
        guard let first = used.first, let final = used.last else { return nil }
        firstDay = first.takenAt.localDate
        lastDay = final.takenAt.localDate
        days = Set(used.map(\.takenAt.localDate)).count
        count = used.count
        systolic = Double(used.reduce(0) { $0 + $1.systolic! }) / Double(used.count)
        diastolic = Double(used.reduce(0) { $0 + $1.diastolic! }) / Double(used.count)
    }
}

