public import HealthCore

/// The readings a doctor must see before any average: a note naming a warning symptom
/// (``Symptom/warning``), and in a pregnancy a severe reading (160/110 or more, ESH 2023) or
/// one at or above pregnancy's threshold with a sign of pre-eclampsia (``Symptom/namesPregnancySign(_:)``:
/// 158/106 with "headache, swollen hands"), over the whole range and whatever the profile.
/// Page 1 opens with the most urgent of them.
public struct SafetyReadings: Equatable, Sendable {
    /// One reading to see first.
    public struct Flagged: Equatable, Sendable {
        public let id: String
        public let takenAt: ZonedInstant
        public let pressure: BloodPressure?
        public let note: String
        /// The note names a warning symptom, or in a pregnancy a sign of pre-eclampsia at or above its threshold.
        public let warning: Bool
        /// The reading is very high (an urgent alert): from 160/110 in pregnancy, else the guideline's limit.
        public let severe: Bool
        /// Taken in a pregnancy.
        public let pregnant: Bool
        /// The very high limit it reached; nil when it is not severe.
        public let limit: VeryHighLimit?
    }

    /// The most urgent reading: severe with warning symptoms, then warning symptoms, then severe
    /// in pregnancy; the latest of its kind.
    public let first: Flagged
    /// Every flagged reading, oldest first.
    public let readings: [Flagged]

    /// nil when no reading of `readings` (time order) is flagged; `alerts` are the range's.
    /// `pregnantOn` says whether a measurement day fell in a pregnancy: warning symptoms then are
    /// pre-eclampsia's, urgent whatever the pressure.
    init?(_ readings: [Reading], alerts: [Alert], pregnantOn: (CivilDate) -> Bool = { _ in false }) {
        let urgent = Dictionary(alerts.filter { $0.kind == .urgent }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var flagged: [Flagged] = []
        // Notes repeat ("有点头痛" on many days): each is read for warning words once.
        var warns: [String: Bool] = [:]
        let namesWarning = { (note: String) -> Bool in
            guard !note.isEmpty else { return false }
            if let known = warns[note] { return known }
            let named = Symptom.warning.isNamed(in: note)
            warns[note] = named
            return named
        }
        for reading in readings {
            // A reading's id is made as text when asked for: only asked when there is an alert.
            let alert = urgent.isEmpty ? nil : urgent[reading.id]
            let pregnant = alert?.pregnant ?? pregnantOn(reading.takenAt.measurementDay)
            // In a pregnancy a headache or swelling beside a high reading is pre-eclampsia's sign.
            let sign = pregnant && (reading.bloodPressure?.isAtOrAbove(Goals.pregnancyThreshold) ?? false) && Symptom.namesPregnancySign(reading.note)
            let warning = sign || namesWarning(reading.note)
            guard warning || alert?.pregnant == true else { continue }
            flagged.append(Flagged(
                id: reading.id, takenAt: reading.takenAt, pressure: reading.bloodPressure, note: String(reading.note.trimmingWhitespace()),
                warning: warning, severe: alert != nil, pregnant: pregnant, limit: alert?.limit))
        }
        let rank = { (entry: Flagged) in (entry.severe && entry.warning ? 2 : entry.warning ? 1 : 0) }
        guard let first = flagged.enumerated().max(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) })?.element else { return nil }
        self.first = first
        self.readings = flagged
    }
}

/// Falls and near falls noted over the range, each with its day and note: a fall on treatment
/// is a reason to review it (ESH 2023, ESC 2024), however long ago in the range it was.
public struct FallNotes: Equatable, Sendable {
    /// One note of a fall.
    public struct Fall: Equatable, Sendable {
        public let day: CivilDate
        public let note: String
        public let pressure: BloodPressure?
        /// The note names only a near fall (``Symptom/isNearFall(_:)``): never counted as a fall.
        public let near: Bool
    }

    /// The falls, oldest first.
    public let falls: [Fall]
    /// True when every note is of a near fall.
    public var onlyNear: Bool { falls.allSatisfy(\.near) }
    /// True when no note is of a near fall.
    public var noNear: Bool { !falls.contains(where: \.near) }

