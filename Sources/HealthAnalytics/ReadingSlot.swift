public import HealthCore

/// The slot of the day a reading was taken in, from its local wall time: the one rule behind
/// every name of a reading's time of day (`list`, `show`, the report's logs, the daily sheet,
/// the chart's marks) and behind the protocol's two sessions (``ProtocolSession``).
///
/// Morning is 04:00–11:59 and noon 12:00–17:59. Evening is 18:00–01:59: someone who goes to bed
/// after midnight takes the evening reading at 00:30, and it counts for the day before. Night is
/// 02:00–03:59 ("woke up"): counted for the day before too, but never an evening reading. Each
/// slot's readings are counted in the figures of one ``DayPeriod`` (``period``).
///
/// A person whose usual sleep is shifted (``SleepHours/isShifted``: a night-shift nurse asleep
/// 08:00–16:00) has slots that follow her day instead: morning from 3 hours before getting up to
/// 5 hours after, evening from 5 hours before going to bed to 3 hours after, night asleep, noon
/// between (the common day's slots, read from 23:00–07:00). Her 16:30 waking reading is a morning
/// one and her 07:45 bedtime reading an evening one.
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

    /// The slot of the local time `time` for a person who sleeps `sleep`: the common day's
    /// (``init(_:)-(ZonedInstant)``) unless her sleep is shifted.
    public init(_ time: ZonedInstant, sleep: SleepHours?) {
        guard let sleep, sleep.isShifted else {
            self.init(time)
            return
        }
        let day = 24 * 60
        let minute = time.hour * 60 + time.minute
        let afterWaking = (minute - sleep.wake + day) % day
        let beforeBed = (sleep.bedtime - minute + day) % day
        if afterWaking < ReadingSlot.morningAfterWaking || afterWaking >= day - ReadingSlot.morningBeforeWaking {
            self = .morning
        } else if beforeBed <= ReadingSlot.eveningBeforeBed || beforeBed > day - ReadingSlot.eveningAfterBed {
            self = .evening
        } else {
            // Between the evening's end and the morning's start she is asleep.
            let asleep = (sleep.wake - minute + day) % day < (sleep.wake - sleep.bedtime + day) % day
            self = asleep ? .night : .noon
        }
    }

    /// The slot of `reading` for a person who sleeps `sleep`.
    public init(_ reading: Reading, sleep: SleepHours?) { self.init(reading.takenAt, sleep: sleep) }

    /// Minutes around getting up and going to bed that a shifted day's morning and evening take,
    /// as the common day's 04:00–11:59 and 18:00–01:59 do around 07:00 and 23:00.
    static let morningBeforeWaking = 3 * 60
    static let morningAfterWaking = 5 * 60
    static let eveningBeforeBed = 5 * 60
    static let eveningAfterBed = 3 * 60

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
