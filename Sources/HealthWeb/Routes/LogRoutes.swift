import HealthCore
import HealthUseCases

/// The log of readings, newest first, and, for a device that may manage, each reading's edit
/// form and its deletion.
struct LogRoutes {
    let application: WebApplication
    let visit: Visit

    var request: HTTPRequest { visit.request }
    var device: PairedDevice { visit.device! }
    /// The spans the log page offers, in days.
    static let spans = [7, 30, 90, 365]

    /// `GET /log?profile=…&days=30`.
    func log() -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        let days = request.query("days").flatMap(Int.init).flatMap { LogRoutes.spans.contains($0) ? $0 : nil } ?? 30
        do {
            let log = visit.log(profile: profileID)
            let today = log.today
            let listing = try log.listing(DateRange(from: today.adding(days: -(days - 1)), to: today, endsToday: true))
            let profiles = try PageRoutes(application: application, visit: visit).visibleProfiles(log)
            return .page(
                LogPage.render(
                    visit, profile: listing.profile, profiles: profiles, readings: listing.readings.reversed(), tags: listing.tags, days: days,
                    deleted: request.query("deleted") != nil, assets: application.assets))
        } catch {
            return application.failure(visit, error)
        }
    }

    /// The reading `id` if this device may manage its profile; nil answers as a page that does not exist.
    private func managed(_ id: String) throws(HealthLogError) -> ShownReading? {
        // A whole id only: a prefix would let a device probe for readings it may not see.
        guard RandomUUID.isUUID(id) else { return nil }
        let shown = try visit.log().reading(id)
        return device.may(.manage, profile: shown.reading.profileID) ? shown : nil
    }

    /// `GET /readings/ID/edit`.
    func editForm(_ id: String, refusal: (String, ReadingFormView.Values)? = nil) -> HTTPResponse {
        do {
            guard let shown = try managed(id) else { return application.notFound(visit) }
            let tags = try visit.log(profile: shown.profile.id).listing(.all, limit: 1).tags
            return .page(
                EditPage.render(visit, shown: shown, tags: tags, refusal: refusal, assets: application.assets), status: refusal == nil ? 200 : 400)
        } catch {
            return application.failure(visit, error)
        }
    }

    /// `POST /readings/ID`: the form's values replace the reading's; an emptied field is removed.
    func edit(_ id: String) -> HTTPResponse {
        let input = ReadingFormInput(request)
        do {
            guard let shown = try managed(id) else { return application.notFound(visit) }
            let values: ReadingEntry
            do {
                values = try input.entry(zone: visit.settings.zone, now: visit.now, clearing: true)
            } catch {
                return editForm(id, refusal: (visit.say(error.phrase), .typed(input)))
            }
            var clearing: Set<ReadingField> = [.tags]
            if values.bloodPressure == nil { clearing.insert(.bp) }
            if values.pulse == nil { clearing.insert(.pulse) }
            if values.weightGrams == nil { clearing.insert(.weight) }
            if (values.note ?? "").isEmpty { clearing.insert(.note) }
            guard !values.hasNoMeasurement else { return editForm(id, refusal: (visit.words.web("error.noMeasurement"), .typed(input))) }
            do {
                _ = try visit.log(profile: shown.profile.id).edit(id, with: values, clearing: clearing)
            } catch {
                if error.kind == .refused { return editForm(id, refusal: (visit.say(error.phrase), .typed(input))) }
                throw error
            }
            return .seeOther("/?profile=\(Percent.encoded(shown.profile.id))&saved=\(id)")
        } catch {
            return application.failure(visit, error)
        }
    }

    /// `POST /readings/ID/delete`: without `confirm=yes` (the edit page's button), the question;
    /// with it (the question's button), the reading is deleted.
    func delete(_ id: String) -> HTTPResponse {
        do {
            guard let shown = try managed(id) else { return application.notFound(visit) }
            guard request.field("confirm") == "yes" else { return .page(DeletePage.render(visit, shown: shown, assets: application.assets)) }
            let log = visit.log(profile: shown.profile.id)
            try log.delete(try log.readings(ids: [id]))
            return .seeOther("/log?profile=\(Percent.encoded(shown.profile.id))&deleted=1")
        } catch {
            return application.failure(visit, error)
        }
    }
}
