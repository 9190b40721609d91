public import HealthCore

/// Before and after an event: home readings in the 28 days ending the day before it, against
/// days 8 to 35 after it, which gives a change a week to act.
///
/// The windows' raw means are shown as they are; the difference that is worded is
/// ``sameTimeOfDay``, which sets mornings beside mornings and evenings beside evenings, so a
/// patient who stops measuring in the mornings after the event shows no change that is not there.
public struct EventEffect: Equatable, Sendable {
    /// Days before the event in the *before* window.
    public static let beforeDays = 1...28
    /// Days after the event in the *after* window.
    public static let afterDays = 8...35

    public let event: Event
    /// before → after, raw: every home reading of each window, whatever its time of day.
    public let comparison: WindowComparison
    /// before → after within the same time of day, with each session's mean as the unit.
    public let sameTimeOfDay: SessionDifference

    /// Other medication or monitor events from 42 days before this one (its 28-day before window,
    /// and the 2 weeks a change takes to settle) to 35 after it: the windows mix both changes,
    /// so the difference is withheld, never printed as an effect.
    public let overlapping: [Event]
    /// A medication change less than ``WeekQuality/settlingDays`` before the headline week or
    /// inside it: too early for its after window to say anything, so the difference is withheld.
    public let tooEarly: Bool

    public var before: WindowFigures { comparison.first }
    public var after: WindowFigures { comparison.second }

    /// The windows around `event`, from `readings` (which must reach 28 days before and 35 after
    /// it); `others` are the profile's other events, of which those inside the windows overlap.
    /// A medication event on or after `tooEarlyFrom` is ``tooEarly``; the times of day follow `sleep`.
    public init(event: Event, readings: [Reading], others: [Event] = [], tooEarlyFrom: CivilDate? = nil, sleep: SleepHours? = nil) {
        self.event = event
        tooEarly = event.kind == .medication && tooEarlyFrom.map { event.at.measurementDay >= $0 } ?? false
        let reach = (event.at.measurementDayNumber - EventEffect.beforeDays.upperBound - WeekQuality.settlingDays)...(event.at.measurementDayNumber + EventEffect.afterDays.upperBound)
        overlapping = others.filter {
            $0.id != event.id && ($0.kind == .medication || $0.kind == .monitor) && reach.contains($0.at.measurementDayNumber)
        }.sorted { $0.at < $1.at }
        let day = event.at.measurementDayNumber
        let before = CivilDate(dayNumber: day - EventEffect.beforeDays.upperBound)...CivilDate(dayNumber: day - EventEffect.beforeDays.lowerBound)
        let after = CivilDate(dayNumber: day + EventEffect.afterDays.lowerBound)...CivilDate(dayNumber: day + EventEffect.afterDays.upperBound)
        comparison = WindowComparison(readings, first: before, second: after)
        sameTimeOfDay = SessionDifference(readings, first: before, second: after, sleep: sleep)
    }
}
