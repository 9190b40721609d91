public import HealthCore

/// The protocol week before a clinic visit, slot by slot: which morning and evening sessions are
/// measured, which were missed, and which are still to take. `healthlog due` and the reminder
/// read it; the sessions and today's slots are ``ProtocolWeek``'s.
///
/// The week is the 7 measurement days that end the day before the visit, as the guideline asks
/// for a home week just before the office one.
public struct ProtocolDue: Equatable, Sendable {
    /// Where one session of the week stands.
    public enum State: String, Sendable {
        /// Its 2 readings are in the log.
        case done
        /// Its time has passed without them.
        case missed
        /// Today's, still open: the next thing to measure.
        case due
        /// A later day's.
        case planned
    }

    /// One session (morning or evening) of one day of the week.
    public struct Slot: Equatable, Sendable {
        public let date: CivilDate
        public let session: ProtocolSession
        /// Readings taken in it (at most what is shown as done).
        public let taken: Int
        public let state: State
    }

    /// The visit day.
    public let visit: CivilDate
    public let week: ProtocolWeek
    /// Morning then evening of each day, oldest first.
    public let slots: [Slot]

    /// The week of 7 days before `visit` from `readings`, seen on measurement day `today` at
    /// local `hour` (the slots of today still open are ``ProtocolWeek/missingSlots(today:hour:)``).
    public init(visit: CivilDate, readings: [Reading], sleep: SleepHours?, today: CivilDate, hour: Int) {
        self.visit = visit
        let week = ProtocolWeek(start: visit.adding(days: -ProtocolAverage.windowDays), readings: readings, sleep: sleep)
        self.week = week
        let open = week.missingSlots(today: today, hour: hour)
        let perSlot = ProtocolWeek.readingsPerSlot
        slots = week.days.flatMap { day -> [Slot] in
            [(ProtocolSession.morning, day.morning, DayPeriod.morning), (.evening, day.evening, .evening)].map { session, taken, period in
                let state: State =
                    taken >= perSlot ? .done
                    : day.date > today ? .planned
                    : day.date == today && open.contains(period) ? .due
                    : .missed
                return Slot(date: day.date, session: session, taken: taken, state: state)
            }
        }
    }

    /// Days whose morning and evening are both done.
    public var completeDays: Int {
        week.days.filter { $0.morning >= ProtocolWeek.readingsPerSlot && $0.evening >= ProtocolWeek.readingsPerSlot }.count
    }

    /// Sessions still to take: today's open ones, then the later days'.
    public var stillDue: [Slot] { slots.filter { $0.state == .due || $0.state == .planned } }

    /// Sessions whose time passed without their readings.
    public var missed: [Slot] { slots.filter { $0.state == .missed } }

    /// The first session still to take; nil when none is left before the visit.
    public var next: Slot? { stillDue.first }

    /// Today's sessions still open (what a reminder says).
    public var dueNow: [Slot] { slots.filter { $0.state == .due } }
}
