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
        return ExitCode.afterFlushing(status, stdout: context.stdout, stderr: context.stderr, words: try? context.words())
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
            groups: CommandRegistry.groups, version: version)
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
        let resolution = try program.resolve(
            top.rest, help: top.isSet(GlobalOptions.help), words: try? context.words(), loadWords: context.words,
            environmentHelp: { HelpFormatter.environmentHelp(settings: ConfigurationKey.all, words: try? context.words()) })
        switch resolution {
        case .help(let text): context.stdout.write(text)
        case .command(let spec, let arguments): try execute(CommandRegistry.command(spec), arguments, context: context)
        case .programAlone:
            // `healthlog` alone is the dashboard; the full help is `--help`.
            if !context.noSync { context.mergeSharedFolder() }
            try Dashboard.run(context)
        }
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
}
