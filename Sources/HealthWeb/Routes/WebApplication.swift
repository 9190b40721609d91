import HealthCore
import HealthUseCases
import Synchronization

/// The page over one log: routes each request, checks who may do what, calls the use-case
/// layer and renders. Called on the engine's threads, one request per call; each request has
/// its own session on the log (SQLite's locks keep the writers of every process apart).
final class WebApplication: Sendable {
    let settings: WebSettings
    let assets: StaticAssets
    let throttle = PairingThrottle()
    /// Writes one line of the server's log: the method, path, status, device and time taken, never a value.
    private let logLine: @Sendable (String) -> Void
    /// When the shared folder was last merged (monotonic seconds).
    private let lastMerge = Mutex(-Double.infinity)
    /// How often the page merges what other machines wrote, at most.
    static let mergeInterval = 5.0

    init(settings: WebSettings, assets: StaticAssets, logLine: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.assets = assets
        self.logLine = logLine
    }

    /// The answer to `request`, with the headers every answer carries.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = seconds()
        let visit = Visit(request, settings: settings)
        var response = route(visit)
        // A reading added here reaches the family's other machines at once, as one added with `healthlog add`.
        for session in visit.sessions { session.askSyncEngineToRescan() }
        if visit.languageChosen {
            visit.cookies.append(RequestSecurity.cookie(LanguageChoice.cookie, visit.language.code, maxAge: 400 * 24 * 3600, secure: visit.isSecure))
        }
        for cookie in visit.cookies { response.headers.append(("Set-Cookie", cookie)) }
        RequestSecurity.decorate(&response, secure: visit.isSecure, cacheable: request.path.hasPrefix("/static/"))
        let milliseconds = Int((seconds() - started) * 1000)
        // The method and path, never the query or the body: no value a person entered reaches
        // the log. Each field the request brings is shown, never obeyed, by a terminal (a
        // method of `\e]0;…\a` would retitle it), and a method is cut short: it is no token.
        let method = request.method.count > 16 ? String(request.method.prefix(16)) + "…" : request.method
        logLine("\(method.visibleControls()) \(request.path.visibleControls()) \(response.status) \(milliseconds)ms \(visit.device?.name.visibleControls() ?? "-")")
        return response
    }

    /// The methods the page answers.
    static let methods = ["GET", "HEAD", "POST"]

    private func route(_ visit: Visit) -> HTTPResponse {
        let request = visit.request
        guard RequestSecurity.acceptedHost(request, names: settings.hostNames) else {
            return message(visit, status: 421, visit.words.web("error.host"))
        }
        if let refusal = request.refusal { return refused(visit, refusal) }
        // The page answers GET, HEAD and POST; any other method is 405 with what is allowed,
        // before any check that would answer it as a form sent from elsewhere.
        guard WebApplication.methods.contains(request.method) else {
            var response = message(visit, status: 405, visit.words.web("error.method"))
            response.set("Allow", WebApplication.methods.joined(separator: ", "))
            return response
        }
        let parts = request.pathParts
        if parts.first == "static", parts.count == 2, ["GET", "HEAD"].contains(request.method) {
            return assets.response(for: parts[1], request: request)
        }
        if request.isStateChanging, !RequestSecurity.sameOrigin(request) {
            return message(visit, status: 403, visit.words.web("error.origin"))
        }
        if parts.first == "pair", parts.count == 1 {
            return PairingRoutes(application: self, visit: visit).route()
        }
        if parts.first == "api" { return APIRoutes(application: self, visit: visit).route() }
        // Every other address needs a paired device.
        do {
            guard let token = request.cookies[RequestSecurity.deviceCookie], let device = try settings.log(profile: nil).pairedDevice(token: token) else {
                return unpaired(visit)
            }
            visit.device = device
            visit.token = token
            // The cookie lives as long again from each visit.
            visit.cookies.append(RequestSecurity.cookie(RequestSecurity.deviceCookie, token, maxAge: RequestSecurity.deviceCookieSeconds, secure: visit.isSecure))
        } catch {
            return failure(visit, error)
        }
        if request.isStateChanging, !RequestSecurity.validCSRF(request, secret: visit.token ?? "", purpose: "device") {
            return message(visit, status: 403, visit.words.web("error.csrf"))
        }
        mergeSharedFolder()
        return PageRoutes(application: self, visit: visit).route()
    }

    // MARK: - Answers every route gives

    /// A browser that is not paired: how to pair, and nothing else (401, no health data).
    func unpaired(_ visit: Visit, message: String? = nil) -> HTTPResponse {
        var response = HTTPResponse.page(PairingPage.howToPair(visit, message: message, assets: assets), status: 401)
        response.set("WWW-Authenticate", "HealthLog-Pairing realm=\"HealthLog\"")
        return response
    }

    /// A page that only says `text`, with `status`.
    func message(_ visit: Visit, status: Int, _ text: String) -> HTTPResponse {
        // A refused download or look is not a refused save: a 400 says which it was.
        let key = status == 400 && !visit.request.isStateChanging ? "status.400.show" : "status.\(status)"
        let title = visit.words.web(key)
        return .page(MessagePage.render(visit, title: title, message: text, assets: assets), status: status)
    }

    /// A page that does not exist, or one this device may not see: the same answer for both.
    func notFound(_ visit: Visit) -> HTTPResponse {
        message(visit, status: 404, visit.words.web("error.notFound"))
    }

    /// A use case's failure: a refusal is the request's fault (400), a log that is busy or
    /// broken is the server's (503, 500).
    func failure(_ visit: Visit, _ error: any Error) -> HTTPResponse {
        guard let error = error as? HealthLogError else { return message(visit, status: 500, visit.words.web("error.internal")) }
        switch error {
        case .unknownProfile, .unknownReading: return notFound(visit)
        case .noDatabase: return message(visit, status: 503, visit.words.web("error.noLog"))
        default: break
        }
        switch error.kind {
        case .refused: return message(visit, status: 400, visit.say(error.phrase))
        case .unreadableInput, .cannotCreate, .failed, .unavailable, .misconfigured, .timedOut:
            let busy = error.phrase.english.contains("locked") || error.phrase.english.contains("busy")
            return message(visit, status: busy ? 503 : 500, busy ? visit.words.web("error.busy") : visit.say(error.phrase))
        }
    }

    private func refused(_ visit: Visit, _ refusal: RequestRefusal) -> HTTPResponse {
        switch refusal {
        case .tooLarge: message(visit, status: 413, visit.words.web("error.tooLarge"))
        case .notText: message(visit, status: 400, visit.words.web("error.notText"))
        case .unreadableForm: message(visit, status: 400, visit.words.web("error.unreadableForm"))
        case .notAMethod: message(visit, status: 400, visit.words.web("error.method"))
        }
    }

    /// Merges what the family's other machines wrote, as every command does first, at most
    /// every few seconds; one request merges while the others go on.
    private func mergeSharedFolder() {
        let now = seconds()
        let due = lastMerge.withLock { last -> Bool in
            guard now - last >= WebApplication.mergeInterval else { return false }
            last = now
            return true
        }
        guard due else { return }
        if let warning = settings.log(profile: nil).mergeQuietly() {
            logLine(warning.english)
        }
    }
}
