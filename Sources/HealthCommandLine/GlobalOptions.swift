package import HealthCore

/// The options every command of the program accepts, declared once: they come before or after
/// the command, and the help, the manual page and the completions list them with each command.
package enum GlobalOptions {
    package static let database = Option<String>(
        "--db", value: "PATH", help: "Database file (default: $HEALTHLOG_DB, else $XDG_DATA_HOME/healthlog/healthlog.sqlite, else ~/.local/share/healthlog/healthlog.sqlite)."
    ).completing(.file)
    package static let profile = Option<String>(
        "--profile", short: "-p", value: "ID", help: "Profile to use (default: $HEALTHLOG_PROFILE, the configuration file's profile, the log's default profile, or the only profile)."
    ).completing(.profiles)
    package static let noSync = Flag("--no-sync", help: "Do not merge the shared folder first (a shared log's changes are still journaled).")
    package static let color = Option<ColorChoice>(
        "--color", value: "WHEN", help: "auto (default: colour on a terminal unless NO_COLOR is set), always or never.",
        expected: "auto, always or never"
    ) { ColorChoice(rawValue: $0) }.completing(.words(ColorChoice.allCases.map(\.rawValue)))
    package static let noPager = Flag("--no-pager", help: "Print long output straight to the terminal, not through $PAGER (less).")
    package static let help = Flag("--help", short: "-h", help: "Show help for this command.")
    package static let version = Flag("--version", short: "-V", help: "Show the version.")
}

/// `--color auto|always|never`.
package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether text written to `output` is styled: by default (`auto`) only when it is a
    /// terminal, `NO_COLOR` is unset and `TERM` is not `dumb`; `always` or `never` (through
    /// `HEALTHLOG_COLOR`: `--color`, or the configuration file's `color`) decide it outright.
    package static func styles(_ output: any TextOutput, environment: [String: String]) -> Bool {
        switch ColorChoice(rawValue: environment["HEALTHLOG_COLOR"] ?? "") {
        case .always?: true
        case .never?: false
        case .auto?, nil: output.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

extension GlobalOptions {
    /// The database path in force: `--db` (`flag`), else `$HEALTHLOG_DB`, else the default in the
    /// home folder. An empty `--db` or `$HEALTHLOG_DB` is a mistake, never "the default".
    package static func databasePath(flag: String?, environment: [String: String], words: StringTable?) throws(CLIError) -> String {
        let refuse = { (phrase: Phrase) in CLIError.usage(phrase.said(in: words), command: "healthlog") }
        if flag == "" { throw refuse(Phrase("--db is empty; give the database file's path")) }
        if flag == nil, environment["HEALTHLOG_DB"] == "" { throw refuse(Phrase("HEALTHLOG_DB is set but empty; unset it or give the database file's path")) }
        guard let path = DatabaseLocation.resolvePath(flag: flag, environment: environment) else {
            throw refuse(Phrase("HOME is not set and this user has no home folder, so the log cannot be found; give --db PATH or set HEALTHLOG_DB"))
        }
        return path
    }
}
