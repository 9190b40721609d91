public import HealthCore

/// The slot of the day a reading was taken in, from its local wall time: the one rule behind
/// every name of a reading's time of day (`list`, `show`, the report's logs, the daily sheet,
/// the chart's marks) and behind the protocol's two sessions (``ProtocolSession``).
///
/// Morning is 04:00–11:59 and noon 12:00–17:59. Evening is 18:00–01:59: someone who goes to bed
/// after midnight takes the evening reading at 00:30, and it counts for the day before. Night is
/// 02:00–03:59 ("woke up"): counted for the day before too, but never an evening reading. Each
/// slot's readings are counted in the figures of one ``DayPeriod`` (``period``).
public enum ReadingSlot: String, CaseIterable, Sendable {
    case morning, noon, evening, night

    /// The hours of the night slot.
    public static let nightHours = 2..<DayPeriod.dayStartHour

    /// The slot of the local time `time`.
    public init(_ time: ZonedInstant) {
        if ReadingSlot.nightHours.contains(time.hour) {
            self = .night
            return
        }
        switch time.period {
        case .morning: self = .morning
        case .noon: self = .noon
        case .evening: self = .evening
        }
    }

    /// The slot of `reading`'s local time.
    public init(_ reading: Reading) { self.init(reading.takenAt) }

    /// The period whose figures the slot's readings are counted in: a night reading is the
    /// evening period's, as a reading of the day before.
    public var period: DayPeriod {
        switch self {
        case .morning: .morning
        case .noon: .noon
        case .evening, .night: .evening
        }
    }
}
