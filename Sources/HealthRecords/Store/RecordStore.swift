public import HealthCore
import CSQLite

/// The family's health log: profiles, readings and tag definitions in one SQLite file.
///
/// ```swift
/// let store = try RecordStore.open(path: "/tmp/log.sqlite")
/// try store.addProfile(Profile(id: "dad", name: "爸爸"))
/// try store.add(Reading(profileID: "dad", takenAt: now, bloodPressure: .init(systolic: 138, diastolic: 86)))
/// ```
///
/// Every write is one `BEGIN IMMEDIATE` transaction, so a failed call leaves the
/// file as it was.
public final class RecordStore {
    /// How a log is opened.
    public enum Access: Sendable {
        /// Reading and writing; a missing log is created (folder 0700, file 0600) and an older
        /// schema is migrated.
        case readWrite
        /// Reading only: nothing is ever created or changed, so a log on read-only media or in a
        /// read-only folder (an archived backup) can be viewed. An older schema is brought up to
        /// date in a private copy in memory.
        case readOnly
    }

    let database: Database
    let clock: @Sendable () -> Int64

    /// The database file's path.
    public let path: String

    /// Hears every change this store makes, inside the transaction that makes it (see
    /// ``LogChangeObserver``). Without one, changes are not collected at all.
    public var changeObserver: (any LogChangeObserver)?
    /// Changes of the open write transaction not yet handed to ``changeObserver``.
    private var pendingChanges: [LogChange] = []
    /// True once the open write transaction handed changes over.
    private var deliveredChanges = false
    /// Whether the next outermost write transactions keep what they change, to be undone
    /// (`healthlog undo`): set by the one write path for the changes a person makes, never for
    /// a merge of the shared folder.
    public var capturesUndo = false
    /// True once this connection made its undo triggers.
    var undoTriggersInstalled = false
    /// True once this connection can call the digest `undo` keeps of an added row.
    var undoDigestRegistered = false
    /// The columns of each table an undo image holds, read once per connection.
    var undoImageColumns: [String: [String]] = [:]

    private init(database: Database, path: String, clock: @escaping @Sendable () -> Int64) {
        self.database = database
        self.path = path
        self.clock = clock
    }

    /// Opens the log at `path`.
    ///
    /// A file that is not a HealthLog database, or that comes from a newer schema, is refused
    /// before anything is written to it. With ``Access/readOnly`` a missing file is
    /// ``RecordsError/noDatabase(path:)``.
    ///
    /// While another process writes the log (an import holds it for the whole import), a
    /// command waits as `lockWait` says: ten minutes by default.
    public static func open(
        path: String, access: Access = .readWrite, clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds,
        lockWait: LockWait = LockWait()
    ) throws(RecordsError) -> RecordStore {
        guard !path.isEmpty else { throw .noDatabase(path: path) }
        // A device, a FIFO or a folder is refused before anything opens it: SQLite would chmod a
        // device, create a journal beside it, or wait for ever on a FIFO.
        if let kind = FileSystem.nonRegularKind(path) {
            throw .notHealthLogDatabase(path: path, reason: Phrase("it is {kind}, not a file", terms: ["kind": kind]))
        }
        do {
            let database = try access == .readWrite
                ? openForWriting(path, now: clock(), lockWait: lockWait) : openForReading(path, now: clock(), lockWait: lockWait)
            return RecordStore(database: database, path: path, clock: clock)
        } catch let error as RecordsError {
            throw error
        } catch let error as SQLiteError {
            if error.primaryCode == SQLITE_NOTADB {
                throw .notHealthLogDatabase(path: path, reason: Phrase("file is not a database"))
            }
            if error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_PERM {
                throw .storage(
                    StorageFailure(
                        error,
                        phrase: Phrase(
                            "cannot open {path}: it or its folder is read-only or not yours ({detail}); nothing was changed", ["path": path, "detail": error.message])))
            }
            throw .storage(StorageFailure(error, phrase: Phrase("cannot open {path}: {error}", ["path": path, "error": "\(error)"])))
        } catch {
            throw .failure(Phrase("cannot open {path}: {error}", ["path": "\(path)", "error": "\(error)"]))
        }
    }

