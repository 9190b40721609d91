import HealthCommandLine
import HealthPresentation
import HealthCore

/// The setting a `config` subcommand names, refused with the likely one when mistyped.
private func namedSetting(_ name: String, arguments: ParsedArguments) throws(CLIError) -> ConfigurationKey {
    guard let setting = ConfigurationKey.named(name) else { throw arguments.usage(ConfigurationKey.unknown(name)) }
    return setting
}

/// The configuration file the environment names; without a home folder there is none.
private func configurationFile(_ context: CommandContext) throws(CLIError) -> ConfigurationFile {
    guard let file = try ConfigurationFile.read(environment: context.environment, words: try? context.words()) else {
        throw .config(context.say(Phrase("HOME is not set and this user has no home folder, so there is no configuration file; set HEALTHLOG_CONFIG")))
    }
    return file
}

/// What a setting is in force, and where it comes from.
private struct SettingInForce {
    /// Where a setting's value comes from.
    enum Source {
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
        var json: String {
            switch self {
            case .environment(let variable): "environment \(variable)"
            case .file(let path, let line): "\(path):\(line)"
            case .standard: "default"
            case .standardFromLog: "default, from the log"
            case .standardFromLocale, .standardFromLanguage: "default, from the locale"
            }
        }

        /// The same in the terminal's words.
        func text(_ words: StringTable) -> String {
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

    let setting: ConfigurationKey
    let value: String
    let source: Source
}

/// `tolerant`: a broken line is passed over (`config list` names it) rather than refused.
private func inForce(_ context: CommandContext, file: ConfigurationFile, tolerant: Bool = false) throws(CLIError) -> [SettingInForce] {
    let entries = tolerant ? file.checkedEntries().entries : try file.entries()
    // The defaults that follow another setting (the guideline follows the language) see the file too.
    let language = Language(environment: ConfigurationFile.overlay(entries, on: context.environment))
    return ConfigurationKey.all.map { setting in
        if let value = context.environment[setting.variable], !value.isEmpty {
            return SettingInForce(setting: setting, value: value, source: .environment(setting.variable))
        }
        if let entry = entries.last(where: { $0.key == setting.name }) {
            return SettingInForce(setting: setting, value: entry.value, source: .file(file.path, line: entry.line))
        }
        let value: String = switch setting.name {
        case "guideline": GuidelineChoice.standard(for: language).rawValue
        case "language": language.code
        case "template": "clinic"
        case "db": DatabaseLocation.resolvePath(flag: nil, environment: context.environment) ?? ""
        // Which profile the log holds as its default is the log's to say ('profile default'), not the settings'.
        case "profile": ""
        default: ColorChoice.auto.rawValue
        }
        let source: SettingInForce.Source = switch setting.name {
        case "guideline": .standardFromLanguage
        case "language": .standardFromLocale
        case "profile": .standardFromLog
        default: .standard
        }
        return SettingInForce(setting: setting, value: value, source: source)
    }
}

/// `healthlog config list`: every setting in force and where it comes from.
struct ConfigListCommand: Command {
    static let spec = CommandSpec(
        ["config", "list"], abstract: "Show every setting in force and where it comes from.",
        options: [Options.textFormat],
        examples: ["healthlog config list", "healthlog config list --format json"])
    static let mergesFirst = false

    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let file = try configurationFile(context)
        // A broken file's good lines are listed, and each bad one named, so it can be mended.
        let settings = try inForce(context, file: file, tolerant: true)
        let problems = file.checkedEntries().problems
        if json {
            context.stdout.line(JSONValue.object([
                ("schema", .int(1)), ("file", .string(file.path)), ("fileExists", .bool(FileSystem.exists(file.path))),
                ("settings", .array(settings.map { item in
                    .object([("key", .string(item.setting.name)), ("value", .string(item.value)), ("source", .string(item.source.json)),
                             ("variable", .string(item.setting.variable))])
                })),
                ("problems", .array(problems.map { .string($0) })),
            ]).serialized(indent: "  "))
            return
        }
        let words = try context.words()
        defer { for problem in problems { context.stderr.line(words.cli("config.notUsed", ["problem": problem.visibleControls()])) } }
        context.stdout.line(words.cli(FileSystem.exists(file.path) ? "config.file" : "config.fileNotMade", ["path": file.path.visibleControls()]))
        let width = settings.map(\.setting.name.count).max() ?? 0
        for item in settings {
            let name = item.setting.name + String(repeating: " ", count: width - item.setting.name.count)
            context.stdout.line(words.cli("config.line", ["name": name, "value": item.value.visibleControls(), "source": item.source.text(words).visibleControls()]))
        }
    }
}

/// `healthlog config get KEY`: the value in force.
struct ConfigGetCommand: Command {
    static let spec = CommandSpec(
        ["config", "get"], abstract: "Print the value of one setting in force.",
        arguments: [ArgumentSpec("KEY", help: "profile, guideline, language, template, db or color.")],
        examples: ["healthlog config get guideline"])
    static let mergesFirst = false

