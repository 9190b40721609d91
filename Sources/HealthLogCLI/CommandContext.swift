public import HealthCommandLine
public import HealthCore
import HealthPresentation
import HealthUseCases

/// What a command needs from the world: output streams, the environment, the
/// clock, the time zone, and the database, opened only when first asked for.
public final class CommandContext {
    /// Standard output; while a command that pages runs, its ``PagedOutput``.
    public private(set) var stdout: any TextOutput
    public let stderr: any TextOutput
    /// The process's environment, with the configuration file's settings under their variables
    /// where the environment does not set them, and `--color` under `HEALTHLOG_COLOR`.
    public internal(set) var environment: [String: String]
    /// Milliseconds since 1970.
    public let clock: @Sendable () -> Int64
    public let zone: any TimeZoneRule
    /// Answers a yes/no question on an interactive terminal; nil when there is none.
    let confirm: ((String) -> Bool)?
    var databaseFlag: String?
    var profileFlag: String?
    /// `--no-sync`: this command does not merge the shared folder first.
    var noSync = false
    /// `--no-pager`: long output is printed straight to the terminal.
    var noPager = false
    /// Standard output itself, while ``stdout`` is a pager's.
    private var pagedTerminal: (terminal: any TextOutput, paged: PagedOutput)?
    /// The log, made on first use.
    private var openedLog: HealthLog?
    /// The terminal's words, once loaded (see ``words()``).
    private var loadedWords: StringTable?

    public init(
        stdout: any TextOutput, stderr: any TextOutput, environment: [String: String],
        clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds,
        zone: any TimeZoneRule = SystemTimeZone(), confirm: ((String) -> Bool)? = nil
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
        self.clock = clock
        self.zone = zone
        self.confirm = confirm
    }

    /// The database path in force; an empty `--db` or `$HEALTHLOG_DB` is a mistake, never "the default".
    func databasePath() throws(CLIError) -> String {
        try GlobalOptions.databasePath(flag: databaseFlag, environment: environment, words: try? words())
    }

    /// The composition root: the log this command works on, with the database path, profile,
    /// clock and zone in force. The log file itself opens when a call first needs it.
    func log() throws(CLIError) -> HealthLog {
        if let openedLog { return openedLog }
        let stderr = self.stderr
        let waiting = (try? words())?.cli("lockWait") ?? "Waiting for the log: another healthlog command is writing it (an import or a restore)…"
        let settings = HealthLog.Settings(
            databasePath: try databasePath(), profile: profileChoice, namedProfile: profileFlag, clock: clock, zone: zone,
            // Up to ten minutes while another process writes, saying so after a second.
            lockWait: LockWait { stderr.line(waiting) },
            environment: environment)
        let log = HealthLog(settings)
        openedLog = log
        return log
    }

    /// Merges a shared log's folder before the command, quietly; a failure is one line on
    /// standard error, and the command goes on.
    func mergeSharedFolder() {
        guard let log = try? log(), let warning = log.mergeQuietly() else { return }
        stderr.line(say(warning).visibleControls())
    }

    /// Says, on standard error, when this command's changes could not reach the shared folder
    /// (they are saved in the log; the next merge writes them).
    func reportUnwrittenJournal() {
        guard let problem = openedLog?.syncJournalProblem else { return }
        stderr.line(say(Phrase("sync: {problem}; the change is saved in this log and goes to the shared folder at the next merge", terms: ["problem": problem])).visibleControls())
    }

    /// After a command that wrote to the shared folder: asks Syncthing, when `sync setup`
    /// recorded its folder, to send the change now (best effort, within half a second).
    func askSyncEngineToRescan() {
        stdout.flush()
        openedLog?.askSyncEngineToRescan()
    }

    /// Runs a use-case call, reporting its failure as the command line does.
    func run<T>(_ call: (HealthLog) throws -> T) throws(CLIError) -> T {
        let log = try self.log()
        return try reported { try call(log) }
    }

