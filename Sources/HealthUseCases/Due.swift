public import HealthAnalytics
public import HealthCore
import HealthRecords

/// One profile's protocol week before a visit, slot by slot (`healthlog due`, the reminder).
public struct ProtocolDueStatus: Sendable {
    public let profile: Profile
    public let due: ProtocolDue
    /// Today, as a measurement day.
    public let today: CivilDate
}

extension HealthLog {
    /// The session profile's protocol week before `visit` (the 7 days ending the day before), as
    /// it stands now. The care record keeps no visit dates, so the front end names the day.
    public func protocolDue(before visit: CivilDate) throws(HealthLogError) -> ProtocolDueStatus {
        let today = self.today
        let hour = now.hour
        let first = visit.adding(days: -ProtocolAverage.windowDays)
        return try read { store in
            let profile = try chosenProfile(in: store)
            let readings = try store.readings(matching: ReadingQuery(profileID: profile.id, from: first, to: visit.adding(days: -1)))
            return ProtocolDueStatus(
                profile: profile, due: ProtocolDue(visit: visit, readings: readings, sleep: profile.sleep, today: today, hour: hour), today: today)
        }
    }
}
