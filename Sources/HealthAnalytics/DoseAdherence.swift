public import HealthCore

/// A time a dose may be due: a measurement day and a time of day.
public struct DoseSlot: Hashable, Comparable, Sendable {
    public let day: CivilDate
    public let period: DayPeriod

    public init(day: CivilDate, period: DayPeriod) {
        self.day = day
        self.period = period
    }

    /// The slot `instant` falls in: its measurement day and time of day.
    public init(_ instant: ZonedInstant) { self.init(day: instant.measurementDay, period: instant.period) }

    public static func < (lhs: DoseSlot, rhs: DoseSlot) -> Bool {
        (lhs.day.dayNumber, DoseSlot.order(lhs.period)) < (rhs.day.dayNumber, DoseSlot.order(rhs.period))
    }

    private static func order(_ period: DayPeriod) -> Int { DayPeriod.allCases.firstIndex(of: period) ?? 0 }
}

extension Regimen.Course {
    /// The times of day a dose is due on `day` (those of the last start or change on or before
    /// it); empty when none were said: one dose a day, at any time.
    public func times(on day: CivilDate) -> [DayPeriod] { (lastChange(onOrBefore: day) ?? steps[0]).times }

    /// The dose taken on `day`, as the label says it.
    public func dose(on day: CivilDate) -> String? { (lastChange(onOrBefore: day) ?? steps[0]).dose }

    /// True when a dose taken at `instant` is of this course: started on or before its
    /// measurement day (a dose taken earlier on the day of the start is kept) and not stopped by then.
    public func coversDose(at instant: ZonedInstant) -> Bool {
        steps[0].day <= instant.measurementDay && (stopped.map { instant < $0 } ?? true)
    }

    /// True when the regimen schedules a dose of this course in `slot`: the course runs then
    /// (never before its start's slot, nor from its stop's), and the slot's time of day is one
    /// of its times (any, when none were said).
    public func schedules(_ slot: DoseSlot) -> Bool {
        guard DoseSlot(started) <= slot, stopped.map({ slot < DoseSlot($0) }) ?? true else { return false }
        let times = times(on: slot.day)
        return times.isEmpty || times.contains(slot.period)
    }

    /// True when a dose taken in `taken` fills what is due in `slot`: the same slot, or the same
    /// day for a course taken once a day (at any time, or at one time: a morning pill taken at
    /// noon is that day's dose, late, and not a second one).
    public func sameDose(_ taken: DoseSlot, as slot: DoseSlot) -> Bool {
        taken.day == slot.day && (times(on: slot.day).count <= 1 || taken.period == slot.period)
    }
}

extension Regimen {
    /// The courses a dose taken at `instant` may be of (see ``Course/coversDose(at:)``).
    public func coursesForDose(at instant: ZonedInstant) -> [Course] { courses.filter { $0.coversDose(at: instant) } }

    /// The courses whose dose is due in the slot of `instant`: what `took` with no name records.
    public func due(at instant: ZonedInstant) -> [Course] {
        let slot = DoseSlot(instant)
        return coursesForDose(at: instant).filter { course in
            let times = course.times(on: slot.day)
            return times.isEmpty || times.contains(slot.period)
        }
    }
}

/// Adherence: the doses recorded against the doses the regimen schedules, over a span of days.
/// A dose is recorded by `took` (a dose event) or by a home reading stamped `bp-med` in its slot,
/// which means every dose due then was taken. Days before a start or from a stop are never
/// counted, and notes saying a dose was forgotten are set against the same days.
public struct DoseAdherence: Equatable, Sendable {
    /// The first and last day counted.
    public let from: CivilDate
    public let to: CivilDate
    /// Days with at least one dose scheduled.
    public let days: Int
    /// Doses the regimen schedules on them (one per medicine and slot).
    public let scheduled: Int
    /// Of those, doses recorded.
    public let recorded: Int
    /// The slots with a scheduled dose not recorded, oldest first.
    public let missedSlots: [DoseSlot]
    /// Of the days with a missed slot, those with a note saying a dose was forgotten.
    public let missedDaysNotedForgotten: [CivilDate]

    /// The days with a missed slot, oldest first.
    public var missedDays: [CivilDate] { Array(Set(missedSlots.map(\.day))).sorted() }

    /// nil when no dose was recorded with `took` in `from`...`to`, or none is scheduled then.
    /// `doses` are the profile's dose events, `readings` its readings (any order).
    public init?(regimen: Regimen, doses: [Event], readings: [Reading], from: CivilDate, to: CivilDate, catalogue: MedicineCatalogue) {
        let span = from.dayNumber...to.dayNumber
        let taken = doses.filter { $0.kind == .dose && span.contains($0.at.measurementDayNumber) }
        guard !taken.isEmpty, from <= to else { return nil }
        var stampedSlots = Set<DoseSlot>()
        var forgottenDays = Set<CivilDate>()
        for reading in readings where span.contains(reading.takenAt.measurementDayNumber) {
            if reading.isHome && reading.recordsMedication { stampedSlots.insert(DoseSlot(reading.takenAt)) }
            if MedicationDays.saysForgotten(reading.note) { forgottenDays.insert(reading.takenAt.measurementDay) }
        }
        let takenSlots = taken.compactMap { dose in dose.medicine.map { (catalogue.identity(of: $0.name), DoseSlot(dose.at)) } }
        var days = Set<CivilDate>()
        var scheduled = 0
        var recorded = 0
        var missed: [DoseSlot] = []
        for dayNumber in span {
            let day = CivilDate(dayNumber: dayNumber)
            for period in DayPeriod.allCases {
                let slot = DoseSlot(day: day, period: period)
                var slotMissed = false
                for course in regimen.courses where course.schedules(slot) {
                    // A course taken once a day is due once, in its first slot of the day.
                    if course.times(on: day).isEmpty && period != DayPeriod.allCases.first(where: { course.schedules(DoseSlot(day: day, period: $0)) }) {
                        continue
                    }
                    days.insert(day)
                    scheduled += 1
                    let once = course.times(on: day).isEmpty
                    let done = takenSlots.contains { $0.0 == course.identity && course.sameDose($0.1, as: slot) }
                        || stampedSlots.contains { once ? $0.day == day : $0 == slot }
                    if done { recorded += 1 } else { slotMissed = true }
                }
                if slotMissed { missed.append(slot) }
            }
        }
        guard scheduled > 0 else { return nil }
        self.from = from
        self.to = to
        self.days = days.count
        self.scheduled = scheduled
        self.recorded = recorded
        missedSlots = missed
        missedDaysNotedForgotten = Array(Set(missed.map(\.day)).intersection(forgottenDays)).sorted()
    }
}
