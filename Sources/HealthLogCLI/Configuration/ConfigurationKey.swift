import HealthCommandLine
import HealthPresentation
import HealthCore

/// One setting the configuration file may hold: its name there, the environment variable that
/// overrides it, and the values it takes.
struct ConfigurationKey: Sendable {
    /// The name in the file and in `healthlog config`.
    let name: String
    /// The environment variable that overrides the file (the command-line option overrides both).
    let variable: String
    /// The command-line option that overrides both, as help shows it.
    let option: String
    /// What the setting does, for `config list`, help and the manual.
    let help: String
    /// The values it takes, in words.
    let values: String
    /// Nil when `value` is acceptable, else why not.
    let problem: @Sendable (String) -> Phrase?

    /// Every setting, in the order `config list` shows them.
    static let all: [ConfigurationKey] = [
        ConfigurationKey(
            name: "guideline", variable: "HEALTHLOG_GUIDELINE", option: "--guideline",
            help: "The guideline of stats, report, chart, classify and protocol.",
            values: "esh, aha, china or esc"
        ) { GuidelineChoice(rawValue: $0) == nil ? Phrase("not a guideline") : nil },
        ConfigurationKey(
            name: "profile", variable: "HEALTHLOG_PROFILE", option: "--profile",
            help: "The profile a command is about when -p is not given (before the log's default profile, 'profile default').",
            values: "a profile id, such as dad"
        ) { Slug.isValid($0) ? nil : Phrase("not a profile id (1–32 lowercase letters, digits and '-')") },
        ConfigurationKey(
            name: "language", variable: "HEALTHLOG_LANGUAGE", option: "--lang",
            help: "The language of reports and charts (before the locale's LANG).",
            values: Language.allCases.map(\.code).joined(separator: " or ")
        ) { Language(code: $0) == nil ? Phrase("not a language HealthLog has") : nil },
        ConfigurationKey(
            name: "template", variable: "HEALTHLOG_TEMPLATE", option: "--template",
            help: "The report template: clinic, summary, or a template file's path.",
            values: "clinic, summary or a .json path"
        ) { $0.isEmpty ? Phrase("empty") : nil },
        ConfigurationKey(
            name: "db", variable: "HEALTHLOG_DB", option: "--db",
            help: "The log file (~ is the home folder).",
            values: "a path that starts with / or ~/"
        ) { $0.isEmpty ? Phrase("empty") : $0.hasPrefix("/") || $0 == "~" || $0.hasPrefix("~/") ? nil : Phrase("not an absolute path") },
        ConfigurationKey(
            name: "color", variable: "HEALTHLOG_COLOR", option: "--color",
            help: "Colour on the terminal: auto (when standard output is a terminal and NO_COLOR is unset), always or never.",
            values: "auto, always or never"
        ) { ColorChoice(rawValue: $0) == nil ? Phrase("not a colour choice") : nil },
    ]

    static func named(_ name: String) -> ConfigurationKey? { all.first { $0.name == name } }

    /// "unknown setting 'colour' (did you mean 'color'?); settings: …", wherever a key is read.
    static func unknown(_ name: String) -> Phrase {
        let names = all.map(\.name)
        let list = names.joined(separator: ", ")
        if let meant = Suggestion.nearest(to: name, among: names) {
            return Phrase("unknown setting '{name}' (did you mean '{meant}'?); settings: {list}", ["name": name, "meant": meant, "list": list])
        }
        return Phrase("unknown setting '{name}'; settings: {list}", ["name": name, "list": list])
    }

    /// Why `value`, given for the setting as `name` (a key or its variable), cannot be used:
    /// `guideline 'x' is not a guideline; use esh, aha, china or esc`; nil when it can.
    func refusal(of value: String, named name: String, words: StringTable?) -> Phrase? {
        guard let problem = problem(value) else { return nil }
        return Phrase(
            "{name} '{value}' is {problem}; use {values}", ["name": name, "value": value, "values": HelpFormatter.saying(words)(values)],
            terms: ["problem": problem])
    }
}
