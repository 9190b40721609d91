public import HealthCore
import HealthRecords
import HealthSync

/// One family log, as a front end uses it: every question a command asks (add a reading,
/// list, load the figures, make a report, import, export, back up) is one call here, and every
/// change goes through one write path, ``change(_:)``, whose changes ``observeChanges(_:)``
/// hears inside the transaction that makes them.
///
/// ```swift
/// let log = HealthLog(HealthLog.Settings(databasePath: "/tmp/family.sqlite"))
/// let added = try log.add(ReadingEntry(bloodPressure: BloodPressure(systolic: 138, diastolic: 86), pulse: 72))
/// let figures = try log.summary(SummaryRequest(range: DateRange(from: today.adding(days: -29), to: today)))
/// ```
///
/// The log file is opened on first use: read-only for a call that only reads (nothing is ever
/// created or changed by it), read-write for a change (creating the log when it is missing).
/// Use one `HealthLog` from one thread.
public final class HealthLog {
    /// What a session needs from the world.
    public struct Settings {
        /// The log's file.
        public var databasePath: String
        /// The profile calls are about: named, else the stored default or the only one.
        public var profile: ProfileChoice
        /// The profile named explicitly for this session (`-p`), if any: a record of another profile
        /// named by its id is refused, and an export takes only this profile.
        public var namedProfile: String?
        /// Milliseconds since 1970.
        public var clock: @Sendable () -> Int64
        /// The local time zone.
        public var zone: any TimeZoneRule
        /// How to wait while another process writes the log.
        public var lockWait: LockWait
        /// Where templates, string tables and temporary files are found (`HEALTHLOG_TEMPLATES`, `TMPDIR`).
        public var environment: [String: String]

        public init(
            databasePath: String, profile: ProfileChoice = .automatic, namedProfile: String? = nil,
            clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds, zone: any TimeZoneRule = SystemTimeZone(),
            lockWait: LockWait = LockWait(), environment: [String: String] = [:]
        ) {
            self.databasePath = databasePath
            self.profile = profile
            self.namedProfile = namedProfile
            self.clock = clock
            self.zone = zone
            self.lockWait = lockWait
            self.environment = environment
        }
    }

    public let settings: Settings
    private var openedStore: RecordStore?
    private var openedForWriting = false
    /// The log this session created, and the folders created for it (deepest first).
    private var createdLog: (path: String, folders: [String])?
    private var resolvedToday: CivilDate?
    private let observers = ChangeObservers()
    /// This device's journal when the log is shared (family sync), attached with the writer.
    private(set) var syncJournal: SyncJournal?
    /// True once this session wrote to the shared folder through a journal it has closed since
    /// (see ``askSyncEngineToRescan(timeout:)``).
    var wroteToSharedFolder = false

    public init(_ settings: Settings) {
        self.settings = settings
    }

    // MARK: - The clock

    /// The current instant in the local zone.
    public var now: ZonedInstant { settings.zone.zoned(utcSeconds: settings.clock() / 1000) }

    /// Today, as a measurement day (at 00:45 it is still yesterday's evening): the machine's
    /// own, or the day of a reading taken in the last hours in a zone ahead of the machine's
    /// (a Shanghai morning reading is tomorrow on a machine in UTC), whichever is later, so a
    /// reading just taken is always in "today" and in every range that runs up to it.
    public var today: CivilDate {
        if let resolvedToday { return resolvedToday }
        var day = now.measurementDay
        let path = settings.databasePath
        if FileSystem.exists(path), FileSystem.nonRegularKind(path) == nil, let store = try? reader(),
            let latest = try? store.latestMeasurementDay(since: now.utcSeconds - ZonedInstant.widestOffsetSpreadSeconds)
        {
            day = max(day, latest)
        }
        resolvedToday = day
        return day
    }

    // MARK: - Changes

    /// Hears every change made through this session from now on, inside the transaction that
    /// makes it (see ``LogChangeObserver``). Family sync journals the changes here.
    public func observeChanges(_ observer: any LogChangeObserver) {
        observers.add(observer)
        openedStore?.changeObserver = openedForWriting ? observers : nil
    }

    /// The one write path: runs `body` with the log opened for writing, as one transaction
    /// (nested store calls are savepoints inside it), with every change it makes handed to the
    /// observers before it commits. Only the use cases of this module call it; one that must
    /// manage its own transaction (a restore, an import that locks from its first batch) passes
    /// `inOneTransaction: false`, and its store calls still report every change. What a change
    /// does to the records is kept to be undone (``undo()``), unless it is `undoable: false`.
    func change<T>(inOneTransaction: Bool = true, undoable: Bool = true, _ body: (RecordStore) throws -> T) throws(HealthLogError) -> T {
        let store = try writer()
        store.capturesUndo = undoable
        defer { store.capturesUndo = false }
        guard inOneTransaction else { return try HealthLog.run { try body(store) } }
        return try HealthLog.keepingBodyErrors(store, writing: true, body)
    }

    /// Runs `body` on the log opened for reading, in one snapshot.
    func read<T>(_ body: (RecordStore) throws -> T) throws(HealthLogError) -> T {
        let store = try reader()
        return try HealthLog.keepingBodyErrors(store, writing: false, body)
    }

