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
}
