package import HealthCore

/// What a setting is in force, and where it comes from.
package struct SettingInForce {
    /// Where a setting's value comes from.
    package enum Source {
        case environment(String)
        case file(String, line: Int)
        case standard
        /// The default that follows the locale (the language).
        case standardFromLocale
        /// The default the log itself decides (the profile: its stored default, else its only one).
        case standardFromLog
        /// The default that follows the language (the guideline); JSON says it as
        /// ``standardFromLocale`` did before the two were told apart, and still does.
        case standardFromLanguage

        /// `environment HEALTHLOG_X`, `FILE:LINE`, `default` or `default, from the locale`:
        /// JSON's value, the same in every language.
        package var json: String {
            switch self {
            case .environment(let variable): "environment \(variable)"
            case .file(let path, let line): "\(path):\(line)"
            case .standard: "default"
            case .standardFromLog: "default, from the log"
            case .standardFromLocale, .standardFromLanguage: "default, from the locale"
            }
        }

        /// The same in the terminal's words.
        package func text(_ words: StringTable) -> String {
            switch self {
            case .environment(let variable): words.cli("config.source.environment", ["variable": variable])
            case .file: json
            case .standard: words.cli("config.source.default")
            case .standardFromLocale: words.cli("config.source.locale")
            case .standardFromLog: words.cli("config.source.log")
            case .standardFromLanguage: words.cli("config.source.language")
            }
        }
    }

    package let setting: ConfigurationKey
    package let value: String
    package let source: Source
}

extension ConfigurationFile {
    /// Every setting in force under `environment`, in the order of ``settings``: the
    /// environment's, else the file's, else the setting's default. `tolerant`: a broken line is
    /// passed over (`config list` names it) rather than refused.
    package func inForce(environment: [String: String], tolerant: Bool = false) throws(CLIError) -> [SettingInForce] {
        let entries = tolerant ? checkedEntries().entries : try self.entries()
        // The defaults that follow another setting (the guideline follows the language) see the file too.
        let language = Language(environment: overlay(entries, on: environment))
        return settings.map { setting in
            if let value = environment[setting.variable], !value.isEmpty {
                return SettingInForce(setting: setting, value: value, source: .environment(setting.variable))
            }
            if let entry = entries.last(where: { $0.key == setting.name }) {
                return SettingInForce(setting: setting, value: entry.value, source: .file(path, line: entry.line))
            }
            let standard = setting.standard(environment, language)
            return SettingInForce(setting: setting, value: standard.value, source: standard.source)
        }
    }

    /// `config list --format json`: the file, every setting in force and the lines not used.
    package func listingJSON(_ settings: [SettingInForce]) -> JSONValue {
        .object([
            ("schema", .int(1)), ("file", .string(path)), ("fileExists", .bool(FileSystem.exists(path))),
            ("settings", .array(settings.map { item in
                .object([("key", .string(item.setting.name)), ("value", .string(item.value)), ("source", .string(item.source.json)),
                         ("variable", .string(item.setting.variable))])
            })),
            ("problems", .array(checkedEntries().problems.map { .string($0) })),
        ])
    }

    /// `config list`: the file's path, then each setting in force with where it comes from,
    /// in the terminal's words.
    package func listing(_ settings: [SettingInForce], words: StringTable) -> [String] {
        var lines = [words.cli(FileSystem.exists(path) ? "config.file" : "config.fileNotMade", ["path": path.visibleControls()])]
        let width = settings.map(\.setting.name.count).max() ?? 0
        for item in settings {
            let name = item.setting.name + String(repeating: " ", count: width - item.setting.name.count)
            lines.append(words.cli("config.line", ["name": name, "value": item.value.visibleControls(), "source": item.source.text(words).visibleControls()]))
        }
        return lines
    }

    /// What `config list` says of each line it could not use, for standard error.
    package func unusedLines(words: StringTable) -> [String] {
        checkedEntries().problems.map { words.cli("config.notUsed", ["problem": $0.visibleControls()]) }
    }
}
