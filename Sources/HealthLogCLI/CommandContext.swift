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

    /// The database path in force.
    var databasePath: String { DatabaseLocation.resolvePath(flag: databaseFlag, environment: environment) }

    /// The record store, opened (and created if needed) on first use.
    func store() throws(CLIError) -> RecordStore {
        if let openedStore { return openedStore }
        do {
            let store = try RecordStore.open(path: databasePath, clock: clock)
            openedStore = store
            return store
        } catch {
            throw CLIError(error)
        }
    }

    /// Closes the record store if it is open; the next ``store()`` opens it again.
    func closeStore() {
        openedStore = nil
    }

    /// Styling for stdout.
    var style: TerminalStyle { TerminalStyle(output: stdout, environment: environment) }

    /// The current instant in the local zone.
    var now: ZonedInstant { zone.zoned(utcSeconds: clock() / 1000) }

    /// Today's local date.
    var today: CivilDate { now.localDate }

    /// The profile named by `--profile`, else `$HEALTHLOG_PROFILE`, else the stored
    /// default, else the only one. With `createIfEmpty`, an empty log gets profile `me`.
    func resolveProfile(createIfEmpty: Bool = false) throws(CLIError) -> Profile {
        let store = try store()
        return try records {
            if let named = profileFlag ?? environment["HEALTHLOG_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
                return try store.requireProfile(id: named)
            }
            if let id = try store.defaultProfileID(), let profile = try store.profile(id: id) {
                return profile
            }
            let profiles = try store.profiles()
            if profiles.count == 1 { return profiles[0] }
            if profiles.isEmpty {
                guard createIfEmpty else {
                    throw CLIError.data(
                        "there are no profiles yet; add a reading with 'healthlog add 138/86' or create one with 'healthlog profile add ID'")
                }
                let profile = Profile(id: "me", name: "me")
                try store.addProfile(profile)
                stderr.line("Created profile 'me' for your first reading (see 'healthlog profile --help').")
                return try store.requireProfile(id: "me")
            }
            throw CLIError.data(
                "several profiles (\(profiles.map(\.id).joined(separator: ", "))): choose one with --profile ID, or set a default with 'healthlog profile default ID'")
        }
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
            throw .usage("\(question.dropLast()) needs --yes when not run at a terminal", command: command)
        }
        guard confirm(question + " [y/N] ") else { throw .data("cancelled; nothing was changed") }
    }
}
