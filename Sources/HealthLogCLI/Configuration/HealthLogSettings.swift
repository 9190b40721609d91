import HealthCommandLine
import HealthPresentation
import HealthCore

/// HealthLog's settings: what the configuration file may hold, each with its variable, option and default.
extension ConfigurationKey {
    /// Every setting, in the order `config list` shows them.
    static let all: [ConfigurationKey] = [
        ConfigurationKey(
            name: "guideline", variable: "HEALTHLOG_GUIDELINE", option: "--guideline",
            help: "The guideline of stats, report, chart, classify and protocol.",
            values: "esh, aha, china or esc",
            standard: { _, language in (GuidelineChoice.standard(for: language).rawValue, .standardFromLanguage) }
        ) { GuidelineChoice(rawValue: $0) == nil ? Phrase("not a guideline") : nil },
        ConfigurationKey(
            name: "profile", variable: "HEALTHLOG_PROFILE", option: "--profile",
            help: "The profile a command is about when -p is not given (before the log's default profile, 'profile default').",
            values: "a profile id, such as dad",
            // Which profile the log holds as its default is the log's to say ('profile default'), not the settings'.
            standard: { _, _ in ("", .standardFromLog) }
        ) { Slug.isValid($0) ? nil : Phrase("not a profile id (1–32 lowercase letters, digits and '-')") },
        ConfigurationKey(
            name: "language", variable: "HEALTHLOG_LANGUAGE", option: "--lang",
            help: "The language of reports and charts (before the locale's LANG).",
            values: Language.allCases.map(\.code).joined(separator: " or "),
            standard: { _, language in (language.code, .standardFromLocale) }
        ) { Language(code: $0) == nil ? Phrase("not a language HealthLog has") : nil },
        ConfigurationKey(
            name: "template", variable: "HEALTHLOG_TEMPLATE", option: "--template",
            help: "The report template: clinic, summary, or a template file's path.",
            values: "clinic, summary or a .json path",
            standard: { _, _ in ("clinic", .standard) }
        ) { $0.isEmpty ? Phrase("empty") : nil },
        ConfigurationKey(
            name: "db", variable: "HEALTHLOG_DB", option: "--db",
            help: "The log file (~ is the home folder).",
            values: "a path that starts with / or ~/",
            standard: { environment, _ in (DatabaseLocation.resolvePath(flag: nil, environment: environment) ?? "", .standard) }
        ) { $0.isEmpty ? Phrase("empty") : $0.hasPrefix("/") || $0 == "~" || $0.hasPrefix("~/") ? nil : Phrase("not an absolute path") },
        ConfigurationKey(
            name: "color", variable: "HEALTHLOG_COLOR", option: "--color",
            help: "Colour on the terminal: auto (when standard output is a terminal and NO_COLOR is unset), always or never.",
            values: "auto, always or never",
            standard: { _, _ in (ColorChoice.auto.rawValue, .standard) }
        ) { ColorChoice(rawValue: $0) == nil ? Phrase("not a colour choice") : nil },
    ]
}
