public import HealthCore

/// The tag ID of blood-pressure medication.
public let medicationTagID = "bp-med"

extension Reading {
    /// True when the reading records that the BP pill was taken (it carries `bp-med`): the one
    /// test of a medicated reading, and of a medicated day (one with such a reading).
    public var recordsMedication: Bool { tagIDs.contains(medicationTagID) }
}

/// How the medication was recorded, counted from when treatment began: the first medication
/// event or `bp-med` tag in the range. Days, the sessions of the usual time of day that lack the
/// tag (missed doses), and notes saying a dose was forgotten, with where the tags and notes disagree.
public struct MedicationDays: Equatable, Sendable {
    /// Days that show the dates without medication, when there are this many or fewer.
    public static let listedAtMost = 10
    /// Sessions a time of day needs before the tag's habit there is judged.
    public static let sessionsForAHabit = 4
    /// Words of a note that says a dose was forgotten, in the languages the log is kept in.
    public static let forgottenWords = [
        "forgot", "missed my", "missed the pill", "missed a dose", "missed dose", "skipped my", "skipped the pill", "no pill",
        "didn't take", "did not take", "忘记吃药", "忘吃", "忘了吃", "漏服", "没吃药", "未服药", "忘记服药",
    ]

    /// The first day counted: the first medication event or `bp-med` reading in the range.
    public let since: CivilDate
    /// Home days before ``since``: before treatment, not counted.
    public let daysBefore: Int
    /// Measurement days from ``since`` with a home reading (a day with only a clinic visit is not a home day).
    public let days: Int
    /// Of those, days with a reading tagged `bp-med`.
    public let medicated: Int
    /// The days without, oldest first.
    public let daysWithout: [CivilDate]
    /// The times of day the tag is usually recorded at (in at least half of their sessions).
    public let usualPeriods: [DayPeriod]
    /// Sessions (a time of day on one day) at a usual time of day since ``since``.
    public let usualSessions: Int
    /// Of those, sessions without the tag: doses perhaps missed.
    public let missedSessions: Int
    /// Readings whose note says a dose was forgotten.
    public let forgottenNotes: [Reading]
    /// The day every medicine was stopped (`med stop`), when the range goes on untreated after
    /// it: the days from it are a decision, not missed doses, and are not counted.
    public let until: CivilDate?
    /// Of the days with such a note, days that also carry the tag: tags and notes disagree.
    public let forgottenOnTaggedDays: Int

    /// nil when no reading in `readings` (in time order) carries `bp-med` and no dose was
    /// recorded (`doses`, the dose events of `took`). A day or session with a dose recorded is
    /// medicated as one with a stamped reading is. Home days on which `regimen` has every
    /// medicine stopped are not counted.
    init?(_ readings: [Reading], medicationEvents: [Event] = [], regimen: Regimen? = nil, doses: [Event] = []) {
        let doses = doses.filter { $0.kind == .dose }
        let firstStamp = readings.first(where: \.recordsMedication)?.takenAt.measurementDayNumber
        let firstDose = doses.map(\.at.measurementDayNumber).min()
        guard let firstTag = [firstStamp, firstDose].compactMap({ $0 }).min(),
            let firstHome = readings.first(where: \.isHome)?.takenAt.measurementDayNumber
        else { return nil }
        let firstEvent = medicationEvents.map(\.at.measurementDayNumber).filter { $0 <= firstTag }.min()
        let start = Swift.max(Swift.min(firstTag, firstEvent ?? firstTag), firstHome)
        var all = Set<Int>()
        var before = Set<Int>()
        var withPill = Set<Int>()
        var sessions: [DayPeriod: Set<Int>] = [:]
        var tagged: [DayPeriod: Set<Int>] = [:]
        var forgotten: [Reading] = []
        var forgottenDays = Set<Int>()
        // The readings come in time order, several a day: a day already put in a set by the
        // reading before is not hashed again (the sets are the same either way).
        var lastHome: Int?
        var lastSession: (period: DayPeriod, day: Int)?
        var lastPill: Int?
        var lastTagged: (period: DayPeriod, day: Int)?
        for reading in readings {
            let day = reading.takenAt.measurementDayNumber
            if let regimen, regimen.allStopped(on: reading.takenAt.measurementDay) {
                // Stopped on purpose: neither a medicated day nor a missed one.
                continue
            }
            if MedicationDays.saysForgotten(reading.note) {
                forgotten.append(reading)
                forgottenDays.insert(day)
            }
            guard reading.isHome else { continue }
            if day < start {
                before.insert(day)
                continue
            }
            let period = reading.period
            if lastHome != day { all.insert(day); lastHome = day }
            if lastSession?.period != period || lastSession?.day != day {
                sessions[period, default: []].insert(day)
                lastSession = (period, day)
            }
            if reading.recordsMedication {
                if lastPill != day { withPill.insert(day); lastPill = day }
                if lastTagged?.period != period || lastTagged?.day != day {
                    tagged[period, default: []].insert(day)
                    lastTagged = (period, day)
                }
            }
        }
        // A dose recorded with `took` makes its day, and its session, medicated.
        for dose in doses {
            let day = dose.at.measurementDayNumber
            guard all.contains(day) else { continue }
            withPill.insert(day)
            if sessions[dose.at.period]?.contains(day) == true { tagged[dose.at.period, default: []].insert(day) }
        }
        since = CivilDate(dayNumber: start)
        daysBefore = before.count
        days = all.count
        medicated = withPill.count
        daysWithout = all.subtracting(withPill).sorted().map(CivilDate.init(dayNumber:))
        // A time of day with a few sessions only says nothing about habits.
        usualPeriods = DayPeriod.allCases.filter { period in
            let count = tagged[period]?.count ?? 0
            let total = sessions[period]?.count ?? 0
            return total >= MedicationDays.sessionsForAHabit && count * 2 >= total
        }
        usualSessions = usualPeriods.reduce(0) { $0 + (sessions[$1]?.count ?? 0) }
        missedSessions = usualPeriods.reduce(0) { $0 + (sessions[$1]?.subtracting(tagged[$1] ?? []).count ?? 0) }
        forgottenNotes = forgotten
        if let regimen, let last = readings.last(where: \.isHome)?.takenAt.measurementDay, regimen.allStopped(on: last) {
            until = regimen.courses.compactMap { $0.stopped?.measurementDay }.filter { $0 <= last }.max()
        } else {
            until = nil
        }
        forgottenOnTaggedDays = forgottenDays.intersection(withPill).count
    }

