@testable import HealthWeb
import Testing

/// The Origin check and the CSRF tokens, on their own.
@Suite struct RequestSecurityTests {
    func post(origin: String? = nil, referer: String? = nil, host: String? = "192.168.1.20:8421", csrf: String? = nil) -> HTTPRequest {
        var headers: [String: String] = [:]
        headers["origin"] = origin
        headers["referer"] = referer
        headers["host"] = host
        return HTTPRequest(method: "POST", path: "/readings", query: [], headers: headers, cookies: [:], form: csrf.map { [("csrf", $0)] } ?? [], body: [])
    }

    @Test func onlyThisPageIsTheSameOrigin() {
        #expect(RequestSecurity.sameOrigin(post(origin: "http://192.168.1.20:8421")))
        #expect(RequestSecurity.sameOrigin(post(origin: "HTTP://192.168.1.20:8421")))
        #expect(!RequestSecurity.sameOrigin(post(origin: "http://192.168.1.20:8422")))
        #expect(!RequestSecurity.sameOrigin(post(origin: "http://evil.example")))
        #expect(!RequestSecurity.sameOrigin(post(origin: "null")))
        #expect(!RequestSecurity.sameOrigin(post(origin: "http://192.168.1.20:8421.evil.example")))
        #expect(RequestSecurity.sameOrigin(post(referer: "http://192.168.1.20:8421/?profile=dad")))
        #expect(!RequestSecurity.sameOrigin(post(referer: "http://evil.example/192.168.1.20:8421")))
        #expect(!RequestSecurity.sameOrigin(post()), "neither Origin nor Referer")
        #expect(!RequestSecurity.sameOrigin(post(origin: "http://192.168.1.20:8421", host: nil)))
        // Behind a proxy the browser's scheme is HTTPS, its default port left out.
        #expect(RequestSecurity.sameOrigin(post(origin: "https://health.example.home", host: "health.example.home")))
        #expect(RequestSecurity.sameOrigin(post(origin: "https://health.example.home:443", host: "health.example.home")))
    }

    @Test func onlyTheNamesOfThisPageAreAcceptedHosts() {
        let names: Set<String> = ["homeserver", "homeserver.local", "health.home"]
        for host in ["192.168.1.20:8421", "127.0.0.1", "[::1]:8421", "localhost:8421", "HomeServer.local:8421", "health.home", "health.home.:443"] {
            #expect(RequestSecurity.acceptedHost(post(host: host), names: names), "\(host)")
        }
        for host in ["rebind.example:8421", "192.168.1.20.rebind.example", "localhost.evil.example", "[::1", "health.home.evil", ""] {
            #expect(!RequestSecurity.acceptedHost(post(host: host), names: names), "\(host)")
        }
        #expect(RequestSecurity.acceptedHost(post(host: nil), names: []), "HTTP/1.0 without Host")
    }

    @Test func aTokenBelongsToOneSecretAndOnePurpose() {
        let token = RequestSecurity.csrfToken(for: "secret-a", purpose: "device")
        #expect(token.count == 40)
        #expect(RequestSecurity.validCSRF(post(csrf: token), secret: "secret-a", purpose: "device"))
        #expect(!RequestSecurity.validCSRF(post(csrf: token), secret: "secret-b", purpose: "device"))
        #expect(!RequestSecurity.validCSRF(post(csrf: token), secret: "secret-a", purpose: "pair"))
        #expect(!RequestSecurity.validCSRF(post(csrf: String(token.dropLast())), secret: "secret-a", purpose: "device"))
        #expect(!RequestSecurity.validCSRF(post(), secret: "secret-a", purpose: "device"))
    }

    @Test func cookiesAreHttpOnlyAndStrictAndSecureUnderTLS() {
        #expect(RequestSecurity.cookie("hl_device", "t", maxAge: 10, secure: false) == "hl_device=t; Path=/; Max-Age=10; HttpOnly; SameSite=Strict")
        #expect(RequestSecurity.cookie("hl_device", "t", maxAge: 10, secure: true).hasSuffix("; HttpOnly; SameSite=Strict; Secure"))
    }
}
