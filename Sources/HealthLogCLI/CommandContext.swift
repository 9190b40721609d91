public import HealthCore
import HealthRecords

/// What a command needs from the world: output streams, the environment, the
/// clock, the time zone, and the database, opened only when first asked for.
public final class CommandContext {
    public let stdout: any TextOutput
    public let stderr: any TextOutput
    public let environment: [String: String]
    /// Milliseconds since 1970.
    public let clock: @Sendable () -> Int64
    public let zone: any TimeZoneRule
    /// Answers a yes/no question on an interactive terminal; nil when there is none.
    let confirm: ((String) -> Bool)?
    var databaseFlag: String?
    var profileFlag: String?
    private var openedStore: RecordStore?
    /// The log this command created, and the folders created for it (deepest first).
    private var createdLog: (path: String, folders: [String])?
    private var openedAccess: RecordStore.Access?
    private var resolvedToday: CivilDate?

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
        if databaseFlag == "" {
            throw .usage("--db is empty; give the database file's path", command: "healthlog")
        }
        if databaseFlag == nil, environment["HEALTHLOG_DB"] == "" {
            throw .usage("HEALTHLOG_DB is set but empty; unset it or give the database file's path", command: "healthlog")
        }
        guard let path = DatabaseLocation.resolvePath(flag: databaseFlag, environment: environment) else {
            throw .usage("HOME is not set and this user has no home folder, so the log cannot be found; give --db PATH or set HEALTHLOG_DB", command: "healthlog")
        }
        return path
    }

    /// The record store, opened on first use. A command that only reads opens it
    /// ``RecordStore/Access/readOnly``, so it never creates a log and works on read-only media.
    func store(_ access: RecordStore.Access) throws(CLIError) -> RecordStore {
        if let openedStore, openedAccess == .readWrite || access == .readOnly { return openedStore }
        let path = try databasePath()
        if access == .readWrite && !FileSystem.exists(path) {
            // Remembered so a command that fails leaves no new log (or folder) behind.
            var missing: [String] = []
            var folder = FileSystem.parentDirectory(of: path)
            while !folder.isEmpty, folder != "/", !FileSystem.exists(folder) {
                missing.append(folder)
                folder = FileSystem.parentDirectory(of: folder)
            }
            createdLog = (path, missing)
        }
        let store = try records { try RecordStore.open(path: path, access: access, clock: clock, lockWait: lockWait) }
        openedStore = store
        openedAccess = access
        return store
    }

    /// How a command waits while another writes the log: up to ten minutes, saying so after a second.
    var lockWait: LockWait {
        let stderr = self.stderr
        return LockWait { stderr.line("Waiting for the log: another healthlog command is writing it (an import or a restore)…") }
    }

    /// Closes the record store if it is open; the next ``store()`` opens it again.
    func closeStore() {
        openedStore = nil
    }

    /// After a failed command: removes the log this command created, and the folders made for
    /// it, when nothing was stored in it. A refused command writes nothing.
    func discardCreatedLogIfUnused() {
        guard let (path, folders) = createdLog else { return }
        closeStore()
        RecordStore.removeIfUnused(path: path)
        guard !FileSystem.exists(path) else { return }
        for folder in folders { FileSystem.removeEmptyDirectory(folder) }
    }

    /// The string table for `language`, from the Templates folder.
    func strings(_ language: Language) throws(CLIError) -> StringTable {
        do {
            return try StringTable.load(language, from: try TemplatesFolder.locate(environment: environment))
        } catch {
            switch error {
            case .folderMissing: throw .io(error.description)
            case .file: throw .data(error.description)
            }
        }
    }

    /// Styling for stdout.
    var style: TerminalStyle { TerminalStyle(output: stdout, environment: environment) }

    /// The current instant in the local zone.
    var now: ZonedInstant { zone.zoned(utcSeconds: clock() / 1000) }

    /// Today, as a measurement day (at 00:45 it is still yesterday's evening): the machine's
    /// own, or the day of a reading taken in the last hours in a zone ahead of the machine's
    /// (a Shanghai morning reading is tomorrow on a machine in UTC), whichever is later, so a
    /// reading just taken is always in "today" and in every range that runs up to it.
    var today: CivilDate {
        if let resolvedToday { return resolvedToday }
        var day = now.measurementDay
        if let path = try? databasePath(), FileSystem.exists(path), FileSystem.nonRegularKind(path) == nil,
            let store = try? store(.readOnly),
            let latest = try? store.latestMeasurementDay(since: now.utcSeconds - ZonedInstant.widestOffsetSpreadSeconds)
        {
            day = max(day, latest)
        }
        resolvedToday = day
        return day
    }

    /// The profile the command is about: `--profile`, else `$HEALTHLOG_PROFILE`, else
    /// (``ProfileChoice/automatic``) the stored default or the only profile.
    var profileChoice: ProfileChoice {
        if let named = profileFlag ?? environment["HEALTHLOG_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return .named(named)
        }
        return .automatic
    }

    /// Refuses a record of another profile than the one named with `-p`: `healthlog -p mom delete ID`
    /// never deletes dad's reading. Without `-p` any profile's record may be named by its id.
    func requireNamedProfile(owns profileID: String, _ what: String) throws(CLIError) {
        guard let named = profileFlag, named != profileID else { return }
        throw .data("\(what) belongs to profile '\(profileID)', not '\(named)'; leave out -p or name '\(profileID)'".visibleControls())
    }

    /// The profile ``profileChoice`` means in `store`.
    func resolveProfile(in store: RecordStore) throws(CLIError) -> Profile {
        try records { try store.profile(profileChoice) }
    }

    /// Runs a records call, mapping its errors to ``CLIError``.
    func records<T>(_ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch let error as RecordsError {
            throw CLIError(error)
        } catch {
            throw .io("\(error)")
        }
    }

    /// Asks before something destructive: `--yes` skips the question; without a terminal it is refused.
    func confirmDestructive(_ question: String, yes: Bool, command: String) throws(CLIError) {
        if yes { return }
        guard let confirm else {
            throw .usage("not at a terminal to ask \"\(question.visibleControls())\"; add --yes to go ahead", command: command)
        }
        guard confirm(question.visibleControls() + " [y/N] ") else { throw .cancelled("cancelled; nothing was changed") }
    }
}
