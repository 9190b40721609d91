import HealthCore
import HealthPresentation
import HealthUseCases

/// The pages of a paired device, each checked against what the device may do for the profile
/// it names: a profile it may not see, or a reading of one, is a page that does not exist.
struct PageRoutes {
    let application: WebApplication
    let visit: Visit

    var request: HTTPRequest { visit.request }
    var device: PairedDevice { visit.device! }

    func route() -> HTTPResponse {
        let parts = request.pathParts.map(String.init)
        let get = ["GET", "HEAD"].contains(request.method)
        let post = request.method == "POST"
        let logs = LogRoutes(application: application, visit: visit)
        if get, parts.isEmpty { return entry() }
        if post, parts == ["readings"] { return add() }
        if get, parts == ["log"] { return logs.log() }
        if parts.count == 3, parts[0] == "readings", parts[2] == "edit", get { return logs.editForm(parts[1]) }
        if parts.count == 2, parts[0] == "readings", post { return logs.edit(parts[1]) }
        if parts.count == 3, parts[0] == "readings", parts[2] == "delete", post { return logs.delete(parts[1]) }
        if parts == ["measure"], get { return MeasureRoutes(application: application, visit: visit).page() }
        if parts == ["measure"], post { return MeasureRoutes(application: application, visit: visit).save() }
        if parts == ["report"], get { return ReportRoutes(application: application, visit: visit).form() }
        if parts == ["report.pdf"], get { return ReportRoutes(application: application, visit: visit).download() }
        return application.notFound(visit)
    }

    /// The entry page, after a save with what was saved, after a refusal with what was typed.
    func entry(saved: [Reading] = [], refusal: (String, ReadingFormView.Values)? = nil, status: Int = 200) -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        do {
            let log = visit.log(profile: profileID)
            let listing = try log.listing(.all, limit: 60)
            let today = log.today
            let todays = try log.listing(DateRange(from: today, to: today, endsToday: true)).readings
            var shown = saved
            if shown.isEmpty, let ids = request.query("saved") {
                for id in ids.split(separator: ",").prefix(3) where RandomUUID.isUUID(String(id)) {
                    if let found = try? log.reading(String(id)), found.reading.profileID == profileID { shown.append(found.reading) }
                }
            }
            var page = EntryPage(
                visit: visit, profile: listing.profile, profiles: try visibleProfiles(log), tags: listing.tags, recent: listing.readings,
                today: todays, saved: shown)
            page.refusal = refusal
            page.week = week(log)
            return .page(page.render(assets: application.assets), status: status)
        } catch {
            return application.failure(visit, error)
        }
    }

    /// The last four weeks' figures and chart, as page 1 of the report has them; nothing when
    /// there are no readings in them.
    private func week(_ log: HealthLog) -> HTML {
        let today = log.today
        let range = DateRange(from: today.adding(days: -(WeekSection.days - 1)), to: today, endsToday: true)
        let request = SummaryRequest(range: range, guideline: visit.settings.guideline, language: visit.language)
        guard let document = try? log.summaryDocument(request, strings: visit.words) else { return .empty }
        return WeekSection.render(document, words: visit.words)
    }

    /// Adds the posted reading through the same call `healthlog add` makes, then shows it.
    private func add() -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        guard device.may(.add, profile: profileID) else { return application.message(visit, status: 403, visit.words.web("error.mayNotAdd")) }
        let input = ReadingFormInput(request)
        let refuse = { (message: String) in entry(refusal: (message, ReadingFormView.Values.typed(input)), status: 400) }
        let entryValues: ReadingEntry
        do {
            entryValues = try input.entry(zone: visit.settings.zone, now: visit.now)
        } catch {
            return refuse(visit.say(error.phrase))
        }
        guard !entryValues.hasNoMeasurement else { return refuse(visit.words.web("error.noMeasurement")) }
        do {
            let added = try visit.log(profile: profileID).add(entryValues)
            return .seeOther("/?profile=\(Percent.encoded(profileID))&saved=\(added.outcome.reading.id)")
        } catch {
            if error.kind == .refused, !isMissingProfile(error) { return refuse(visit.say(error.phrase)) }
            return application.failure(visit, error)
        }
    }

    private func isMissingProfile(_ error: HealthLogError) -> Bool {
        if case .unknownProfile = error { return true }
        return false
    }

    /// The profiles this device may see, as the log has them.
    func visibleProfiles(_ log: HealthLog) throws -> [Profile] {
        try log.profiles().map(\.profile).filter { device.grants[$0.id] != nil }
    }
}
