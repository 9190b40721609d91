public import HealthCore

/// The medicines a person takes and took, from the medicine events of the care record (`med
/// start`, `change`, `stop`), each with its dated history: what page 1's treatment line says,
/// and what tells a deliberate stop from a missed dose.
public struct Regimen: Equatable, Sendable {
    /// One start, change or stop of a course.
    public struct Step: Equatable, Sendable {
        public let at: ZonedInstant
        public let action: MedicineAction
        /// The dose from this step on (a stop keeps the last dose taken).
        public let dose: String?
        public let times: [DayPeriod]
        public let reason: String?
        /// The id of the medication event that recorded it.
        public let eventID: String

        /// The measurement day of the step.
        public var day: CivilDate { at.measurementDay }
    }

    /// One medicine from a start to its stop (or to now): a restart after a stop is a new course.
    public struct Course: Equatable, Sendable {
        /// The medicine's identity: the catalogue's generic name, else the typed name lower-cased.
        public let identity: String
        /// The name as first typed.
        public let name: String
        /// The catalogue's generic name and classes; nil and empty for a name it does not know.
        public let generic: String?
        /// The catalogue's Chinese name (氨氯地平 for amlodipine); nil for a name it does not know.
        public let chinese: String?
        public let classes: [String]
        /// The start, then its changes, then perhaps a stop, in time order.
        public internal(set) var steps: [Step]

        /// When it started.
        public var started: ZonedInstant { steps[0].at }
        /// When it was stopped; nil while it is taken.
        public var stopped: ZonedInstant? { steps.last?.action == .stop ? steps.last?.at : nil }
        /// The dose now (or when stopped).
        public var dose: String? { steps.last(where: { $0.action != .stop })?.dose }
        /// The times of day a dose is due now (or when stopped); empty when not said.
        public var times: [DayPeriod] { steps.last(where: { $0.action != .stop })?.times ?? [] }

        /// True when the course is taken at `instant`: started at or before it and not stopped by then.
        public func isTaken(at instant: ZonedInstant) -> Bool {
            started <= instant && (stopped.map { instant < $0 } ?? true)
        }

        /// True when the course is taken on measurement day `day` (started on or before it, not stopped before it).
        public func isTaken(on day: CivilDate) -> Bool {
            steps[0].day <= day && (stopped.map { day < $0.measurementDay } ?? true)
        }

        /// The last change of dose or times, start included, on or before `day`.
        public func lastChange(onOrBefore day: CivilDate) -> Step? {
            steps.last { $0.action != .stop && $0.day <= day }
        }
    }

    /// Every course, oldest start first.
    public let courses: [Course]

    /// The regimen the medicine events among `events` (any order) make; other events are ignored.
    /// A change or stop with no course running is read as the start of one (a record kept from
    /// the middle of a treatment), so that nothing recorded is dropped.
    public init(events: [Event], catalogue: MedicineCatalogue) {
        var courses: [Course] = []
        var open: [String: Int] = [:]
        for event in events.sorted(by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
            guard event.kind == .medication, let medicine = event.medicine else { continue }
            let identity = catalogue.identity(of: medicine.name)
            let step = Step(at: event.at, action: medicine.action, dose: medicine.dose, times: medicine.times, reason: medicine.reason, eventID: event.id)
            if let index = open[identity], medicine.action != .start {
                courses[index].steps.append(step)
                if medicine.action == .stop { open[identity] = nil }
                continue
            }
            if let index = open[identity] {
                // A second start while taken: read as a change, so the history stays one course.
                courses[index].steps.append(Step(at: step.at, action: .change, dose: step.dose, times: step.times, reason: step.reason, eventID: step.eventID))
                continue
            }
            let entry = catalogue.entry(for: medicine.name)
            courses.append(Course(
                identity: identity, name: medicine.name, generic: entry?.name, chinese: entry?.chinese.first, classes: entry?.classes ?? [], steps: [step]))
            if medicine.action != .stop { open[identity] = courses.count - 1 }
        }
        self.courses = courses
    }

    /// True when no medicine was ever recorded.
    public var isEmpty: Bool { courses.isEmpty }

    /// The course with the step the event `eventID` recorded, and the step's index in it; nil
    /// for an event that recorded none.
    public func step(recordedBy eventID: String) -> (course: Course, index: Int)? {
        for course in courses {
            if let index = course.steps.firstIndex(where: { $0.eventID == eventID }) { return (course, index) }
        }
        return nil
    }

    /// The courses taken at `instant`.
    public func taken(at instant: ZonedInstant) -> [Course] { courses.filter { $0.isTaken(at: instant) } }

    /// The courses taken on measurement day `day`.
    public func taken(on day: CivilDate) -> [Course] { courses.filter { $0.isTaken(on: day) } }

    /// The course of `identity` taken at `instant`, if one is.
    public func course(_ identity: String, takenAt instant: ZonedInstant) -> Course? {
        courses.first { $0.identity == identity && $0.isTaken(at: instant) }
    }

    /// The distinct classes of the courses taken on `day`, and whether one is a diuretic.
    public func classes(on day: CivilDate) -> (count: Int, diuretic: Bool) {
        let taken = Set(taken(on: day).flatMap(\.classes))
        return (taken.count, !taken.isDisjoint(with: MedicineCatalogue.diureticClasses))
    }

    /// True when no medicine is taken on `day` and at least one was stopped before it: the
    /// person is untreated by choice, not missing doses.
    public func allStopped(on day: CivilDate) -> Bool {
        !courses.isEmpty && taken(on: day).isEmpty && courses.contains { $0.stopped.map { $0.measurementDay <= day } ?? false }
    }
}