    /// Runs `body` in one write (or read) transaction of `store`, reporting what `body` threw as
    /// it threw it (the store would report a foreign error as its own failure), else the
    /// store's own error.
    private static func keepingBodyErrors<T>(
        _ store: RecordStore, writing: Bool, _ body: (RecordStore) throws -> T
    ) throws(HealthLogError) -> T {
        var thrown: (any Error)?
        let guarded = { () throws -> T in
            do {
                return try body(store)
            } catch {
                thrown = error
                throw error
            }
        }
        do {
            return try writing ? store.write(guarded) : store.read(guarded)
        } catch {
            throw HealthLogError.from(thrown ?? error)
        }
    }

    /// Runs `body`, reporting what it throws in this layer's terms.
    static func run<T>(_ body: () throws -> T) throws(HealthLogError) -> T {
        do {
            return try body()
        } catch {
            throw HealthLogError.from(error)
        }
    }

    // MARK: - Opening and closing

    /// The store for reading: the one open for writing when there is one, else opened read-only.
    func reader() throws(HealthLogError) -> RecordStore {
        if let openedStore { return openedStore }
        return try open(.readOnly)
    }

    /// The store for writing, opened (and the log created when missing) on first use; a shared
    /// log's journal hears every change first.
    func writer() throws(HealthLogError) -> RecordStore {
        if let openedStore, openedForWriting { return openedStore }
        let path = settings.databasePath
        if !FileSystem.exists(path) {
            // Remembered so a session that fails leaves no new log (or folder) behind.
            var missing: [String] = []
            var folder = FileSystem.parentDirectory(of: path)
            while !folder.isEmpty, folder != "/", !FileSystem.exists(folder) {
                missing.append(folder)
                folder = FileSystem.parentDirectory(of: folder)
            }
            createdLog = (path, missing)
        }
        let store = try open(.readWrite)
        let clock = settings.clock
        let temporary = temporaryFolder
        syncJournal = try HealthLog.run { try FamilySync.journal(for: store, wallClock: clock, temporaryFolder: temporary) }
        observers.journal = syncJournal
        store.changeObserver = observers.isEmpty ? nil : observers
        return store
    }

    private func open(_ access: RecordStore.Access) throws(HealthLogError) -> RecordStore {
        let settings = self.settings
        let store = try HealthLog.run {
            try RecordStore.open(path: settings.databasePath, access: access, clock: settings.clock, lockWait: settings.lockWait)
        }
        openedStore = store
        openedForWriting = access == .readWrite
        return store
    }

    /// Closes the log if it is open; the next call opens it again.
    public func close() {
        if syncJournal?.wroteToFolder == true { wroteToSharedFolder = true }
        observers.journal = nil
        syncJournal = nil
        openedStore = nil
        openedForWriting = false
    }

    /// Keeps the log this session created, whatever fails later: it has become a member of a
    /// shared log, whose folder now names it.
    func keepCreatedLog() {
        createdLog = nil
    }

    /// After a failed command (or a dry run): removes the log this session created, and the
    /// folders made for it, when nothing was stored in it. A refused command writes nothing.
    public func discardCreatedLogIfUnused() {
        guard let (path, folders) = createdLog else { return }
        close()
        RecordStore.removeIfUnused(path: path)
        guard !FileSystem.exists(path) else { return }
        createdLog = nil
        for folder in folders { FileSystem.removeEmptyDirectory(folder) }
    }

    // MARK: - Profiles and ids

    /// The profile ``Settings/profile`` means.
    func chosenProfile(in store: RecordStore) throws -> Profile {
        try store.profile(settings.profile)
    }

    /// Refuses a record of another profile than the one named for this session:
    /// `healthlog -p mom delete ID` never deletes dad's reading.
    func requireNamedProfile(owns profileID: String, _ what: Phrase) throws(HealthLogError) {
        guard let named = settings.namedProfile, named != profileID else { return }
        throw .other(
            .refused,
            Phrase("{what} belongs to profile '{profile}', not '{named}'; leave out -p or name '{profile}'", ["profile": profileID, "named": named], terms: ["what": what]))
    }

    /// The temporary folder: `$TMPDIR`, else /tmp.
    var temporaryFolder: String {
        settings.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}

/// The observers of one session, as the one observer its store knows.
private final class ChangeObservers: LogChangeObserver {
    private var observers: [any LogChangeObserver] = []
    /// The shared log's journal, heard first: it is part of the log, the others only listen.
    var journal: (any LogChangeObserver)?

    var isEmpty: Bool { observers.isEmpty && journal == nil }

    func add(_ observer: any LogChangeObserver) { observers.append(observer) }

    private var all: [any LogChangeObserver] { (journal.map { [$0] } ?? []) + observers }

    func logChanged(_ changes: [LogChange]) throws {
        for observer in all { try observer.logChanged(changes) }
    }

    func logWillCommit() throws {
        for observer in all { try observer.logWillCommit() }
    }

    func logRolledBack() {
        for observer in all { observer.logRolledBack() }
    }

    func logDidCommit() {
        for observer in all { observer.logDidCommit() }
    }
}
