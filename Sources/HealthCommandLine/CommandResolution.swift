package import HealthCore

/// What the words after the top-level options ask for: a help text, a command with its own
/// arguments, or the program alone.
package enum CommandResolution {
    /// Print this help.
    case help(String)
    /// Run the command of this spec with these arguments.
    case command(CommandSpec, arguments: [String])
    /// No command: the program alone (HealthLog's dashboard).
    case programAlone
}

extension ProgramSpec {
    /// True when the group runs a command of its own given no subcommand (`sync`).
    package func runsAlone(_ group: CommandSpec) -> Bool { commands.contains { $0.path == group.path } }

    /// The top-level help: the commands that stand alone, then the groups.
    package func mainHelp(words: StringTable? = nil) -> String {
        let groupSpecs = groups.map(\.spec)
        let topLevel = commands.filter { command in command.path.count == 1 && !groupSpecs.contains { $0.path == command.path } } + groupSpecs
        return HelpFormatter.help(for: top, subcommands: topLevel, words: words)
    }

    /// Finds the command `rest` (the words after the top-level options) names, or the help it
    /// asks for; `help` is `--help` given at the top level. An unknown command or subcommand
    /// is refused with the nearest name. `words` loads the terminal's words for the refusals
    /// that need them; `environmentHelp` is `help environment`.
    package func resolve(
        _ rest: [String], help: Bool, words: StringTable?, loadWords: () throws(CLIError) -> StringTable, environmentHelp: () -> String
    ) throws(CLIError) -> CommandResolution {
        guard let word = rest.first, !help else { return help ? .help(mainHelp(words: words)) : .programAlone }
        let remaining = Array(rest.dropFirst())
        if word == "help" { return .help(try helpText(for: remaining, words: words, loadWords: loadWords, environmentHelp: environmentHelp)) }
        let asksHelp = remaining.contains("--help") || remaining.contains("-h")
        if let group = groups.first(where: { $0.spec.path == [word] }) {
            guard let sub = remaining.first, !sub.hasPrefix("-") else {
                if runsAlone(group.spec), !asksHelp { return .command(group.spec, arguments: remaining) }
                if remaining.isEmpty || asksHelp {
                    return .help(HelpFormatter.help(for: group.spec, subcommands: group.subcommands, runsAlone: runsAlone(group.spec), words: words))
                }
                throw .usage(Phrase("missing subcommand").said(in: words), command: group.spec.commandLine)
            }
            guard let command = group.subcommands.first(where: { $0.path.last == sub }) else {
                let names = group.subcommands.compactMap { $0.path.last }
                let table = try loadWords()
                if let meant = Suggestion.nearest(to: sub, among: names) {
                    throw .usage(table.cli("error.unknownSubcommand.meant", ["word": sub, "meant": meant]), command: group.spec.commandLine)
                }
                throw .usage(table.cli("error.unknownSubcommand", ["word": sub, "names": names.joined(separator: ", ")]), command: group.spec.commandLine)
            }
            return .command(command, arguments: Array(remaining.dropFirst()))
        }
        guard let command = commands.first(where: { $0.path == [word] }) else {
            let known = commands.map { $0.path[0] } + ["help"]
            let table = try loadWords()
            let meant = Suggestion.nearest(to: word, among: known).map { table.cli("error.didYouMean", ["meant": $0]) } ?? ""
            throw .usage(table.cli("error.unknownCommand", ["word": word, "meant": meant]), command: "healthlog")
        }
        return .command(command, arguments: remaining)
    }

    /// `help`, `help COMMAND`, `help GROUP` or `help environment`.
    private func helpText(
        for path: [String], words: StringTable?, loadWords: () throws(CLIError) -> StringTable, environmentHelp: () -> String
    ) throws(CLIError) -> String {
        if path.isEmpty { return mainHelp(words: words) }
        if path == ["environment"] { return environmentHelp() }
        if let group = groups.first(where: { $0.spec.path == path }) {
            return HelpFormatter.help(for: group.spec, subcommands: group.subcommands, runsAlone: runsAlone(group.spec), words: words)
        }
        if let command = commands.first(where: { $0.path == path }) { return HelpFormatter.help(for: command, words: words) }
        let known = commands.map { $0.path[0] } + ["environment"]
        let meant = path.count == 1 ? Suggestion.nearest(to: path[0], among: known) : nil
        let table = try loadWords()
        throw .usage(
            table.cli("error.noHelp", ["command": path.joined(separator: " ")]) + (meant.map { table.cli("error.didYouMean", ["meant": "help \($0)"]) } ?? ""),
            command: "healthlog")
    }
}
