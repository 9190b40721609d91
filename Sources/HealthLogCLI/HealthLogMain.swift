import HealthCore
import HealthRecords

/// The `healthlog` program: parses argv, runs one command, and returns the exit status.
///
/// Everything is in-process and writes through ``TextOutput``, so tests drive the
/// whole program with an argv and captured output.
public enum HealthLogMain {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        do {
            try dispatch(arguments, context: context)
            return ExitCode.success
        } catch {
            // Messages quote what was typed or read; it is shown, never obeyed by the terminal.
            context.stderr.line(error.description.visibleControls())
            return error.exitCode
        }
    }

    private static func dispatch(_ arguments: [String], context: CommandContext) throws(CLIError) {
        var remaining = arguments[...]
        // Global options may come before the command word.
        while let first = remaining.first, first.hasPrefix("-") {
            switch first {
            case "--version":
                context.stdout.line("healthlog \(version)")
                return
            case "-h", "--help":
                context.stdout.write(mainHelp)
                return
            default:
                let (name, inline) = splitInline(first)
                guard ["--db", "--profile", "-p"].contains(name) else {
                    throw .usage("unknown option '\(name)'", command: "healthlog")
                }
                remaining = remaining.dropFirst()
                guard let value = inline ?? remaining.first else {
                    throw .usage("missing value for '\(name)'", command: "healthlog")
                }
                if inline == nil { remaining = remaining.dropFirst() }
                if name == "--db" { context.databaseFlag = value } else { context.profileFlag = value }
            }
        }
        guard let word = remaining.first else {
            context.stdout.write(mainHelp)
            return
        }
        if word == "help" {
            try showHelp(for: Array(remaining.dropFirst()), context: context)
            return
        }
        if let group = CommandRegistry.groups.first(where: { $0.spec.path == [word] }) {
            let rest = remaining.dropFirst()
            guard let sub = rest.first, !sub.hasPrefix("-") else {
                if rest.isEmpty || rest.contains("--help") || rest.contains("-h") {
                    context.stdout.write(HelpFormatter.help(for: group.spec, subcommands: group.subcommands.map { $0.spec }))
                    return
                }
                throw .usage("missing subcommand", command: group.spec.commandLine)
            }
            guard let command = group.subcommands.first(where: { $0.spec.path.last == sub }) else {
                let names = group.subcommands.compactMap { $0.spec.path.last }.joined(separator: ", ")
                throw .usage("unknown subcommand '\(sub)' (one of: \(names))", command: group.spec.commandLine)
            }
            try execute(command, Array(rest.dropFirst()), context: context)
            return
        }
        guard let command = CommandRegistry.commands.first(where: { $0.spec.path == [word] }) else {
            throw .usage("unknown command '\(word)'", command: "healthlog")
        }
        try execute(command, Array(remaining.dropFirst()), context: context)
    }

    private static func execute(_ type: any Command.Type, _ arguments: [String], context: CommandContext) throws(CLIError) {
        let parsed = try ArgumentParser.parse(arguments, spec: type.spec)
        if parsed.flag("--help") {
            context.stdout.write(HelpFormatter.help(for: type.spec))
            return
        }
        if let db = parsed.value("--db") { context.databaseFlag = db }
        if let profile = parsed.value("--profile") { context.profileFlag = profile }
        let command = try type.init(parsed, context: context)
        try command.run(context)
    }

    private static func showHelp(for words: [String], context: CommandContext) throws(CLIError) {
        if words.isEmpty {
            context.stdout.write(mainHelp)
        } else if let command = CommandRegistry.commands.first(where: { $0.spec.path == words }) {
            context.stdout.write(HelpFormatter.help(for: command.spec))
        } else if let group = CommandRegistry.groups.first(where: { $0.spec.path == words }) {
            context.stdout.write(HelpFormatter.help(for: group.spec, subcommands: group.subcommands.map { $0.spec }))
        } else {
            throw .usage("no help for '\(words.joined(separator: " "))': unknown command", command: "healthlog")
        }
    }

    private static func splitInline(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static var mainHelp: String {
        let topLevel = CommandRegistry.commands.filter { $0.spec.path.count == 1 }.map { $0.spec }
        let entries = topLevel.map { ($0.path[0], $0.abstract) }
            + CommandRegistry.groups.map { ($0.spec.path[0], $0.spec.abstract) }
        let width = entries.map(\.0.count).max() ?? 0
        var text = """
            OVERVIEW: HealthLog, a blood-pressure log for families, with doctor reports.

            USAGE: healthlog [--db <PATH>] [--profile <ID>] <command> [<options>]

            COMMANDS:

            """
        for (name, abstract) in entries {
            text += "  \(name.padding(width))  \(HelpFormatter.wrap(abstract, width: 80, indent: String(repeating: " ", count: width + 4)))\n"
        }
        let options = [
            ("--db <PATH>", "Database file (default: $HEALTHLOG_DB, else ~/.local/share/healthlog/healthlog.sqlite)."),
            ("-p, --profile <ID>", "Profile to use (default: $HEALTHLOG_PROFILE, the stored default, or the only profile)."),
            ("--version", "Show the version."),
            ("-h, --help", "Show help. 'healthlog help <command>' explains one command."),
        ]
        text += "\nOPTIONS:\n"
        for (name, help) in options {
            text += "  \(name.padding(20))  \(HelpFormatter.wrap(help, width: 80, indent: String(repeating: " ", count: 24)))\n"
        }
        text += """

            EXAMPLES:
              healthlog add 138/86 72 -t bp-med       a reading, pulse 72, pill taken
              healthlog list --last 7d                the last week
              healthlog stats --last 30d              averages for the doctor

            """
        return text
    }
}
