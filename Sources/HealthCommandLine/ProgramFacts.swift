/// What the manual page says beside the commands: the exit codes, the environment and the
/// files, stated once here and printed by `healthlog manpage` (the README's tables say the same).
package enum ProgramFacts {
    /// Each exit status and what it means.
    package static let exitCodes: [(code: Int32, meaning: String)] = [
        (ExitCode.success, "Success."),
        (ExitCode.cancelled, "Cancelled: the answer at a prompt was no; nothing was changed."),
        (ExitCode.usage, "Usage: an unknown command or option, a missing or extra argument, or a value not of the form its option takes."),
        (ExitCode.dataError, "Bad data: a value read and refused (out of range, in the future, an unknown tag, profile or id, a bad template or input file)."),
        (ExitCode.noInput, "An input file is missing or unreadable, or is a folder."),
        (ExitCode.unavailable, "A service the command needs is not running: the local Syncthing, for sync setup."),
        (ExitCode.cannotCreate, "An output file cannot be created."),
        (ExitCode.ioError, "An I/O or database error (a full disk, standard output failing), or a file that is not a HealthLog database."),
        (ExitCode.temporaryFailure, "What the command waited for did not happen in time (sync setup's --timeout); running it again goes on."),
        (ExitCode.configError, "The configuration file, or a setting's environment variable, holds what HealthLog cannot use."),
        (ExitCode.readerGone, "The reader of standard output went away (a pipe closed early)."),
    ]

    /// Each environment variable HealthLog reads and what it does.
    package static let environment: [(name: String, meaning: String)] = [
        ("HEALTHLOG_DB", "The database file, when --db is not given (before the configuration file's db)."),
        ("HEALTHLOG_GUIDELINE", "The guideline (esh, aha, china or esc), when --guideline is not given (before the configuration file's guideline)."),
        ("HEALTHLOG_LANGUAGE", "The language of the command line and of reports (en or zh-Hans; a report's --lang comes first), before the configuration file's language, which comes before LANG."),
        ("HEALTHLOG_TEMPLATE", "The report template, when --template is not given (before the configuration file's template)."),
        ("HEALTHLOG_COLOR", "auto, always or never, when --color is not given (before the configuration file's color)."),
        ("HEALTHLOG_CONFIG", "The configuration file, instead of $XDG_CONFIG_HOME/healthlog/config."),
        ("XDG_CONFIG_HOME", "The configuration file is $XDG_CONFIG_HOME/healthlog/config, else ~/.config/healthlog/config."),
        ("HEALTHLOG_PROFILE", "The profile, when -p is not given (before the configuration file's profile, which comes before the log's default profile)."),
        ("HEALTHLOG_PAGER", "The pager for long output on a terminal (list, stats), before PAGER; empty or cat turns it off."),
        ("PAGER", "The pager when HEALTHLOG_PAGER is not set (default: less). Never used when the output is not a terminal."),
        ("LESS", "Options for less; FRX when not set (quit when it fits, keep colours, leave the text on the screen)."),
        ("VISUAL, EDITOR", "The editor of edit ID with no new values (VISUAL first, unless TERM is dumb; else editor or vi)."),
        ("HEALTHLOG_TEMPLATES", "A folder of report templates and strings, used before the installed ones."),
        ("XDG_DATA_HOME", "The default log is $XDG_DATA_HOME/healthlog/healthlog.sqlite; templates in $XDG_DATA_HOME/healthlog/Templates come before the installed ones."),
        ("HOME", "The default log is ~/.local/share/healthlog/healthlog.sqlite when XDG_DATA_HOME is not set."),
        ("LANG, LC_ALL", "A Chinese locale (zh…) makes the command line and reports Chinese and the guideline china, unless --lang, --guideline or a setting say otherwise."),
        ("NO_COLOR", "When set, the terminal output has no colour (unless --color always or HEALTHLOG_COLOR=always)."),
        ("TERM", "TERM=dumb turns colour off."),
        ("TMPDIR", "Where an unnamed spool is made when the output's own folder cannot hold one."),
    ]

    /// The files HealthLog reads and writes.
    package static let files: [(path: String, meaning: String)] = [
        ("~/.local/share/healthlog/healthlog.sqlite", "The family's log (SQLite), with its -wal and -shm files while in use."),
        ("~/.config/healthlog/config", "Settings that stay set (key = value lines: profile, guideline, language, template, db, color); see healthlog config."),
        ("/usr/share/healthlog/Templates", "The report templates (clinic.json, summary.json) and string tables (strings/en.json, strings/zh-Hans.json) installed with the program (/usr/local/share/healthlog/Templates after make install)."),
        ("~/.local/share/healthlog/Templates", "A user's own templates, used before the installed ones."),
    ]
}
