import HealthCore
import HealthPresentation
import HealthUseCases

/// What the page needs from the world, fixed when it starts.
struct WebSettings: Sendable {
    /// The log's file.
    let databasePath: String
    /// Where templates and temporary files are found.
    let environment: [String: String]
    let zone: any TimeZoneRule
    /// Milliseconds since 1970.
    let clock: @Sendable () -> Int64
    /// The language of a browser that names none HealthLog speaks.
    let fallbackLanguage: Language
    /// The page's words in each language.
    let words: [Language: StringTable]
    /// True when serving HTTPS itself.
    let tls: Bool
    /// True when a proxy on this machine may say the browser used HTTPS (`X-Forwarded-Proto`):
    /// only when listening on 127.0.0.1 or ::1 (``ListenAddress/believesLocalProxy``).
    let behindLocalProxy: Bool
    /// The names besides IP addresses and `localhost` a request's `Host` may give: this
    /// machine's own (`gethostname`, and with `.local`) and those of `--allow-host`, lower case.
    let hostNames: Set<String>
    /// How long a request waits while another process writes the log before it is answered 503.
    let lockWaitSeconds: Double
    /// The guideline readings are judged by (`HEALTHLOG_GUIDELINE`, the configuration file's);
    /// nil for the page's language's own, as the command line does.
    let guideline: GuidelineChoice?

    /// A session on the log for one request, about `profile` (nil: none in particular).
    func log(profile: String?) -> HealthLog {
        HealthLog(
            HealthLog.Settings(
                databasePath: databasePath, profile: profile.map(ProfileChoice.named) ?? .automatic, namedProfile: profile, clock: clock,
                zone: zone, lockWait: LockWait(limit: lockWaitSeconds), environment: environment))
    }
}
