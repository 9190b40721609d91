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
    let database: Database
    let clock: @Sendable () -> Int64

    /// The database file's path.
    public var path: String { database.path }

    private init(database: Database, clock: @escaping @Sendable () -> Int64) {
        self.database = database
        self.clock = clock
    }

    /// Opens the log at `path`, creating it (directory 0700, file 0600) when missing.
    ///
    /// A file that is not a HealthLog database, or that comes from a newer
    /// schema, is refused before anything is written to it.
    public static func open(
        path: String, clock: @escaping @Sendable () -> Int64 = currentUnixMilliseconds
    ) throws(RecordsError) -> RecordStore {
        if !FileSystem.exists(path) {
            do { try FileSystem.createPrivateFile(path) } catch { throw .storage(error.description) }
        } else {
            try DatabaseFileCheck.checkBeforeOpening(path)
        }
        do {
            let database = try Database(path: path, mode: .readWrite)
            try checkIdentity(of: database)
            if try database.pragmaText("journal_mode")?.lowercased() != "wal" {
                try database.enableWriteAheadLog()
            }
            try database.execute("PRAGMA foreign_keys = ON")
            // A large import is one transaction; with SQLite's default 2 MB cache its pages
            // spill to the WAL and are read back hundreds of thousands of times.
            try database.execute("PRAGMA cache_size = -65536")
            try Migrations.apply(to: database, now: clock()) { database in
                try seedBuiltInTags(into: database, now: clock())
            }
            return RecordStore(database: database, clock: clock)
        } catch let error as RecordsError {
            throw error
        } catch let error as SQLiteError {
            if error.primaryCode == SQLITE_NOTADB {
                throw .notHealthLogDatabase(path: path, reason: "file is not a database")
            }
            if error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_PERM {
                throw .storage("cannot open \(path): it or its folder is read-only or not yours (\(error.message)); nothing was changed")
            }
            throw .storage("cannot open \(path): \(error)")
        } catch {
            throw .storage("cannot open \(path): \(error)")
        }
    }

    /// Refuses another program's file or a newer schema, using reads only.
    static func checkIdentity(of database: Database) throws {
        let applicationID = try database.pragmaInt("application_id")
        let version = try database.pragmaInt("user_version")
        if applicationID == Migrations.applicationID {
            if version > Migrations.steps.count {
                throw RecordsError.newerSchema(
                    path: database.path, found: Int(version), supported: Migrations.steps.count)
            }
            return
        }
        let objects = try Statement(database: database, sql: "SELECT count(*) FROM sqlite_master").scalarInt() ?? 0
        guard applicationID == 0, objects == 0, version == 0 else {
            throw RecordsError.notHealthLogDatabase(
                path: database.path, reason: "it belongs to another program")
        }
    }

    private static func seedBuiltInTags(into database: Database, now: Int64) throws {
        for tag in StatusTag.builtIns {
            try insertTag(tag, into: database, now: now)
        }
    }

    static func insertTag(_ tag: StatusTag, into database: Database, now: Int64) throws {
        try database.cachedStatement(
            """
            INSERT INTO status_tags (id, label_en, label_zh, color, symbol, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(tag.id), .text(tag.label), tag.labelChinese.map(SQLValue.text) ?? .null,
            .text(tag.color.uppercased()), .text(tag.symbol), .integer(now), .integer(now),
        ])
    }

    /// Runs `body` as one write transaction, mapping SQLite failures to ``RecordsError``.
    func write<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        try mapErrors { try database.write(body) }
    }

    /// Runs `body` as one read transaction (one consistent snapshot).
    public func read<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        try mapErrors { try database.read(body) }
    }

    func mapErrors<T>(_ body: () throws -> T) throws(RecordsError) -> T {
        do {
            return try body()
        } catch let error as RecordsError {
            throw error
        } catch let error as ValidationError {
            throw .invalid(error.message)
        } catch let error as SQLiteError {
            if error.isFull || error.isWriteFailure {
                throw .storage("cannot write to \(path): the disk is full or the file is too large; nothing was written (\(error))")
            }
            if error.primaryCode == SQLITE_READONLY {
                throw .storage("\(path) is read-only; nothing was written")
            }
            throw RecordsError(error)
        } catch {
            throw .storage("\(error)")
        }
    }
}