    /// nil when no note of `readings` (time order) names a fall.
    init?(_ readings: [Reading]) {
        let falls = readings.filter { Symptom.fall.isNamed(in: $0.note) }.map {
            Fall(day: $0.takenAt.measurementDay, note: String($0.note.trimmingWhitespace()), pressure: $0.bloodPressure, near: Symptom.isNearFall($0.note))
        }
        guard !falls.isEmpty else { return nil }
        self.falls = falls
    }
}

/// Why a target is relaxed: ESC 2024 relaxes it from 85 and in the frail, and ESH 2023 from 80
/// aims higher; both ask to consider deprescribing when there are falls or orthostatic symptoms.
public enum RelaxedTarget: Equatable, Sendable {
    /// Frail by the doctor's judgement (``Profile/frail``).
    case frail
    /// Aged 85 or more.
    case age(Int)

    /// The age from which the target is relaxed.
    public static let fromAge = 85

    /// Why `profile`'s target is relaxed on `day`; nil when it is not. Frailty is named first.
    public init?(_ profile: Profile, on day: CivilDate) {
        if profile.frail {
            self = .frail
        } else if let age = profile.age(on: day), age >= RelaxedTarget.fromAge {
            self = .age(age)
        } else {
            return nil
        }
    }
}

/// A treatment stopped on purpose (`med stop`), with no medicine taken since: the person is
/// untreated by decision, so the days after it are not missed doses, and page 1 says when, why,
/// and the home pressure in the 4 weeks before it beside the headline figure.
public struct TreatmentStop: Equatable, Sendable {
    /// The last course stopped, with its stop step.
    public let course: Regimen.Course
    /// The measurement day it was stopped.
    public let day: CivilDate
    public let reason: String?
    /// The home readings of the 28 days before the stop's day.
    public let before: WindowFigures

    /// The stop behind an untreated `day`: nil unless every course recorded was stopped on or before it.
    init?(regimen: Regimen, on day: CivilDate, readings: [Reading]) {
        guard regimen.allStopped(on: day),
            let course = regimen.courses.filter({ $0.stopped.map { $0.measurementDay <= day } ?? false }).max(by: { $0.stopped! < $1.stopped! })
        else { return nil }
        self.init(course, readings: readings)
    }

    /// `course`'s stop; nil when it was not stopped.
    private init?(_ course: Regimen.Course, readings: [Reading]) {
        guard let stop = course.steps.last, stop.action == .stop else { return nil }
        self.course = course
        self.day = stop.day
        reason = stop.reason
        before = WindowFigures(
            readings, from: stop.day.adding(days: -EventEffect.beforeDays.upperBound), to: stop.day.adding(days: -EventEffect.beforeDays.lowerBound))
    }

    /// The medicines stopped on purpose from `from` to `day` while another is still taken on
    /// `day`, oldest first: a class withdrawn (for an adverse effect, say) stays on page 1's
    /// treatment line however long before the headline week it was. A medicine taken again on
    /// `day` (a new course) is not among them.
    static func partial(regimen: Regimen, from: CivilDate, to day: CivilDate, readings: [Reading]) -> [TreatmentStop] {
        guard !regimen.allStopped(on: day) else { return [] }
        let taken = Set(regimen.taken(on: day).map(\.identity))
        return regimen.courses.filter { course in
            guard let stopped = course.stopped?.measurementDay else { return false }
            return stopped >= from && stopped <= day && !taken.contains(course.identity)
        }
        .sorted { $0.stopped! < $1.stopped! }
        .compactMap { TreatmentStop($0, readings: readings) }
    }
}

/// Atrial fibrillation as page 1 reads it: the monitor's flags over the range with the mean
/// pulse, or the condition recorded on the profile. BP in AF needs at least three readings a
/// session (ESH 2023), and AF found by a monitor is to be confirmed by ECG.
public struct AtrialFibrillation: Equatable, Sendable {
    /// Readings a session asks for in AF.
    public static let readingsPerSession = 3
    /// A share of readings flagged irregular from which the flags are worth a sentence (percent).
    public static let notableIrregularShare = 10

