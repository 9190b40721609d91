import HealthAnalytics
import HealthCore
import HealthUseCases

/// Measuring with guidance: five minutes' seated rest, the first reading, a minute's pause, the
/// second; each reading is stored when it is entered, with its own time, as the protocol's two
/// readings of one sitting. The steps are in the address, so the page works without script
/// (the script only counts down).
struct MeasureRoutes {
    let application: WebApplication
    let visit: Visit

    var request: HTTPRequest { visit.request }

    /// `GET /measure?profile=…[&first=ID[&second=ID[&third=ID]]]`.
    func page(refusal: (String, ReadingFormView.Values)? = nil, status: Int = 200) -> HTTPResponse {
        guard let profileID = visit.profile(), visit.device!.may(.add, profile: profileID) else { return application.notFound(visit) }
        do {
            let log = visit.log(profile: profileID)
            let listing = try log.listing(.all, limit: 60)
            var session: [Reading] = []
            for name in ["first", "second", "third"] {
                guard let id = request.query(name) ?? (refusal == nil ? nil : request.field(name)), RandomUUID.isUUID(id) else { break }
                // Read without naming the profile: a reading of another one is a page that does not exist.
                let shown = try visit.log().reading(id)
                guard shown.reading.profileID == profileID else { return application.notFound(visit) }
                session.append(shown.reading)
            }
            let page = MeasurePage(
                visit: visit, profile: listing.profile, tags: listing.tags, last: ReadingFormView.Values.lastOf(listing.readings), session: session,
                refusal: refusal)
            return .page(page.render(assets: application.assets), status: status)
        } catch {
            return application.failure(visit, error)
        }
    }

    /// `POST /measure`: stores one reading of the sitting and goes on to the next step.
    func save() -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        guard visit.device!.may(.add, profile: profileID) else { return application.message(visit, status: 403, visit.words.web("error.mayNotAdd")) }
        let input = ReadingFormInput(request)
        let values: ReadingEntry
        do {
            values = try input.entry(zone: visit.settings.zone, now: visit.now)
        } catch {
            return page(refusal: (visit.say(error.phrase), .typed(input)), status: 400)
        }
        guard values.bloodPressure != nil else { return page(refusal: (visit.words.web("error.noPressure"), .typed(input)), status: 400) }
        do {
            let added = try visit.log(profile: profileID).add(values)
            var query = "profile=\(Percent.encoded(profileID))"
            var steps = ["first", "second", "third"].compactMap { name in request.field(name).flatMap { RandomUUID.isUUID($0) ? (name, $0) : nil } }
            steps = Array(steps.prefix(2))
            steps.append((["first", "second", "third"][steps.count], added.outcome.reading.id))
            for (name, id) in steps { query += "&\(name)=\(id)" }
            return .seeOther("/measure?\(query)")
        } catch {
            if error.kind == .refused { return page(refusal: (visit.say(error.phrase), .typed(input)), status: 400) }
            return application.failure(visit, error)
        }
    }
}

/// The steps of measuring with guidance.
struct MeasurePage {
    let visit: Visit
    let profile: Profile
    let tags: [StatusTag]
    let last: ReadingFormView.Values
    /// The readings of this sitting so far, in order.
    let session: [Reading]
    let refusal: (String, ReadingFormView.Values)?

    /// Seconds of seated rest before the first reading, and between readings.
    static let restSeconds = 5 * 60
    static let pauseSeconds = 60

    func render(assets: StaticAssets) -> HTML {
        let words = visit.words
        var parts: [HTML] = []
        if let refusal { parts.append("<div class=\"notice refused\" role=\"alert\"><p>\(refusal.0)</p></div>") }
        if !session.isEmpty { parts.append(sessionSoFar(words)) }
        switch session.count {
        case 0:
            parts.append(step(words, number: 1, title: words.web("measure.rest.title"), text: words.web("measure.rest.text"), seconds: MeasurePage.restSeconds))
            parts.append(form(words, button: words.web("measure.saveFirst")))
        case 1:
            parts.append(step(words, number: 2, title: words.web("measure.pause.title"), text: words.web("measure.pause.text"), seconds: MeasurePage.pauseSeconds))
            parts.append(form(words, button: words.web("measure.saveSecond")))
        default:
            parts.append(verdict(words))
        }
        parts.append("<p class=\"actions\"><a href=\"/?profile=\(Percent.encoded(profile.id))\">\(words.web("measure.back"))</a></p>")
        return PageShell.document(visit, title: words.web("measure.title", ["name": profile.name]), content: HTML.joined(parts, separator: "\n"), assets: assets)
    }

