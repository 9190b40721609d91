import HealthCommandLine
import HealthPresentation
import HealthCore

/// The setting a `config` subcommand names, refused with the likely one when mistyped.
private func namedSetting(_ name: String, arguments: ParsedArguments) throws(CLIError) -> ConfigurationKey {
    guard let setting = ConfigurationKey.all.named(name) else { throw arguments.usage(ConfigurationKey.all.unknown(name)) }
    return setting
}

/// The configuration file the environment names; without a home folder there is none.
private func configurationFile(_ context: CommandContext) throws(CLIError) -> ConfigurationFile {
    guard let file = try ConfigurationFile.read(environment: context.environment, settings: ConfigurationKey.all, words: try? context.words()) else {
        throw .config(context.say(Phrase("HOME is not set and this user has no home folder, so there is no configuration file; set HEALTHLOG_CONFIG")))
    }
    return file
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
        let settings = try file.inForce(environment: context.environment, tolerant: true)
        if json { return context.stdout.line(file.listingJSON(settings).serialized(indent: "  ")) }
        let words = try context.words()
        for line in file.listing(settings, words: words) { context.stdout.line(line) }
        for line in file.unusedLines(words: words) { context.stderr.line(line) }
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
        guard let item = try file.inForce(environment: context.environment).first(where: { $0.setting.name == setting.name }) else { return }
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
            if ConfigurationKey.all.named(name) == nil { throw .usage(context.say(ConfigurationKey.all.unknown(name)), command: "healthlog config unset") }
            context.stdout.line(try context.words().cli("config.notSet", ["setting": name, "path": file.path.visibleControls()]))
            return
        }
        try file.save()
        context.stdout.line(try context.words().cli("config.removed", ["setting": name.visibleControls(), "path": file.path.visibleControls()]))
    }
}