    let setting: ConfigurationKey

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let name = arguments.positionals[0]
        setting = try namedSetting(name, arguments: arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let file = try configurationFile(context)
        guard let item = try inForce(context, file: file).first(where: { $0.setting.name == setting.name }) else { return }
        context.stdout.line(item.value.visibleControls())
    }
}

/// `healthlog config set KEY VALUE`: writes one setting to the file.
struct ConfigSetCommand: Command {
    static let spec = CommandSpec(
        ["config", "set"], abstract: "Set one setting in the configuration file, checked first.",
        arguments: [ArgumentSpec("KEY", help: "profile, guideline, language, template, db or color."), ArgumentSpec("VALUE", help: "Its value.")],
        examples: ["healthlog config set profile dad", "healthlog config set guideline aha", "healthlog config set language zh-Hans", "healthlog config set db ~/Sync/family.sqlite"])
    static let mergesFirst = false

    let setting: ConfigurationKey
    let value: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let name = arguments.positionals[0]
        value = arguments.positionals[1]
        setting = try namedSetting(name, arguments: arguments)
        if let problem = setting.refusal(of: value, named: name, words: arguments.words) {
            throw arguments.usage(problem)
        }
        if value.contains("\n") || value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw arguments.usage(Phrase("{name} takes one line of text without control characters", ["name": "\(name)"]))
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        var file = try configurationFile(context)
        file.set(setting.name, to: value)
        // A file that does not read back as written is not saved.
        _ = try file.entries()
        try file.save()
        let words = try context.words()
        context.stdout.line(words.cli("config.set", ["setting": "\(setting.name) = \(value.visibleControls())", "path": file.path.visibleControls()]))
        if let overriding = context.environment[setting.variable], !overriding.isEmpty {
            context.stderr.line(words.cli("config.overridden", ["variable": "\(setting.variable)=\(overriding.visibleControls())"]))
        }
    }
}

/// `healthlog config unset KEY`: removes one setting from the file.
struct ConfigUnsetCommand: Command {
    static let spec = CommandSpec(
        ["config", "unset"], abstract: "Remove one setting from the configuration file (back to the default).",
        arguments: [ArgumentSpec("KEY", help: "profile, guideline, language, template, db or color.")],
        examples: ["healthlog config unset guideline"])
    static let mergesFirst = false

    let name: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        name = arguments.positionals[0]
    }

    func run(_ context: CommandContext) throws(CLIError) {
        var file = try configurationFile(context)
        guard file.unset(name) else {
            // A mistyped key is named; a known one that is not set is no change.
            if ConfigurationKey.named(name) == nil { throw .usage(context.say(ConfigurationKey.unknown(name)), command: "healthlog config unset") }
            context.stdout.line(try context.words().cli("config.notSet", ["setting": name, "path": file.path.visibleControls()]))
            return
        }
        try file.save()
        context.stdout.line(try context.words().cli("config.removed", ["setting": name.visibleControls(), "path": file.path.visibleControls()]))
    }
}