    /// The condition is on the profile (``Condition/atrialFibrillation``).
    public let known: Bool
    /// The monitor's flags, when there are any.
    public let findings: DeviceFindings?
    /// The mean pulse of the headline week's home readings (page 1's time frame); without a
    /// protocol week, the range's (``flagsOverRange`` then says so); nil without pulses.
    public let meanPulse: Double?
    /// The monitor's flags count readings outside the headline week too: page 1 labels them with the range.
    public let flagsOverRange: Bool
    /// Morning and evening sessions of the headline week, and of those the ones with three readings or more.
    public let sessions: Int
    public let sessionsWithThree: Int

    /// nil unless the profile has AF, or the monitor flagged possible AF or at least 10 % of readings irregular.
    /// `rangePulse` is the range's mean pulse, said only without a protocol week (`week` empty).
    init?(profile: Profile, findings: DeviceFindings?, rangePulse: Double?, week: [Reading]) {
        let known = profile.conditions.contains(.atrialFibrillation)
        let flagged = findings.map { $0.possibleAFib > 0 || $0.irregularHeartbeat * 100 >= $0.readings * AtrialFibrillation.notableIrregularShare } ?? false
        guard known || flagged else { return nil }
        self.known = known
        self.findings = findings
        let measured = week.filter { $0.bloodPressure != nil }
        let pulses = measured.compactMap(\.pulse)
        meanPulse = week.isEmpty ? rangePulse : pulses.isEmpty ? nil : Double(pulses.reduce(0, +)) / Double(pulses.count)
        flagsOverRange = week.isEmpty || (findings?.readings ?? 0) > measured.count
        var perSession: [Int: Int] = [:]
        for reading in week where reading.bloodPressure != nil {
            guard let session = ProtocolSession(reading, sleep: profile.sleep) else { continue }
            perSession[reading.takenAt.measurementDayNumber * 2 + (session == .morning ? 0 : 1), default: 0] += 1
        }
        sessions = perSession.count
        sessionsWithThree = perSession.values.filter { $0 >= AtrialFibrillation.readingsPerSession }.count
    }
}

/// A change of monitor (`event add --kind monitor`) shortly before or inside the headline week:
/// a new device can read differently from its first day, so it is said beside the verdict.
public struct MonitorChange: Equatable, Sendable {
    /// How long before the headline week a new monitor is still worth saying.
    public static let days = 28

    public let event: Event

    /// The latest monitor event of `events` from 28 days before the week's first day to its last day; nil without one.
    init?(events: [Event], from: CivilDate, to: CivilDate) {
        let days = (from.dayNumber - MonitorChange.days)...to.dayNumber
        guard let event = events.filter({ $0.kind == .monitor && days.contains($0.at.measurementDayNumber) }).max(by: { $0.at < $1.at }) else { return nil }
        self.event = event
    }

    /// The home pressure's step since the new monitor came: the events table's difference
    /// within the same times of day (``EventEffect/sameTimeOfDay``) of `effect`, the monitor's
    /// row. nil when it is not this monitor's, when another change falls in its windows (the
    /// step would be theirs together) or when the sessions are too few.
    public func step(_ effect: EventEffect) -> (systolic: Double, diastolic: Double)? {
        guard effect.event.id == event.id, effect.overlapping.isEmpty, effect.sameTimeOfDay.sufficient,
            let systolic = effect.sameTimeOfDay.systolic, let diastolic = effect.sameTimeOfDay.diastolic
        else { return nil }
        return (systolic.mean, diastolic.mean)
    }
}

/// Apparent resistant hypertension (ESH 2023): home BP uncontrolled on three or more classes
/// of medicine, one a diuretic. "Apparent", until adherence and measurement are checked.
public struct ResistantHypertension: Equatable, Sendable {
    /// Classes a regimen needs.
    public static let classes = 3

    /// Classes taken on the week's last day.
    public let classCount: Int

    /// nil unless `regimen` on `day` holds three classes with a diuretic and `verdict` is decided and at or above the threshold.
    init?(regimen: Regimen, on day: CivilDate, verdict: HomeVerdict?) {
        let taken = regimen.classes(on: day)
        guard taken.count >= ResistantHypertension.classes, taken.diuretic, let verdict, verdict.sufficient, verdict.atOrAboveThreshold else { return nil }
        classCount = taken.count
    }
}
