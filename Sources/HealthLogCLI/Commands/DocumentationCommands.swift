import HealthCommandLine
import HealthCore
import HealthUseCases

/// `healthlog completions bash|zsh|fish`: a completion script, made from the command specs;
/// `healthlog completions --ids profiles|tags|events`: the ids those scripts complete, from the
/// log in use (nothing, and no file made, when there is no log yet).
struct CompletionsCommand: Command {
    static let mergesFirst = false
    static let idsOption = Option<CompletionKind>(
        "--ids", value: "KIND",
        help: "Print the ids of the log's profiles, tags, events or latest readings (with a tab, then the date and values), one a line (what the scripts complete).")

    static let spec = CommandSpec(
        ["completions"], abstract: "Print a shell completion script (bash, zsh or fish).",
        arguments: [ArgumentSpec(
            "SHELL", optional: true, completing: .words(CompletionScript.Shell.allCases.map(\.rawValue)), help: "bash, zsh or fish.")],
        options: [idsOption],
        examples: [
            "healthlog completions bash > ~/.local/share/bash-completion/completions/healthlog",
            "healthlog completions zsh > ~/.zfunc/_healthlog",
            "healthlog completions fish > ~/.config/fish/completions/healthlog.fish",
        ],
        discussion: "The scripts complete commands, options, option values, files, and the ids of profiles, tags, events and the latest readings (zsh and fish show each reading's date and values) in the log named with --db (else the default log).")

    enum Request {
        case script(CompletionScript.Shell)
        case ids(CompletionKind)
    }

    let request: Request

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let kind = try arguments.value(Self.idsOption)
        let shellName = arguments.positionals.first
        switch (kind, shellName) {
        case (let kind?, nil): request = .ids(kind)
        case (nil, let name?):
            guard let shell = CompletionScript.Shell(rawValue: name) else {
                throw arguments.usage(Phrase("unknown shell '{name}' (one of: bash, zsh, fish)", ["name": "\(name)"]))
            }
            request = .script(shell)
        case (nil, nil): throw arguments.usage(Phrase("name a shell: bash, zsh or fish"))
        case (_?, _?): throw arguments.usage(Phrase("give a shell or --ids, not both"))
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        switch request {
        case .script(let shell):
            context.stdout.write(CompletionScript(HealthLogMain.program).script(for: shell, words: try? context.words()))
        case .ids(let kind):
            // Completion never makes a log, and a log it cannot read completes nothing.
            guard let path = try? context.databasePath(), FileSystem.exists(path) else { return }
            for line in (try? context.run { try $0.completionLines(kind) }) ?? [] { context.stdout.line(line) }
        }
    }
}

/// `healthlog manpage`: the manual page, healthlog(1), in roff, made from the same specs as `--help`.
struct ManPageCommand: Command {
    static let mergesFirst = false
    static let spec = CommandSpec(
        ["manpage"], abstract: "Print the manual page healthlog(1) in roff (installed by make install).",
        examples: ["healthlog manpage | man -l -"])

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {}

    func run(_ context: CommandContext) throws(CLIError) {
        context.stdout.write(ManPage.roff(HealthLogMain.program, words: try? context.words()))
    }
}
