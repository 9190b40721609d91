public import HealthAnalytics
public import HealthCore
import HealthRecords

/// Two ranges of one profile's home readings compared.
public struct RangeComparison: Sendable {
    public let profile: Profile
    public let comparison: WindowComparison
    public let tags: [StatusTag]
}

/// One profile's protocol week: which morning and evening readings it has and still needs.
public struct ProtocolWeekStatus: Sendable {
    public let profile: Profile
    public let week: ProtocolWeek
    /// Today, as a measurement day.
    public let today: CivilDate
    /// The hour now, for which of today's readings are still to take.
    public let hour: Int

    /// Today's morning or evening readings still to take.
    public var missingToday: [DayPeriod] { week.missingSlots(today: today, hour: hour) }
}

extension HealthLog {
    /// The session profile's home readings in `first` and in `second` that `filter` keeps,
    /// compared with Welch's 95 % interval.
    public func comparison(
        _ first: ClosedRange<CivilDate>, _ second: ClosedRange<CivilDate>, filter: ReadingFilter = ReadingFilter()
    ) throws(HealthLogError) -> RangeComparison {
        try read { store in
            let profile = try chosenProfile(in: store)
            let query = filter.applied(
                to: ReadingQuery(
                    profileID: profile.id, from: min(first.lowerBound, second.lowerBound), to: max(first.upperBound, second.upperBound)))
            let readings = try store.readings(matching: query)
            return RangeComparison(profile: profile, comparison: WindowComparison(readings, first: first, second: second), tags: try store.tags())
        }
    }

    /// The protocol week starting on `start`, or the 7 days ending today.
    public func protocolWeek(start: CivilDate? = nil) throws(HealthLogError) -> ProtocolWeekStatus {
        let today = self.today
        let hour = now.hour
        let first = start ?? today.adding(days: -(ProtocolAverage.windowDays - 1))
        return try read { store in
            let profile = try chosenProfile(in: store)
            let readings = try store.readings(
                matching: ReadingQuery(profileID: profile.id, from: first, to: first.adding(days: ProtocolAverage.windowDays - 1)))
            return ProtocolWeekStatus(profile: profile, week: ProtocolWeek(start: first, readings: readings, sleep: profile.sleep), today: today, hour: hour)
        }
    }
}
