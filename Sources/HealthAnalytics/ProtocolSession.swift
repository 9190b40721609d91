public import HealthCore

/// The two sessions of a home-BP protocol day, in one definition that the protocol average,
/// `healthlog protocol`, the week's quality and page 1's week grid all use: the morning and the
/// evening ``ReadingSlot``. Noon and night readings are in no session: shown, never averaged.
public enum ProtocolSession: String, Sendable {
    case morning
    case evening

    /// The session of `reading`'s local time for a person who sleeps `sleep` (nil: the common
    /// day), or nil for a noon or night reading, and for a standing one (``StandingReading``):
    /// the protocol's readings are seated.
    public init?(_ reading: Reading, sleep: SleepHours?) {
        guard !StandingReading.isStanding(reading) else { return nil }
        self.init(time: reading.takenAt, sleep: sleep)
    }

    /// The session of the local time `time`, or nil at noon or at night.
    public init?(time: ZonedInstant, sleep: SleepHours?) {
        switch ReadingSlot(time, sleep: sleep) {
        case .morning: self = .morning
        case .evening: self = .evening
        case .noon, .night: return nil
        }
    }
}