    /// Runs a call that needs no log (the reminder's units), reporting its failure as ``run(_:)`` does.
    func reported<T>(_ call: () throws -> T) throws(CLIError) -> T {
        do {
            return try call()
        } catch let error as HealthLogError {
            throw CLIError(error, words: try? words())
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// After a failed command: removes the log this command created when nothing was stored in
    /// it, so a refused command writes nothing.
    func discardCreatedLogIfUnused() {
        openedLog?.discardCreatedLogIfUnused()
    }

    /// The language the command line speaks: `HEALTHLOG_LANGUAGE` (or the configuration file's
    /// `language`), else the locale (`LC_ALL`, `LANG`).
    var language: Language {
        guard let languageFromFile else { return Language(environment: environment) }
        return Language(environment: environment.merging(["HEALTHLOG_LANGUAGE": languageFromFile]) { _, file in file })
    }

    /// The configuration file's `language`, for commands that do not apply the file (`help`,
    /// `config`): nil when the environment names one or the file has none or cannot be read.
    private var languageFromFile: String?

    /// Takes only the configuration file's language, quietly: for `help` and `config`, which
    /// must work with a broken file (to read about it and mend it) yet speak its language.
    func takeLanguageFromConfiguration() {
        guard (environment["HEALTHLOG_LANGUAGE"] ?? "").isEmpty else { return }
        languageFromFile = ConfigurationFile.quietValue("language", settings: ConfigurationKey.all, environment: environment)
    }

    /// `phrase` in the command line's words (English when they cannot be loaded).
    func say(_ phrase: Phrase) -> String { phrase.said(in: try? words()) }

    /// Every human-readable line of the command line in ``language``: the `cli.` strings of the
    /// same tables the report uses, loaded once.
    func words() throws(CLIError) -> StringTable {
        if let loadedWords, loadedWords.language == language { return loadedWords }
        let found: StringTable?
        do {
            found = try StringTable.terminalWords(language, environment: environment)
        } catch {
            switch error {
            case .folderMissing: throw .io(error.description)
            case .file: throw .data(error.description)
            }
        }
        guard let found else {
            throw .data("no Templates folder has the command line's strings ('cli.' keys) for \(language.code); reinstall HealthLog or set HEALTHLOG_TEMPLATES")
        }
        loadedWords = found
        return found
    }

    /// The guideline in force: `--guideline`, else `HEALTHLOG_GUIDELINE` (or the configuration
    /// file's), else nil (the language's own).
    func guideline(_ arguments: ParsedArguments) throws(CLIError) -> GuidelineChoice? {
        if let given = try arguments.value(Options.guideline) { return given }
        return settingGuideline
    }

    /// The guideline `HEALTHLOG_GUIDELINE` (or the configuration file) sets, else nil.
    var settingGuideline: GuidelineChoice? {
        environment["HEALTHLOG_GUIDELINE"].flatMap { $0.isEmpty ? nil : GuidelineChoice(rawValue: $0) }
    }

    /// Applies the configuration file under the environment, and checks the settings'
    /// variables: a value a setting does not take is one line and exit 78.
    func applyConfiguration() throws(CLIError) {
        environment = try ConfigurationFile.applied(ConfigurationKey.all, to: environment, words: try? words())
    }

    /// The columns a table on stdout may take: the terminal's width (TIOCGWINSZ), else
    /// `$COLUMNS`, else 80; through a pipe, no limit (every field whole).
    var tableWidth: Int? {
        guard stdout.isTerminal else { return nil }
        return stdout.terminalColumns ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// Styling for stdout.
    var style: ANSIEmphasis { ANSIEmphasis(enabled: ColorChoice.styles(stdout, environment: environment)) }

    /// The current instant in the local zone.
    var now: ZonedInstant { zone.zoned(utcSeconds: clock() / 1000) }

    /// Today, as a measurement day, as the log sees it (see ``HealthLog/today``); without a
    /// usable database path, the machine's own.
    var today: CivilDate {
        (try? log().today) ?? now.measurementDay
    }

    /// The profile the command is about: `--profile`, else `$HEALTHLOG_PROFILE`, else
    /// (``ProfileChoice/automatic``) the stored default or the only profile.
    var profileChoice: ProfileChoice {
        if let named = profileFlag ?? environment["HEALTHLOG_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return .named(named)
        }
        return .automatic
    }

    /// From here on, standard output goes through the user's pager once it runs past the
    /// screen (git's way: `$HEALTHLOG_PAGER`, `$PAGER` or `less`, with `LESS=FRX`); never when
    /// it is not a terminal or `--no-pager` was given. ``finishPaging()`` ends it.
    func startPaging() {
        guard !noPager, pagedTerminal == nil, stdout.isTerminal else { return }
        let started = PagedOutput.start(terminal: stdout, environment: environment, columns: tableWidth ?? 80)
        // A pager named but not installed is said once; the output is printed as is.
        if let missing = started.missing { stderr.line(say(Phrase("PAGER '{pager}' was not found; the output is printed without it", ["pager": missing])).visibleControls()) }
        guard let paged = started.paged else { return }
        pagedTerminal = (stdout, paged)
        stdout = paged
    }

    /// Prints what fit on the screen, or waits for the pager to be quit; standard output is the
    /// terminal again.
    func finishPaging() {
        guard let (terminal, paged) = pagedTerminal else { return }
        paged.finish()
        stdout = terminal
        pagedTerminal = nil
    }

    /// Asks before something destructive: `--yes` skips the question; without a terminal it is refused.
    func confirmDestructive(_ question: String, _ consent: Consent) throws(CLIError) {
        if !consent.given { try consent.ask(question, at: confirm, words: try words()) }
    }
}