    /// True when `note` says a dose was forgotten.
    public static func saysForgotten(_ note: String) -> Bool { forgotten.match(note) }

    private static let forgotten = NoteWords(forgottenWords)
}

/// The readings with a note, newest first, so that "a little dizzy" is read on page 1.
public struct NotesDigest: Equatable, Sendable {
    /// Notes shown at most.
    public static let limit = 12

    /// The newest readings with a note, newest first.
    public let readings: [Reading]
    /// Readings with a note not in ``readings``.
    public let more: Int

    /// nil when no reading has a note.
    init?(_ readings: [Reading]) {
        // Only the newest are kept: a log of a million readings has a hundred thousand notes.
        var newest: [Reading] = []
        var count = 0
        for reading in readings.reversed() where !reading.note.isEmpty && !reading.note.trimmingWhitespace().isEmpty {
            count += 1
            if newest.count < NotesDigest.limit { newest.append(reading) }
        }
        guard count > 0 else { return nil }
        self.readings = newest
        more = count - newest.count
    }
}

/// What the monitor itself flagged: "Irregular heartbeat flagged on 12 of 269 readings; possible AFib on 2".
public struct DeviceFindings: Equatable, Sendable {
    /// Readings with blood pressure.
    public let readings: Int
    /// Of those, readings tagged `irregular-heartbeat`.
    public let irregularHeartbeat: Int
    /// Of those, readings tagged `possible-afib`.
    public let possibleAFib: Int
    /// Readings with either tag.
    public let flagged: Int
    /// Of the flagged readings, those with a pulse of ``fastRate`` or more.
    public let fastPulse: Int
    /// A pulse from which a flagged reading's rate is fast: 100 a minute.
    public static let fastRate = 100

    /// nil when no reading was flagged.
    init?(_ readings: [Reading]) {
        var total = 0
        var irregular = 0
        var afib = 0
        var fast = 0
        var either = 0
        for reading in readings where reading.bloodPressure != nil {
            total += 1
            if reading.tagIDs.contains("irregular-heartbeat") { irregular += 1 }
            if reading.tagIDs.contains("possible-afib") { afib += 1 }
            let flagged = reading.tagIDs.contains("irregular-heartbeat") || reading.tagIDs.contains("possible-afib")
            if flagged { either += 1 }
            if flagged, let pulse = reading.pulse, pulse >= DeviceFindings.fastRate { fast += 1 }
        }
        guard irregular + afib > 0 else { return nil }
        self.readings = total
        irregularHeartbeat = irregular
        possibleAFib = afib
        fastPulse = fast
        flagged = either
    }
}

/// Readings taken against the protocol: after a stamp whose definition is a deviation, such as
/// coffee or exercise in the 30 minutes before. Counted and marked, never left out of a figure.
public struct ProtocolDeviations: Equatable, Sendable {
    /// How many readings carry a deviation tag.
    public let count: Int
    /// The deviation tags they carry, most frequent first.
    public let tagIDs: [String]

    /// nil when no reading carries one of `deviationTags`.
    init?(_ readings: [Reading], deviationTags: Set<String>) {
        var total = 0
        var counts: [String: Int] = [:]
        for reading in readings where !reading.tagIDs.isEmpty {
            var found = false
            for tag in reading.tagIDs where deviationTags.contains(tag) {
                counts[tag, default: 0] += 1
                found = true
            }
            if found { total += 1 }
        }
        guard total > 0 else { return nil }
        count = total
        tagIDs = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }
}
