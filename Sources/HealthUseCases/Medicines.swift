public import HealthAnalytics
public import HealthCore
public import HealthPresentation
import HealthRecords

/// What recording a medicine did: its event, and the course it belongs to afterwards.
public struct RecordedMedicine: Sendable {
    public let event: Event
    public let profile: Profile
    /// The medicine's course with this step in it.
    public let course: Regimen.Course
}

extension HealthLog {
    /// The medicines HealthLog knows by name, from the Templates folder's `care/medicines.json`.
    public func medicineCatalogue() throws(HealthLogError) -> MedicineCatalogue {
        let folder: TemplatesFolder
        do { folder = try TemplatesFolder.locate(environment: settings.environment) } catch { throw HealthLogError(error) }
        let path = "\(folder.directory)/\(MedicineCatalogue.file)"
        do {
            return try MedicineCatalogue(json: try TemplatesFolder.document(at: path))
        } catch let error as TemplateError {
            throw HealthLogError(error)
        } catch let error as ValidationError {
            throw HealthLogError(TemplatesFolder.fileError(error, path: path))
        } catch {
            throw HealthLogError(TemplateError.file(path: path, key: TemplateError.wholeFile, reason: Phrase(verbatim: "\(error)")))
        }
    }

    /// Records a start, change or stop of a medicine for the session's profile, at `at` or now,
    /// as a medication event (so the before/after figures use it). A start of a medicine already
    /// taken then, or a change or stop of one not taken then, is refused with what to do instead;
    /// so is a dose that is not an amount with a unit (``MedicineDose``), and a day after today:
    /// a step is recorded once it has happened, not planned.
    public func recordMedicine(_ medicine: MedicineChange, at: ZonedInstant? = nil) throws(HealthLogError) -> RecordedMedicine {
        let at = at ?? now
        if at.localDate > now.localDate {
            throw .other(
                .refused,
                Phrase(
                    "{date} is in the future; record a medicine's start, change or stop on the day it happens, or after",
                    ["date": at.localDate.description]))
        }
        let catalogue = try medicineCatalogue()
        do {
            try medicine.validate()
            if let dose = medicine.dose { try MedicineDose.check(dose) }
        } catch { throw .other(.refused, error.phrase) }
        return try change { store in
            let profile = try chosenProfile(in: store)
            let events = try store.events(profileID: profile.id)
            let before = Regimen(events: events.filter { $0.at <= at }, catalogue: catalogue)
            let identity = catalogue.identity(of: medicine.name)
            let running = before.course(identity, takenAt: at)
            switch (medicine.action, running) {
            case (.start, let course?):
                throw HealthLogError.other(
                    .refused,
                    Phrase(
                        "{name} is already taken since {date}; use 'healthlog med change {name} --dose DOSE' to change its dose",
                        ["name": course.name, "date": course.started.localDate.description]))
            case (.change, nil), (.stop, nil):
                throw HealthLogError.other(
                    .refused,
                    Phrase(
                        "{name} is not taken on {date}; start it first with 'healthlog med start {name} --dose DOSE' (see 'healthlog med list --all')",
                        ["name": medicine.name, "date": at.localDate.description]))
            default: break
            }
            var recorded = medicine
            // A change that names no times keeps the ones in use; so does a stop.
            if recorded.action != .start, recorded.times.isEmpty, let running { recorded.times = running.times }
            if recorded.action == .stop { recorded.times = [] }
            let event = Event(profileID: profile.id, at: at, kind: .medication, text: recorded.eventText, medicine: recorded)
            try store.addEvent(event)
            let after = Regimen(events: events + [event], catalogue: catalogue)
            guard let course = after.courses.last(where: { $0.steps.contains { $0.at == at && $0.action == recorded.action } && $0.identity == identity })
            else { throw HealthLogError.other(.failed, Phrase("the medicine was recorded but its course was not found")) }
            return RecordedMedicine(event: event, profile: profile, course: course)
        }
    }

    /// The session profile's medicines as `med list` shows them, in the words of `words`: those
    /// taken now, or every course with its history.
    public func medicineListing(all: Bool, words: StringTable) throws(HealthLogError) -> MedicineListing {
        let (profile, regimen, catalogue) = try regimen()
        return MedicineListing(regimen: regimen, catalogue: catalogue, all: all, now: now, profileID: profile.id, words: words)
    }

    /// The session profile's medicines: every course, with the catalogue that named them.
    public func regimen() throws(HealthLogError) -> (profile: Profile, regimen: Regimen, catalogue: MedicineCatalogue) {
        let catalogue = try medicineCatalogue()
        return try read { store in
            let profile = try chosenProfile(in: store)
            return (profile, Regimen(events: try store.events(profileID: profile.id), catalogue: catalogue), catalogue)
        }
    }
}