    /// Opens (creating when missing) for writing, with the schema set up and up to date.
    private static func openForWriting(_ path: String, now: Int64, lockWait: LockWait) throws -> Database {
        try LogFileOwnership.check(path)
        let created: Bool
        do { created = try FileSystem.createPrivateFile(path) } catch { throw RecordsError.failure(Phrase("cannot create {path}: {reason}", ["path": error.path], terms: ["reason": error.reason])) }
        // Opening reads nothing yet; the file's bytes are checked first.
        let database = try Database(path: path, mode: .readWrite)
        database.waitWhenBusy(lockWait)
        if !created {
            try DatabaseFileCheck.checkBeforeOpening(path)
            // An empty file someone made is adopted as a new log, and is private from then on.
            if FileSystem.size(of: path) == 0 { FileSystem.makePrivate(path) }
        }
        try setUpForWriting(database, now: now)
        try SchemaObjects.refuseForeignCode(in: database)
        try database.execute("PRAGMA foreign_keys = ON")
        // A large import is one transaction; with SQLite's default 2 MB cache its pages
        // spill to the WAL and are read back hundreds of thousands of times. 32 MiB holds the
        // pages a million-row import keeps going back to (the random-ordered id index above
        // all): the same rows inserted from C take 8.8 s with 64 MiB, 10.3 s with 32, 17.7 s
        // with 16 and 23.0 s with 2, and every MiB of it is resident by the end.
        try database.execute("PRAGMA cache_size = -32768")
        return database
    }

    /// Checks the file's identity and, when needed, creates or migrates the schema and turns on
    /// WAL. Processes starting at the same moment are kept apart by SQLite's own locks: each
    /// migration step re-reads the version inside its IMMEDIATE transaction, and the identity is
    /// read in one snapshot, so a half-made schema is never seen.
    private static func setUpForWriting(_ database: Database, now: Int64) throws {
        let state = try SchemaState.read(database)
        try refuseUnusable(state, path: database.path)
        guard !state.isReadyForWriting else { return }
        // The schema is written first, and only then does the log switch to WAL. The other
        // order would leave a new file at zero pages with everything in its -wal, and SQLite
        // deletes the -wal of a zero-page database when another connection opens it: committed
        // readings would vanish.
        try Migrations.apply(to: database, now: now)
        if !state.isWriteAheadLogged { try database.enableWriteAheadLog() }
    }

    /// Opens an existing log without ever writing to it.
    ///
    /// Where the file and its folder are writable, the connection is opened read-write but
    /// `query_only`: SQLite can then tidy its `-wal` and `-shm` away on close as usual, and the
    /// folder is left as it was. Elsewhere it is opened read-only, and a WAL log whose `-shm`
    /// cannot be made (a read-only folder) with no `-wal` holding anything is read as immutable.
    private static func openForReading(_ path: String, now: Int64, lockWait: LockWait) throws -> Database {
        guard FileSystem.exists(path) else { throw RecordsError.noDatabase(path: path) }
        try LogFileOwnership.checkForReading(path)
        let writable = FileSystem.isWritable(path) && FileSystem.isWritableDirectory(FileSystem.parentDirectory(of: path))
        var database = try Database(path: path, mode: writable ? .readWrite : .readOnly)
        database.waitWhenBusy(lockWait)
        try DatabaseFileCheck.checkBeforeOpening(path)
        var state: SchemaState
        do {
            state = try SchemaState.read(database)
        } catch let error as SQLiteError
            where !writable && (error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_READONLY)
            && FileSystem.size(of: path + "-wal") ?? 0 == 0
        {
            database = try Database(path: path, mode: .immutable)
            state = try SchemaState.read(database)
        }
        try refuseUnusable(state, path: path)
        switch state.kind {
        case .empty:
            throw RecordsError.noDatabase(path: path)
        case .healthLog(let version) where version < Migrations.steps.count:
            // A log from an older HealthLog: upgrade a private copy, never the file.
            let copy = try Database(path: path, mode: .memory)
            try database.copy(into: copy)
            try Migrations.apply(to: copy, now: now)
            try copy.makeQueryOnly()
            return copy
        default:
            try database.makeQueryOnly()
            return database
        }
    }

