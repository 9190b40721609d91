import HealthAnalytics
public import HealthCore
import HealthRecords

/// What `took` (or `add --took`) did: the doses it stored, and those it did not store because
/// the same medicine was already recorded as taken in that slot.
public struct RecordedDoses: Sendable {
    public let profile: Profile
    /// The dose events stored, in the order named.
    public let doses: [Event]
    /// The dose events already stored for a medicine named again in the same slot.
    public let alreadyRecorded: [Event]
}

extension HealthLog {
    /// Records, for the session's profile, that the medicines named in `names` (in English or
    /// Chinese) were taken at `at` or now, each as a dose event; with no name, every medicine
    /// the regimen schedules in that slot. A name not in the regimen is
    /// ``HealthLogError/unknownMedicines(_:known:)`` and nothing is written; a medicine already
    /// recorded as taken in the slot is not stored again.
    public func recordDoses(_ names: [String], at: ZonedInstant? = nil) throws(HealthLogError) -> RecordedDoses {
        let at = at ?? now
        let catalogue = try medicineCatalogue()
        return try change { store in
            try HealthLog.recordDoses(names, at: at, profile: try chosenProfile(in: store), store: store, catalogue: catalogue)
        }
    }

    /// Records the doses of `names` taken at `at` for `profile`, in the caller's transaction.
    static func recordDoses(_ names: [String], at: ZonedInstant, profile: Profile, store: RecordStore, catalogue: MedicineCatalogue) throws -> RecordedDoses {
        let events = try store.events(profileID: profile.id)
        let regimen = Regimen(events: events, catalogue: catalogue)
        let running = regimen.coursesForDose(at: at)
        var courses: [Regimen.Course] = []
        if names.isEmpty {
            courses = regimen.due(at: at)
            guard !courses.isEmpty else {
                throw HealthLogError.unknownMedicines([], known: running.map(\.name))
            }
        } else {
            var unknown: [String] = []
            for name in names {
                let identity = catalogue.identity(of: name)
                guard let course = running.first(where: { $0.identity == identity }) else {
                    unknown.append(name)
                    continue
                }
                if !courses.contains(where: { $0.identity == identity }) { courses.append(course) }
            }
            guard unknown.isEmpty else { throw HealthLogError.unknownMedicines(unknown, known: running.map(\.name)) }
        }
        let slot = DoseSlot(at)
        var stored: [Event] = []
        var already: [Event] = []
        for course in courses {
            let earlier = events.first { event in
                event.kind == .dose && event.medicine.map { catalogue.identity(of: $0.name) } == course.identity
                    && course.sameDose(DoseSlot(event.at), as: slot)
            }
            if let earlier {
                already.append(earlier)
                continue
            }
            let medicine = MedicineChange(name: course.name, action: .taken, dose: course.dose(on: slot.day), times: [slot.period])
            let event = Event(profileID: profile.id, at: at, kind: .dose, text: medicine.eventText, medicine: medicine)
            try store.addEvent(event)
            stored.append(event)
        }
        return RecordedDoses(profile: profile, doses: stored, alreadyRecorded: already)
    }
}
