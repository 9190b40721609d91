import HealthCore
import HealthUseCases

/// `/pair`: a pairing link asks before it pairs (`GET /pair?code=…`), and pairs on the answer
/// (`POST /pair`), which sets the device's cookie. Wrong, used and run-out codes count towards
/// the lock on pairing, the browser's address's and the page's.
struct PairingRoutes {
    let application: WebApplication
    let visit: Visit

    func route() -> HTTPResponse {
        switch visit.request.method {
        case "GET", "HEAD": return ask()
        case "POST": return pair()
        default: return application.message(visit, status: 405, visit.words.web("error.method"))
        }
    }

    /// The page a pairing link opens: the question, or why the code does not pair.
    private func ask() -> HTTPResponse {
        let words = visit.words
        guard let typed = visit.request.query("code"), !typed.isEmpty else { return application.unpaired(visit) }
        if let locked = application.throttle.lockedFor(visit.clientAddress) { return lockedOut(locked) }
        guard let code = PairingCode.normalized(typed) else {
            application.throttle.recordFailure(from: visit.clientAddress)
            return application.unpaired(visit, message: words.web("pair.invalid"))
        }
        do {
            guard let device = try visit.log().pendingPairing(code: code) else {
                application.throttle.recordFailure(from: visit.clientAddress)
                return application.unpaired(visit, message: words.web("pair.invalid"))
            }
            let names = try profileNames(device)
            // The form is tied to this browser by a cookie of its own, as a device's forms are to its token.
            let secret = PairingCode.newBrowserSecret()
            visit.cookies.append(RequestSecurity.cookie(RequestSecurity.pairingCookie, secret, maxAge: 15 * 60, path: "/pair", secure: visit.isSecure))
            let csrf = RequestSecurity.csrfToken(for: secret, purpose: "pair")
            return .page(PairingPage.confirm(visit, code: code, deviceName: device.name, profiles: names, csrf: csrf, assets: application.assets))
        } catch {
            return application.failure(visit, error)
        }
    }

    /// Pairs this browser: the code is used up, and the device's token goes into its cookie.
    private func pair() -> HTTPResponse {
        let words = visit.words
        guard let secret = visit.request.cookies[RequestSecurity.pairingCookie],
            RequestSecurity.validCSRF(visit.request, secret: secret, purpose: "pair")
        else { return application.message(visit, status: 403, words.web("error.csrf")) }
        if let locked = application.throttle.lockedFor(visit.clientAddress) { return lockedOut(locked) }
        do {
            guard let completed = try visit.log().completePairing(code: visit.request.field("code") ?? "") else {
                application.throttle.recordFailure(from: visit.clientAddress)
                return application.unpaired(visit, message: words.web("pair.invalid"))
            }
            visit.device = completed.device
            visit.cookies.append(
                RequestSecurity.cookie(RequestSecurity.deviceCookie, completed.token, maxAge: RequestSecurity.deviceCookieSeconds, secure: visit.isSecure))
            visit.cookies.append(RequestSecurity.cookie(RequestSecurity.pairingCookie, "", maxAge: 0, path: "/pair", secure: visit.isSecure))
            return .seeOther("/?paired=1")
        } catch {
            return application.failure(visit, error)
        }
    }

    private func lockedOut(_ seconds: Double) -> HTTPResponse {
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        var response = application.message(visit, status: 429, visit.words.web("pair.locked", ["minutes": String(minutes)]))
        response.set("Retry-After", String(Int(seconds.rounded(.up))))
        return response
    }

    /// The names of the profiles `device` may see, in the page's words.
    private func profileNames(_ device: PairedDevice) throws -> [String] {
        let profiles = try visit.log().profiles()
        return device.profileIDs.map { id in profiles.first { $0.profile.id == id }?.profile.name ?? id }
    }
}