    private static func refuseUnusable(_ state: SchemaState, path: String) throws(RecordsError) {
        switch state.kind {
        case .foreign: throw .notHealthLogDatabase(path: path, reason: Phrase("it belongs to another program"))
        case .newer(let version): throw .newerSchema(path: path, found: version, supported: Migrations.steps.count)
        case .empty, .healthLog: break
        }
    }

    /// Refuses another program's file or a newer schema, using reads only.
    static func checkIdentity(of database: Database) throws {
        try refuseUnusable(try SchemaState.read(database), path: database.path)
    }

    /// Runs `body` as one `BEGIN IMMEDIATE` write transaction, mapping SQLite failures to
    /// ``RecordsError``: the store calls inside it are savepoints of it, and all of them commit
    /// together or none does. Inside ``read(_:)`` it fails at once (a read never writes).
    public func write<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        try mapErrors { try transaction(body) }
    }

    /// Runs `body` as one write transaction, or as a savepoint inside one, with its changes
    /// handed to ``changeObserver`` before the outermost transaction commits. Errors are thrown
    /// as they are.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        guard !database.isInWriteTransaction else {
            // A savepoint: what it recorded is undone with it.
            let mark = pendingChanges.count
            do {
                return try database.write(body)
            } catch {
                if pendingChanges.count >= mark { pendingChanges.removeSubrange(mark...) }
                throw error
            }
        }
        do {
            let capturing = capturesUndo
            let result = try database.write {
                if capturing { try beginUndoStep() }
                let result = try body()
                if capturing { try finishUndoStep() }
                try deliverChanges()
                if deliveredChanges { try changeObserver?.logWillCommit() }
                return result
            }
            let committed = deliveredChanges
            deliveredChanges = false
            if committed { changeObserver?.logDidCommit() }
            return result
        } catch {
            pendingChanges.removeAll()
            if deliveredChanges { changeObserver?.logRolledBack() }
            deliveredChanges = false
            throw error
        }
    }

    /// Notes a change made in the open write transaction, for ``changeObserver``.
    func record(_ change: @autoclosure () -> LogChange) {
        guard changeObserver != nil else { return }
        pendingChanges.append(change())
    }

    /// Hands the changes noted so far to ``changeObserver``; a long import calls it after each
    /// batch, so its changes are never all held at once.
    func deliverChanges() throws {
        guard let changeObserver, !pendingChanges.isEmpty else { return }
        precondition(database.isInOutermostWrite, "changes are handed over only outside savepoints")
        let changes = pendingChanges
        pendingChanges.removeAll(keepingCapacity: true)
        deliveredChanges = true
        try changeObserver.logChanged(changes)
    }

    /// Runs `body` as one read transaction (one consistent snapshot).
    public func read<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        try mapErrors { try database.read(body) }
    }

    func mapErrors<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        do {
            return try body()
        } catch {
            throw RecordStore.mapped(error, writing: path)
        }
    }

    /// `error` as the store reports it, for a write to `target` (the log, or a backup's file).
    static func mapped(_ error: any Error, writing target: String) -> RecordsError {
        switch error {
        case let error as RecordsError: return error
        case let error as ValidationError: return .invalid(error.phrase)
        case let error as OutputError: return .output(error)
        case let error as SQLiteError:
            switch StorageFailure.kind(of: error) {
            case .full:
                return .storage(
                    StorageFailure(
                        error,
                        phrase: Phrase(
                            "cannot write to {path}: the disk is full or the file is too large; nothing was written ({detail})", ["path": target, "detail": "\(error)"])))
            case .readOnly where error.primaryCode == SQLITE_READONLY:
                return .storage(StorageFailure(error, phrase: Phrase("{path} is read-only; nothing was written", ["path": target])))
            default:
                return RecordsError(error)
            }
        default: return .failure(Phrase(verbatim: "\(error)"), kind: .other)
        }
    }
}
