import HealthCore

/// The checks a request passes before anything changes, and the headers every answer carries
/// (OWASP's cheat sheets: CSRF tokens with an `Origin` check, a Content-Security-Policy without
/// inline script, no framing, no caching of health data).
enum RequestSecurity {
    /// The cookie holding a paired device's token.
    static let deviceCookie = "hl_device"
    /// The cookie that ties the pairing form to the browser that asked for it (before a device exists).
    static let pairingCookie = "hl_pair"
    /// A device's cookie lasts 400 days, the longest browsers keep one; each visit renews it.
    static let deviceCookieSeconds = 400 * 24 * 3600

    /// The CSRF token of a form for the browser that holds `secret` (a device token, or the
    /// pairing cookie): derived from a secret only that browser's cookie carries, so another
    /// site can neither read nor make it, and the server keeps nothing.
    static func csrfToken(for secret: String, purpose: String) -> String {
        String(SHA256.hex(Array("healthlog-csrf|\(purpose)|\(secret)".utf8)).prefix(40))
    }

    /// True when the form's token is the one for `secret`, compared in constant time.
    static func validCSRF(_ request: HTTPRequest, secret: String, purpose: String) -> Bool {
        guard let given = request.field("csrf") ?? request.header("x-csrf-token") else { return false }
        let expected = Array(csrfToken(for: secret, purpose: purpose).utf8)
        let bytes = Array(given.utf8)
        guard bytes.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in bytes.indices { difference |= bytes[index] ^ expected[index] }
        return difference == 0
    }

    /// True when a state-changing request comes from this page: its `Origin` (else its
    /// `Referer`) names the host the request was sent to. A request with neither is refused.
    static func sameOrigin(_ request: HTTPRequest) -> Bool {
        guard let host = request.header("host"), !host.isEmpty else { return false }
        if let origin = request.header("origin") {
            return authority(of: origin) == host.lowercased()
        }
        if let referer = request.header("referer") {
            return authority(of: referer) == host.lowercased()
        }
        return false
    }

    /// True when the request's `Host` names this page as a browser reached it: an IP address,
    /// `localhost`, or one of `names` (this machine's own names and `--allow-host`). A page on
    /// another site whose name was made to resolve here (DNS rebinding) names its own host and is
    /// refused before anything is read. A request without `Host` (HTTP/1.0) is no browser's.
    static func acceptedHost(_ request: HTTPRequest, names: Set<String>) -> Bool {
        guard let given = request.header("host")?.lowercased() else { return true }
        var host = Substring(given)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let name = String(host)
        return ListenAddress.family(of: name) != nil || name == "localhost" || names.contains(name)
    }

    /// `host:port` of an `http(s)://host:port/…` URL, lower case; nil for anything else (`null`).
    static func authority(of url: String) -> String? {
        let lowered = url.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = String(rest[..<end])
            // The default port may be written or left out.
            if scheme == "http://", authority.hasSuffix(":80") { return String(authority.dropLast(3)) }
            if scheme == "https://", authority.hasSuffix(":443") { return String(authority.dropLast(4)) }
            return authority.isEmpty ? nil : authority
        }
        return nil
    }

    /// The Content-Security-Policy of every answer: our own script and styles only, no inline
    /// script, no plugins, forms posted only here, never framed.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// Adds the headers every answer carries; `secure` under TLS.
    static func decorate(_ response: inout HTTPResponse, secure: Bool, cacheable: Bool) {
        response.set("Content-Security-Policy", contentSecurityPolicy)
        response.set("X-Frame-Options", "DENY")
        response.set("X-Content-Type-Options", "nosniff")
        response.set("Referrer-Policy", "same-origin")
        response.set("Cross-Origin-Opener-Policy", "same-origin")
        response.set("Cross-Origin-Resource-Policy", "same-origin")
        response.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()")
        if response.header("Cache-Control") == nil {
            response.set("Cache-Control", cacheable ? "no-cache" : "no-store")
        }
        if secure { response.set("Strict-Transport-Security", "max-age=31536000") }
    }

    /// A `Set-Cookie` value: always `HttpOnly` and `SameSite=Strict`, `Secure` under TLS.
    static func cookie(_ name: String, _ value: String, maxAge: Int, path: String = "/", secure: Bool) -> String {
        "\(name)=\(value); Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
