public import HealthCore

/// The two sessions of a home-BP protocol day, in one definition that the protocol average,
/// `healthlog protocol`, the week's quality and page 1's week grid all use.
///
/// Morning is 04:00–11:59. Evening is 18:00–01:59: someone who goes to bed after midnight takes
/// the evening reading at 00:30 and it counts for the day before. The evening slot ends at 02:00:
/// a reading from 02:00 to 03:59 ("woke up") is a night reading, and noon readings are neither.
public enum ProtocolSession: String, Sendable {
    case morning
    case evening

    /// The hours of the night, when a reading is in no session.
    public static let nightHours = 2..<DayPeriod.dayStartHour

    /// The session of `reading`'s local time, or nil for a noon or night reading.
    public init?(_ reading: Reading) {
        self.init(time: reading.takenAt)
    }

    /// The session of the local time `time`, or nil at noon or at night.
    public init?(time: ZonedInstant) {
        switch time.period {
        case .morning: self = .morning
        case .evening where !ProtocolSession.nightHours.contains(time.hour): self = .evening
        default: return nil
        }
    }

    /// True for a reading taken from 02:00 to 03:59: a night reading, shown but not averaged.
    public static func isNight(_ reading: Reading) -> Bool { nightHours.contains(reading.takenAt.hour) }
}
