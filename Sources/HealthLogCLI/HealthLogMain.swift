import HealthCommandLine
import HealthCore

/// The `healthlog` program: parses argv, runs one command, and returns the exit status.
///
/// Everything is in-process and writes through ``TextOutput``, so tests drive the
/// whole program with an argv and captured output.
public enum HealthLogMain {
    /// The version `--version` prints.
    public static let version = HealthLogVersion.current

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        var status = ExitCode.success
        do {
            try dispatch(arguments, context: context)
        } catch {
            context.discardCreatedLogIfUnused()
            // Messages quote what was typed or read; it is shown, never obeyed by the terminal.
            context.stderr.line(error.line(in: try? context.words()).visibleControls())
            status = error.exitCode
        }
        context.stdout.flush()
        switch context.stdout.failure {
        case nil: break
        // The reader went away (`| head -1`): end quietly, with the status a SIGPIPE would give.
        case .readerGone: status = ExitCode.readerGone
        case .failed(let reason):
            if status == ExitCode.success {
                let words = try? context.words()
                let message = Phrase("cannot write to standard output: {reason}", terms: ["reason": reason])
                context.stderr.line(CLIError.io(message.said(in: words)).line(in: words))
                status = ExitCode.ioError
            }
        }
        context.stderr.flush()
        return status
    }

    /// The top level: its options go through the same parser and help as every command's.
    static let spec = CommandSpec(
        [], abstract: "HealthLog, a blood-pressure log for families, with doctor reports.",
        options: [
            GlobalOptions.database, GlobalOptions.profile, GlobalOptions.noSync, GlobalOptions.noPager, GlobalOptions.color, GlobalOptions.version,
            GlobalOptions.help,
        ],
        examples: [
            "healthlog add 138/86 72 -t bp-med       a reading, pulse 72, pill taken",
            "healthlog list --last 7d                the last week",
            "healthlog stats --last 30d              averages for the doctor",
            "healthlog help report                   help for one command",
        ])

    /// The program as its manual page and completions describe it.
    static var program: ProgramSpec {
        ProgramSpec(
            top: spec, commands: CommandRegistry.commands.map { $0.spec },
            groups: CommandRegistry.groups.map { group in (group.spec, group.subcommands.map { $0.spec }) }, version: version)
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) throws(CLIError) {
        let top = try ArgumentParser.parse(arguments, spec: spec, stopAtFirstPositional: true, words: try? context.words())
        try applyGlobalOptions(top, context: context)
        // Settings that stay set; `config` reads the file itself, and help needs none of it, so a
        // broken file can be read about and mended.
        if !["config", "help"].contains(top.rest.first ?? "help"), !top.isSet(GlobalOptions.version), !top.isSet(GlobalOptions.help) {
            try context.applyConfiguration()
        } else {
            // They still speak the file's language.
            context.takeLanguageFromConfiguration()
        }
        if top.isSet(GlobalOptions.version) {
            guard top.rest.isEmpty else { throw .usage(context.say(Phrase("--version takes no arguments, but '{argument}' followed it", ["argument": top.rest[0]])), command: "healthlog") }
            context.stdout.line("healthlog \(version)")
            return
        }
        guard let word = top.rest.first, !top.isSet(GlobalOptions.help) else {
            // `healthlog` alone is the dashboard; the full help is `--help`.
            if top.isSet(GlobalOptions.help) {
                context.stdout.write(mainHelp(try? context.words()))
            } else {
                if !context.noSync { context.mergeSharedFolder() }
                try Dashboard.run(context)
            }
            return
        }
        let remaining = top.rest.dropFirst()
        if word == "help" {
            try showHelp(for: Array(remaining), context: context)
            return
        }
        if let group = CommandRegistry.groups.first(where: { $0.spec.path == [word] }) {
            guard let sub = remaining.first, !sub.hasPrefix("-") else {
                if let command = group.defaultCommand, !remaining.contains("--help"), !remaining.contains("-h") {
                    try execute(command, Array(remaining), context: context)
                    return
                }
                if remaining.isEmpty || remaining.contains("--help") || remaining.contains("-h") {
                    context.stdout.write(HelpFormatter.help(for: group.spec, subcommands: group.subcommands.map { $0.spec }, runsAlone: group.defaultCommand != nil, words: try? context.words()))
                    return
                }
                throw .usage(context.say(Phrase("missing subcommand")), command: group.spec.commandLine)
            }
            guard let command = group.subcommands.first(where: { $0.spec.path.last == sub }) else {
                let names = group.subcommands.compactMap { $0.spec.path.last }
                let words = try context.words()
                if let meant = Suggestion.nearest(to: sub, among: names) {
                    throw .usage(words.cli("error.unknownSubcommand.meant", ["word": sub, "meant": meant]), command: group.spec.commandLine)
                }
                throw .usage(words.cli("error.unknownSubcommand", ["word": sub, "names": names.joined(separator: ", ")]), command: group.spec.commandLine)
            }
            try execute(command, Array(remaining.dropFirst()), context: context)
            return
        }
        guard let command = CommandRegistry.commands.first(where: { $0.spec.path == [word] }) else {
            var known = CommandRegistry.commands.map { $0.spec.path[0] }
            known.append("help")
            let words = try context.words()
            let meant = Suggestion.nearest(to: word, among: known).map { words.cli("error.didYouMean", ["meant": $0]) } ?? ""
            throw .usage(words.cli("error.unknownCommand", ["word": word, "meant": meant]), command: "healthlog")
        }
        try execute(command, Array(remaining), context: context)
    }

    private static func execute(_ type: any Command.Type, _ arguments: [String], context: CommandContext) throws(CLIError) {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, spec: type.spec, words: try? context.words())
        } catch {
            // `add 120 80 70`: three numbers where SYS/DIA PULSE was meant.
            // `profile rename dad --name 老爸`: the name was to change, not the id.
            throw ReadingInput.threeNumbers(arguments, spec: type.spec, words: try? context.words())
                ?? ProfileRenameCommand.editMeant(arguments, spec: type.spec, words: try? context.words()) ?? error
        }
        if parsed.isSet(GlobalOptions.help) {
            context.stdout.write(HelpFormatter.help(for: type.spec, words: try? context.words()))
            return
        }
        try applyGlobalOptions(parsed, context: context)
        let command = try type.init(parsed, context: context)
        if type.mergesFirst, !context.noSync { context.mergeSharedFolder() }
        if type.pages { context.startPaging() }
        defer { context.finishPaging() }
        try command.run(context)
        context.reportUnwrittenJournal()
        context.askSyncEngineToRescan()
    }

    /// `--db` and `--profile`, wherever they were given.
    private static func applyGlobalOptions(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) {
        if let db = try parsed.value(GlobalOptions.database) { context.databaseFlag = db }
        if parsed.declares(GlobalOptions.profile), let profile = try parsed.value(GlobalOptions.profile) { context.profileFlag = profile }
        if parsed.isSet(GlobalOptions.noSync) { context.noSync = true }
        if parsed.declares(GlobalOptions.noPager), parsed.isSet(GlobalOptions.noPager) { context.noPager = true }
        // After `tag add` and `tag edit`, --color is the tag's own colour, not the terminal's.
        let ownColor = !parsed.spec.path.isEmpty && parsed.spec.options.contains { $0.spec.long == GlobalOptions.color.spec.long }
        if !ownColor, let color = try parsed.value(GlobalOptions.color) {
            context.environment["HEALTHLOG_COLOR"] = color.rawValue
        }
    }

    private static func showHelp(for words: [String], context: CommandContext) throws(CLIError) {
        if words.isEmpty {
            context.stdout.write(mainHelp(try? context.words()))
        } else if words == ["environment"] {
            context.stdout.write(environmentHelp(try? context.words()))
        } else if let group = CommandRegistry.groups.first(where: { $0.spec.path == words }) {
            context.stdout.write(HelpFormatter.help(for: group.spec, subcommands: group.subcommands.map { $0.spec }, runsAlone: group.defaultCommand != nil, words: try? context.words()))
        } else if let command = CommandRegistry.commands.first(where: { $0.spec.path == words }) {
            context.stdout.write(HelpFormatter.help(for: command.spec, words: try? context.words()))
        } else {
            let known = CommandRegistry.commands.map { $0.spec.path[0] } + ["environment"]
            let meant = words.count == 1 ? Suggestion.nearest(to: words[0], among: known) : nil
            let table = try context.words()
            throw .usage(
                table.cli("error.noHelp", ["command": words.joined(separator: " ")]) + (meant.map { table.cli("error.didYouMean", ["meant": "help \($0)"]) } ?? ""),
                command: "healthlog")
        }
    }

    /// `healthlog help environment`: every variable, the configuration file and the precedence,
    /// in the words of `words` (as help is: see ``HelpFormatter``).
    static func environmentHelp(_ words: StringTable? = nil) -> String {
        let says = HelpFormatter.saying(words)
        var text = says("ENVIRONMENT") + "\n"
        text += HelpFormatter.rows(ProgramFacts.environment.map { name, meaning in (name, says(meaning)) })
        text += "\n" + says("CONFIGURATION FILE") + "\n"
        text += "  " + HelpFormatter.wrap(says("$XDG_CONFIG_HOME/healthlog/config (else ~/.config/healthlog/config, or $HEALTHLOG_CONFIG):"), width: 80, indent: "  ") + "\n"
        text += "  " + HelpFormatter.wrap(says("'key = value' lines; '#' starts a comment. 'healthlog config list' shows what is in force."), width: 80, indent: "  ") + "\n"
        text += HelpFormatter.rows(ConfigurationKey.all.map { setting in
            ("\(setting.name) =", "\(says(setting.values))   (\(setting.option), \(setting.variable))")
        })
        text += "\n" + HelpFormatter.wrap(says("A command-line option overrides its environment variable, which overrides the file."), width: 80, indent: "") + "\n"
        return text
    }

    /// The top-level help, made from the same specs as every command's, in the words of `words`.
    static func mainHelp(_ words: StringTable? = nil) -> String {
        let groups = CommandRegistry.groups.map(\.spec)
        let topLevel = CommandRegistry.commands.filter { command in command.spec.path.count == 1 && !groups.contains { $0.path == command.spec.path } }
            .map { $0.spec } + groups
        return HelpFormatter.help(for: spec, subcommands: topLevel, words: words)
    }
}
