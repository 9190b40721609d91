import HealthCore
import HealthPresentation
import HealthUseCases

/// `/api/v1/…`: the same JSON as the command line's `--format json`, under the same pairing
/// and capabilities as the pages. A request without a paired device is answered 401.
struct APIRoutes {
    let application: WebApplication
    let visit: Visit

    func route() -> HTTPResponse {
        let request = visit.request
        let parts = request.pathParts
        guard parts.count >= 2, parts[1] == "v1" else { return error(404, visit.words.web("error.notFound")) }
        do {
            guard let token = request.cookies[RequestSecurity.deviceCookie], let device = try visit.log().pairedDevice(token: token) else {
                var response = error(401, visit.words.web("api.unpaired"))
                response.set("WWW-Authenticate", "HealthLog-Pairing realm=\"HealthLog\"")
                return response
            }
            visit.device = device
            visit.token = token
        } catch {
            return self.error(503, visit.say(error.phrase))
        }
        guard ["GET", "HEAD"].contains(request.method) else { return error(405, visit.words.web("error.method")) }
        switch parts.dropFirst(2).map(String.init) {
        case ["device"]: return .json(DeviceJSON.json(visit.device!, zone: visit.settings.zone).serialized())
        case ["readings"]: return readings()
        case ["summary"]: return summary()
        default: return error(404, visit.words.web("error.notFound"))
        }
    }

    /// The profile asked for (`profile=`, else the device's first) and the range (`from=`,
    /// `to=` as YYYY-MM-DD, or `days=N` up to today; else every date), or the answer refusing them.
    private func query() -> Result<(profile: String, log: HealthLog, range: DateRange), APIRefusal> {
        guard let profile = visit.profile() else { return .failure(APIRefusal(status: 404, message: visit.words.web("error.notFound"))) }
        let request = visit.request
        let log = visit.log(profile: profile)
        let today = log.today
        var range = DateRange()
        if let days = request.query("days") {
            guard let count = Int(days), (1...36_600).contains(count) else { return .failure(APIRefusal(status: 400, message: visit.words.web("api.badRange"))) }
            range = DateRange(from: today.adding(days: -(count - 1)), to: today, endsToday: true)
        }
        for (name, keyPath) in [("from", \DateRange.from), ("to", \DateRange.to)] {
            guard let text = request.query(name) else { continue }
            guard let date = CivilDate(iso: text) else { return .failure(APIRefusal(status: 400, message: visit.words.web("api.badRange"))) }
            range[keyPath: keyPath] = date
        }
        if range.from != nil, range.to == nil { range.to = today }
        range.endsToday = range.to.map { $0 >= today } ?? false
        if let from = range.from, let to = range.to, from > to {
            return .failure(APIRefusal(status: 400, message: visit.words.web("api.reversedRange", ["from": from.description, "to": to.description])))
        }
        return .success((profile, log, range))
    }

    /// `GET /api/v1/readings`: as `healthlog list --format json` prints them.
    private func readings() -> HTTPResponse {
        switch query() {
        case .failure(let refusal): return error(refusal.status, refusal.message)
        case .success(let (_, log, range)):
            do {
                return .json(ReadingListJSON.array(try log.listing(range).readings).serialized())
            } catch {
                return failure(error)
            }
        }
    }

    /// `GET /api/v1/summary`: as `healthlog stats --format json` prints it.
    private func summary() -> HTTPResponse {
        switch query() {
        case .failure(let refusal): return error(refusal.status, refusal.message)
        case .success(let (_, log, range)):
            do {
                let request = SummaryRequest(range: range, guideline: visit.settings.guideline, language: visit.language)
                let document = try log.summaryDocument(request, strings: visit.words)
                return .json(document.json(filter: request.filter.json).serialized())
            } catch {
                return failure(error)
            }
        }
    }

    private func failure(_ failure: HealthLogError) -> HTTPResponse {
        switch failure {
        case .emptyRange: return error(404, visit.say(failure.phrase))
        case .unknownProfile: return error(404, visit.words.web("error.notFound"))
        default: return error(failure.kind == .refused ? 400 : 503, visit.say(failure.phrase))
        }
    }

    /// `{"error": "…"}` with `status`.
    func error(_ status: Int, _ message: String) -> HTTPResponse {
        .json(JSONValue.object([("error", .string(message))]).serialized(), status: status)
    }
}

/// Why an API request is refused, before the log is asked.
struct APIRefusal: Error {
    let status: Int
    let message: String
}
