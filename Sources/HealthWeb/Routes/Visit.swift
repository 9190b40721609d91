import HealthCore
import HealthPresentation
import HealthUseCases

/// One request as the page handles it: the request, the language it is answered in, and the
/// device its cookie names (nil for a browser that is not paired).
final class Visit {
    let request: HTTPRequest
    let settings: WebSettings
    let language: Language
    /// True when `?lang=` chose the language: the answer keeps it in a cookie.
    let languageChosen: Bool
    let words: StringTable
    /// The paired device, once ``WebApplication`` found it.
    var device: PairedDevice?
    /// The token its cookie carried (never stored; the log has its hash).
    var token: String?
    /// Cookies the answer sets.
    var cookies: [String] = []
    /// The sessions on the log this request opened (see ``log(profile:)``).
    private(set) var sessions: [HealthLog] = []

    init(_ request: HTTPRequest, settings: WebSettings) {
        self.request = request
        self.settings = settings
        (language, languageChosen) = LanguageChoice.of(request, fallback: settings.fallbackLanguage)
        words = settings.words[language] ?? settings.words[.english]!
    }

    /// True when the browser reached the page over HTTPS (itself, or a proxy on this machine).
    var isSecure: Bool {
        settings.tls || (settings.behindLocalProxy && request.header("x-forwarded-proto")?.lowercased() == "https")
    }

    /// Where the browser is, for the lock on pairing: the connection's address, or, through a
    /// proxy on this machine, the address the proxy added last to `X-Forwarded-For` (else every
    /// phone behind the proxy would share one lock).
    var clientAddress: String {
        let client = request.client
        let loopback = client.hasPrefix("127.") || client == "::1" || client.hasPrefix("::ffff:127.")
        guard settings.behindLocalProxy, loopback,
            let forwarded = request.header("x-forwarded-for")?.split(separator: ",").last.map({ String($0).trimmingWhitespace() }),
            !forwarded.isEmpty
        else { return client }
        return String(forwarded)
    }

    /// `phrase` in the page's language.
    func say(_ phrase: Phrase) -> String { words.say(phrase) }

    /// The CSRF token of this device's forms.
    var csrf: String { RequestSecurity.csrfToken(for: token ?? "", purpose: "device") }

    /// The profile a request is about: `profile=` in the query or the form, else the device's
    /// first; nil when the device may not see the one named (or it does not exist), which is
    /// answered as a page that does not exist.
    func profile() -> String? {
        guard let device else { return nil }
        let named = request.query("profile") ?? request.field("profile")
        guard let named else { return device.profileIDs.first }
        return device.grants[named] == nil ? nil : named
    }

    /// A session on the log about `profile`.
    func log(profile: String? = nil) -> HealthLog {
        let log = settings.log(profile: profile)
        sessions.append(log)
        return log
    }

    /// The guideline a reading is judged by: the one set, else the language's own (as `add` does).
    var guideline: GuidelineChoice { settings.guideline ?? .standard(for: language) }

    /// What `reading` of `profile` asks of the person who took it, a line each, from the code
    /// `healthlog add` uses (a pregnancy's 160/110 included).
    func attention(_ reading: Reading, of profile: Profile) -> [String] {
        ReadingText(tags: [], words: words, style: PlainText()).attention(reading, guideline: guideline, profile: profile)
    }

    /// The rules `profile`'s readings are marked by on their own (its target, else the threshold).
    func rules(_ profile: Profile, tags: [StatusTag]) -> ReadingRules {
        ReadingRules(profile: profile, guideline: guideline, tags: tags)
    }

    /// Now, in the page's zone.
    var now: ZonedInstant { settings.zone.zoned(utcSeconds: settings.clock() / 1000) }
}
