/// The languages HealthLog speaks: every label, on the terminal and in the report, comes from
/// `Templates/strings/<code>.json` for one of them.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    /// Simplified Chinese.
    case chinese = "zh-Hans"

    /// The code of the strings file, `en` or `zh-Hans`.
    public var code: String { rawValue }

    /// The short code a default file name carries, `en` or `zh`.
    public var fileNameCode: String { self == .chinese ? "zh" : "en" }

    /// `en`, `zh-Hans`, and the forms locales write (`zh`, `zh_CN.UTF-8`, `en-GB`).
    public init?(code: String) {
        let lowered = code.lowercased()
        if lowered.hasPrefix("zh") {
            self = .chinese
        } else if lowered.hasPrefix("en") {
            self = .english
        } else {
            return nil
        }
    }

    /// The language `LC_ALL`, else `LANG`, asks for: Chinese for a `zh` locale, else English.
    public init(environment: [String: String]) {
        // The setting (HEALTHLOG_LANGUAGE, or the configuration file's language) before the locale.
        if let chosen = environment["HEALTHLOG_LANGUAGE"].flatMap(Language.init(code:)) {
            self = chosen
            return
        }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        self = Language(code: locale) ?? .english
    }
}