    /// A step's words and its countdown, which the script runs (and, at zero, shows the form).
    private func step(_ words: StringTable, number: Int, title: String, text: String, seconds: Int) -> HTML {
        let clock = "\(seconds / 60):\(pad(seconds % 60, 2))"
        return """
            <section class="step"><h2>\(words.web("measure.step", ["n": String(number), "title": title]))</h2><p>\(text)</p>
            <p class="countdown" data-countdown="\(seconds)" data-reveals="measure-form" data-skip="\(words.web("measure.skip"))" \
            aria-live="polite">\(clock)</p></section>
            """
    }

    /// The form of the next reading; the sitting's stamps and note carry over. Its sticky Save
    /// bar says only "Save" (one line at 200 % text on a 320 px phone); `button`, the full words
    /// ("Save the first reading"), is the button's accessible name.
    private func form(_ words: StringTable, button: String) -> HTML {
        var values = refusal?.1 ?? last
        if refusal == nil, let first = session.first {
            values.tags = Set(first.tagIDs)
            if let latest = session.last?.bloodPressure {
                values.systolic = String(latest.systolic)
                values.diastolic = String(latest.diastolic)
            }
            values.pulse = session.last?.pulse.map(String.init) ?? values.pulse
        }
        let earlier = zip(["first", "second"], session).map { name, reading -> HTML in
            "<input type=\"hidden\" name=\"\(name)\" value=\"\(reading.id)\">"
        }
        let stamps: HTML = session.isEmpty
            ? ReadingFormView.stamps(words, tags: tags, checked: values.tags)
            : HTML.joined(values.tags.sorted().map { "<input type=\"hidden\" name=\"tags\" value=\"\($0)\">" })
        let note: HTML = session.isEmpty ? ReadingFormView.note(words, values) : .empty
        return """
            <form id="measure-form" class="entry" method="post" action="/measure" autocomplete="off">
            \(ReadingFormView.hidden(csrf: visit.csrf, profile: profile.id))\(earlier)
            \(ReadingFormView.wheels(words, values))
            \(stamps)
            \(note)
            <button type="submit" class="primary" aria-label="\(button)">\(words.web("entry.save"))</button>
            </form>
            """
    }

    /// The sitting's readings so far.
    private func sessionSoFar(_ words: StringTable) -> HTML {
        let items = session.enumerated().map { index, reading -> HTML in
            let values = [reading.bloodPressure.map { "\($0) mmHg" }, reading.pulse.map { words.web("row.pulse", ["pulse": String($0)]) }].compactMap { $0 }
            let advice = visit.attention(reading, of: profile).map { line -> HTML in "<p class=\"attention\">\(line)</p>" }
            let said = words.web("measure.reading", ["n": String(index + 1), "values": ValuesText.joined(values), "time": reading.takenAt.localTimeText])
            return "<li>\(WholeDates.marked(said))\(advice)</li>"
        }
        return "<ol class=\"sitting\">\(items)</ol>"
    }

    /// After the second reading: whether the two agree, and a third when they do not.
    private func verdict(_ words: StringTable) -> HTML {
        guard session.count >= 2, let first = session[0].bloodPressure, let second = session[1].bloodPressure else { return .empty }
        let difference = SittingAgreement.difference(first, second)
        guard SittingAgreement.needsThird(first, second) else {
            return "<div class=\"notice\" role=\"status\"><p>\(words.web("measure.agree", ["n": String(difference)]))</p></div>"
        }
        let notice: HTML = """
            <div class="notice urgent" role="status"><p>\(words.web("measure.differ", ["n": String(difference), "limit": String(SittingAgreement.limit)]))</p></div>
            """
        guard session.count == 2 else { return notice }
        return """
            \(notice)
            \(step(words, number: 3, title: words.web("measure.third.title"), text: words.web("measure.pause.text"), seconds: MeasurePage.pauseSeconds))
            \(form(words, button: words.web("measure.saveThird")))
            """
    }
}
