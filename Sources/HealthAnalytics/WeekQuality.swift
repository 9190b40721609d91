public import HealthCore

/// How far the headline week is from what the home-BP protocol asks for, and what happened in
/// it: the parts missing (no mornings, no evenings, single readings where a pair is asked for)
/// and a medication change inside it, after which home BP is to be measured again in 2–4 weeks.
public struct WeekQuality: Equatable, Sendable {
    /// Morning and evening sessions (a time of day on one measurement day) in the averaged days.
    public let sessions: Int
    /// Home readings of the averaged days outside the morning and evening sessions (noon, the
    /// night; a shift worker's waking readings in the afternoon): not in the average.
    public let outsideSlots: Int
    /// Sessions with one reading where the protocol asks for two.
    public let singleReadingSessions: Int
    /// True when the averaged days have no morning reading.
    public let noMornings: Bool
    /// True when the averaged days have no evening reading.
    public let noEvenings: Bool
    /// The first medication event inside the week (from its excluded first day to its last day),
    /// else the last one less than ``settlingDays`` before it: too early for the week to judge.
    public let medicationChange: Event?
    /// Days from ``medicationChange`` to the week's first (excluded) day when it came before the
    /// week; nil when it is inside the week or there is none.
    public let medicationChangeDaysBefore: Int?

    /// A medication change this recent (in days) before the week leaves it too early to judge:
    /// home BP is reassessed 2–4 weeks after a change (ESH 2023), so under 2 weeks is cautioned.
    public static let settlingDays = 14
    /// Averaged days with a reading.
    public let days: Int
    /// Averaged days with an evening reading but no morning one, and the other way round.
    public let daysWithoutMorning: Int
    public let daysWithoutEvening: Int

    /// True when the week has morning and evening readings in pairs, every day.
    public var followsProtocol: Bool {
        !noMornings && !noEvenings && singleReadingSessions == 0 && daysWithoutMorning == 0 && daysWithoutEvening == 0 && outsideSlots == 0
    }

    /// The quality of the week `average` was taken over, from `home` readings (in time order)
    /// and the profile's `medicationEvents`; its sessions follow `sleep`.
    init(average: ProtocolAverage, home: [Reading], medicationEvents: [Event], sleep: SleepHours?) {
        let averaged = average.firstDay.dayNumber...average.lastDay.dayNumber
        var perSession: [Int: Int] = [:]
        var outside = 0
        for reading in home where reading.bloodPressure != nil {
            let day = reading.takenAt.measurementDayNumber
            guard averaged.contains(day), day != average.excludedDay.dayNumber else { continue }
            guard let session = ProtocolSession(reading, sleep: sleep) else {
                outside += 1
                continue
            }
            perSession[day * 2 + (session == .morning ? 0 : 1), default: 0] += 1
        }
        sessions = perSession.count
        outsideSlots = outside
        singleReadingSessions = perSession.values.filter { $0 == 1 }.count
        let readDays = Set(perSession.keys.map { $0 / 2 })
        days = readDays.count
        // A day missing one half: said only when the week has that half on other days.
        daysWithoutMorning = average.morning == nil ? 0 : readDays.filter { perSession[$0 * 2] == nil }.count
        daysWithoutEvening = average.evening == nil ? 0 : readDays.filter { perSession[$0 * 2 + 1] == nil }.count
        noMornings = average.morning == nil
        noEvenings = average.evening == nil
        let week = average.excludedDay.dayNumber...average.lastDay.dayNumber
        if let inside = medicationEvents.filter({ week.contains($0.at.measurementDayNumber) }).min(by: { $0.at < $1.at }) {
            medicationChange = inside
            medicationChangeDaysBefore = nil
        } else {
            let before = (week.lowerBound - WeekQuality.settlingDays + 1)..<week.lowerBound
            medicationChange = medicationEvents.filter { before.contains($0.at.measurementDayNumber) }.max { $0.at < $1.at }
            medicationChangeDaysBefore = medicationChange.map { week.lowerBound - $0.at.measurementDayNumber }
        }
    }
}
