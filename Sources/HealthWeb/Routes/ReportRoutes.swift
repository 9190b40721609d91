import HealthCore
import HealthPresentation
import HealthUseCases

/// The report, as `healthlog report` draws it, to download as a PDF in Chinese or English. A
/// device that may view gets the recent weeks; one that may manage, any range.
struct ReportRoutes {
    let application: WebApplication
    let visit: Visit

    var request: HTTPRequest { visit.request }
    /// The ranges every device may ask for, in days up to today.
    static let spans = [7, 30, 90]

    /// `GET /report?profile=…`: the choice of range and language.
    func form() -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        do {
            let log = visit.log(profile: profileID)
            let profile = try log.profile(profileID).profile
            return .page(
                ReportPage.render(
                    visit, profile: profile, today: log.today, anyRange: visit.device!.may(.manage, profile: profileID), assets: application.assets))
        } catch {
            return application.failure(visit, error)
        }
    }

    /// `GET /report.pdf?profile=…&days=30&language=zh-Hans` (or `from=…&to=…` for a device that may manage).
    func download() -> HTTPResponse {
        guard let profileID = visit.profile() else { return application.notFound(visit) }
        let words = visit.words
        let language = request.query("language").flatMap(Language.init(code:)) ?? visit.language
        let log = visit.log(profile: profileID)
        let today = log.today
        var range: DateRange
        if let fromText = request.query("from"), let toText = request.query("to"), !fromText.isEmpty || !toText.isEmpty {
            guard visit.device!.may(.manage, profile: profileID) else { return application.message(visit, status: 403, words.web("report.rangeNotAllowed")) }
            guard let from = CivilDate(iso: fromText), let to = CivilDate(iso: toText), from <= to else {
                return application.message(visit, status: 400, words.web("report.badRange"))
            }
            range = DateRange(from: from, to: to, endsToday: to >= today)
        } else {
            let days = request.query("days").flatMap(Int.init) ?? 30
            guard ReportRoutes.spans.contains(days) else { return application.message(visit, status: 400, words.web("report.badRange")) }
            range = DateRange(from: today.adding(days: -(days - 1)), to: today, endsToday: true)
        }
        do {
            let report = try log.reportRequest(ReportAsk(summary: SummaryRequest(range: range, language: language)))
            var bytes: [UInt8] = []
            _ = try log.writeReportPDF(report) { bytes += $0 }
            // The name `healthlog report` gives it: the range and the language, so that a second
            // download (the other language, another range) is told apart before it is opened.
            let name = "\(report.document.fileStem()).pdf"
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "application/pdf"), ("Content-Disposition", "attachment; filename=\"\(name)\"")], body: bytes)
        } catch {
            if case .emptyRange = error { return application.message(visit, status: 404, words.web("report.empty")) }
            return application.failure(visit, error)
        }
    }
}

/// The report's choices: the range (any range for a device that may manage) and the language.
enum ReportPage {
    static func render(_ visit: Visit, profile: Profile, today: CivilDate, anyRange: Bool, assets: StaticAssets) -> HTML {
        let words = visit.words
        let spans = ReportRoutes.spans.map { days -> HTML in
            let checked: HTML = days == 30 ? " checked" : ""
            return "<label class=\"choice\"><input type=\"radio\" name=\"days\" value=\"\(days)\"\(checked)> \(words.web("log.days", ["n": String(days)]))</label>"
        }
        let languages = [(Language.chinese, "中文"), (Language.english, "English")].map { language, name -> HTML in
            let checked: HTML = language == visit.language ? " checked" : ""
            return "<label class=\"choice\"><input type=\"radio\" name=\"language\" value=\"\(language.code)\"\(checked)> \(name)</label>"
        }
        let custom: HTML = anyRange
            ? """
            <form class="report" method="get" action="/report.pdf">
            <input type="hidden" name="profile" value="\(profile.id)">
            <fieldset><legend>\(words.web("report.anyRange"))</legend>
            <label class="block" for="from">\(words.web("report.from"))</label><input type="date" id="from" name="from" required value="\(today.adding(days: -29).description)">
            <label class="block" for="to">\(words.web("report.to"))</label><input type="date" id="to" name="to" required value="\(today.description)">
            </fieldset>
            <fieldset><legend>\(words.web("report.language"))</legend>\(languages)</fieldset>
            <button type="submit">\(words.web("report.download"))</button>
            </form>
            """ : .empty
        return PageShell.document(
            visit, title: words.web("report.title", ["name": profile.name]),
            content: """
                <p>\(words.web("report.explain"))</p>
                <form class="report" method="get" action="/report.pdf">
                <input type="hidden" name="profile" value="\(profile.id)">
                <fieldset><legend>\(words.web("report.range"))</legend>\(spans)</fieldset>
                <fieldset><legend>\(words.web("report.language"))</legend>\(languages)</fieldset>
                <button type="submit" class="primary">\(words.web("report.download"))</button>
                </form>
                \(custom)
                <p class="actions"><a href="/?profile=\(Percent.encoded(profile.id))">\(words.web("measure.back"))</a></p>
                """, assets: assets)
    }
}
