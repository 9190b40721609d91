import HealthCommandLine
import HealthCore
import HealthUseCases

/// `healthlog check`: is the log sound?
struct CheckCommand: Command {
    static let spec = CommandSpec(
        ["check"], abstract: "Check integrity, references, value ranges and undefined tags.",
        examples: ["healthlog check"])

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {}

    func run(_ context: CommandContext) throws(CLIError) {
        let log = try context.log()
        let report = try context.run { try $0.check() }
        let path = log.settings.databasePath
        let words = try context.words()
        for note in report.notes { context.stdout.line(words.cli("check.note", ["note": words.say(note).visibleControls()])) }
        guard report.problems.isEmpty else {
            for problem in report.problems { context.stderr.line(words.cli("check.problem", ["problem": words.say(problem).visibleControls()])) }
            throw .io(words.cli("check.failed", ["path": path, "problems": words.counted(report.problems.count, "problem")]))
        }
        context.stdout.line(words.cli("check.ok", ["path": path.visibleControls()]))
    }
}

/// `healthlog backup FILE`: a consistent copy, even while others write.
struct BackupCommand: Command {
    static let spec = CommandSpec(
        ["backup"], abstract: "Copy the whole log to FILE, safely while others add readings.",
        arguments: [ArgumentSpec("FILE", completing: .file, help: "Where to write the copy (mode 0600, replaced atomically).")],
        examples: ["healthlog backup ~/healthlog-2026-11-30.sqlite"])

    let path: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) { path = arguments.positionals[0] }

    func run(_ context: CommandContext) throws(CLIError) {
        let log = try context.log()
        try context.run { try $0.backup(to: path) }
        context.stdout.line(try context.words().cli("backup.done", ["log": log.settings.databasePath, "path": path]).visibleControls())
    }
}

/// `healthlog restore FILE`: put a backup back, keeping the current log under a name of its own.
struct RestoreCommand: Command {
    static let spec = CommandSpec(
        ["restore"], abstract: "Restore a checked backup; the current log is kept beside it.",
        arguments: [ArgumentSpec("FILE", completing: .file, help: "A file made by 'healthlog backup'.")],
        options: [Options.yes],
        examples: ["healthlog restore ~/healthlog-2026-11-30.sqlite --yes"])

    let path: String
    let consent: Consent

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        path = arguments.positionals[0]
        consent = Consent(arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let log = try context.log()
        try context.run { try $0.checkRestorable(path) }
        let target = log.settings.databasePath
        let words = try context.words()
        try context.confirmDestructive(words.cli("restore.question", ["log": target, "path": path]), consent)
        let kept = try context.run { try $0.restore(from: path) }
        context.stdout.line(words.cli("restore.done", ["path": path, "log": target, "kept": kept]).visibleControls())
    }
}
