public import HealthCore

/// How far the headline week is from what the home-BP protocol asks for, and what happened in
/// it: the parts missing (no mornings, no evenings, single readings where a pair is asked for)
/// and a medication change inside it, after which home BP is to be measured again in 2–4 weeks.
public struct WeekQuality: Equatable, Sendable {
    /// Morning and evening sessions (a time of day on one measurement day) in the averaged days.
    public let sessions: Int
    /// Sessions with one reading where the protocol asks for two.
    public let singleReadingSessions: Int
    /// True when the averaged days have no morning reading.
    public let noMornings: Bool
    /// True when the averaged days have no evening reading.
    public let noEvenings: Bool
    /// The first medication event inside the week (from its excluded first day to its last day).
    public let medicationChange: Event?
    /// Averaged days with a reading.
    public let days: Int
    /// Averaged days with an evening reading but no morning one, and the other way round.
    public let daysWithoutMorning: Int
    public let daysWithoutEvening: Int

    /// True when the week has morning and evening readings in pairs, every day.
    public var followsProtocol: Bool {
        !noMornings && !noEvenings && singleReadingSessions == 0 && daysWithoutMorning == 0 && daysWithoutEvening == 0
    }

    /// The quality of the week `average` was taken over, from `home` readings (in time order)
    /// and the profile's `medicationEvents`.
    init(average: ProtocolAverage, home: [Reading], medicationEvents: [Event]) {
        let averaged = average.firstDay.dayNumber...average.lastDay.dayNumber
        var perSession: [Int: Int] = [:]
        for reading in home where reading.bloodPressure != nil {
            guard let session = ProtocolSession(reading) else { continue }
            let day = reading.takenAt.measurementDayNumber
            guard averaged.contains(day), day != average.excludedDay.dayNumber else { continue }
            perSession[day * 2 + (session == .morning ? 0 : 1), default: 0] += 1
        }
        sessions = perSession.count
        singleReadingSessions = perSession.values.filter { $0 == 1 }.count
        let readDays = Set(perSession.keys.map { $0 / 2 })
        days = readDays.count
        // A day missing one half: said only when the week has that half on other days.
        daysWithoutMorning = average.morning == nil ? 0 : readDays.filter { perSession[$0 * 2] == nil }.count
        daysWithoutEvening = average.evening == nil ? 0 : readDays.filter { perSession[$0 * 2 + 1] == nil }.count
        noMornings = average.morning == nil
        noEvenings = average.evening == nil
        let week = average.excludedDay.dayNumber...average.lastDay.dayNumber
        medicationChange = medicationEvents.filter { week.contains($0.at.measurementDayNumber) }.min { $0.at < $1.at }
    }
}
