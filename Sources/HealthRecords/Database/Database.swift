import HealthCore
import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// One SQLite connection. It owns the `sqlite3` handle and closes it in `deinit`.
///
/// Writes go through ``write(_:)``, which runs its closure inside
/// `BEGIN IMMEDIATE … COMMIT` and rolls back when the closure throws. Starting
/// writes IMMEDIATE matters: a deferred transaction that later upgrades to a
/// write gets an `SQLITE_BUSY` that the busy timeout cannot retry. A write inside a
/// write is a savepoint of it; a read (``read(_:)``) is read-only, and a write inside one
/// fails at once instead of quietly upgrading the read.
public final class Database {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// Read and write; create the file when it does not exist.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only.
        case readOnly
        /// Read only, from a file nothing else changes (an archive on read-only media): SQLite
        /// takes no locks and needs no `-shm` beside it, so a read-only folder is fine.
        case immutable
        /// A private database in memory, gone when the connection closes.
        case memory
    }

    let handle: OpaquePointer
    /// The path the connection was opened with.
    public let path: String
    private var statementCache: [String: Statement] = [:]
    /// The transaction in progress, if any.
    private enum Transaction {
        case none
        case reading(depth: Int)
        case writing(savepoints: Int)
    }
    private var transaction = Transaction.none

    /// True inside ``write(_:)``, at any depth.
    var isInWriteTransaction: Bool {
        if case .writing = transaction { return true }
        return false
    }

    /// True inside ``write(_:)``'s outermost transaction, not within one of its savepoints.
    var isInOutermostWrite: Bool {
        if case .writing(0) = transaction { return true }
        return false
    }
    /// True when the connection only ever reads (`PRAGMA query_only` was set for good).
    private var alwaysQueryOnly = false
    /// The waiting rule the busy handler follows; kept alive as long as the connection.
    private var busyWait: BusyWait?

    /// Opens `path` with a busy timeout of `busyTimeoutMilliseconds`.
    public init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32 = 10_000) throws(SQLiteError) {
        _ = Database.configureOnce
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:\(Database.uriEscaped(path))?immutable=1"
        case .memory:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
            name = ":memory:"
        }
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection, context: "cannot open \(path)")
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(connection, 1)
    }

    /// `path` as the path part of a `file:` URI: `%`, `?` and `#` percent-encoded.
    private static func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            default:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    /// Process-wide settings, made before SQLite first initializes: no memory statistics
    /// (they put a global mutex around every allocation).
    private static let configureOnce: Void = {
        _ = healthlog_sqlite3_disable_memory_statistics()
    }()

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, cached for the life of the connection.
    func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction, committing when it returns and rolling
    /// back when it throws. Inside another write it is a savepoint: rolled back alone when it
    /// throws, committed with the outer transaction. Inside a read it is a programming error,
    /// thrown at once (SQLITE_MISUSE): a read would otherwise become a write that the busy
    /// timeout cannot retry.
    public func write<T>(_ body: () throws -> T) throws -> T {
        switch transaction {
        case .reading:
            throw SQLiteError(code: SQLITE_MISUSE, message: "a write inside a read transaction", context: "programming error")
        case .writing(let savepoints):
            let name = "healthlog_\(savepoints + 1)"
            try execute("SAVEPOINT \(name)")
            transaction = .writing(savepoints: savepoints + 1)
            defer { transaction = .writing(savepoints: savepoints) }
            do {
                let result = try body()
                try execute("RELEASE \(name)")
                return result
            } catch {
                sqlite3_exec(handle, "ROLLBACK TO \(name); RELEASE \(name)", nil, nil, nil)
                throw error
            }
        case .none:
            try execute("BEGIN IMMEDIATE")
            transaction = .writing(savepoints: 0)
            defer { transaction = .none }
            return try finish(body)
        }
    }

    /// Runs `body` in a deferred read transaction, so every query in it sees one snapshot. The
    /// connection is query-only meanwhile: a statement that writes fails (SQLITE_READONLY). A
    /// read inside a write or a read joins it.
    public func read<T>(_ body: () throws -> T) throws -> T {
        switch transaction {
        case .writing: return try body()
        case .reading(let depth):
            transaction = .reading(depth: depth + 1)
            defer { transaction = .reading(depth: depth) }
            return try body()
        case .none:
            try execute("BEGIN DEFERRED")
            if !alwaysQueryOnly { try execute("PRAGMA query_only = 1") }
            transaction = .reading(depth: 1)
            defer {
                transaction = .none
                if !alwaysQueryOnly { sqlite3_exec(handle, "PRAGMA query_only = 0", nil, nil, nil) }
            }
            return try finish(body)
        }
    }

    /// Makes the connection read-only for good.
    func makeQueryOnly() throws(SQLiteError) {
        try execute("PRAGMA query_only = 1")
        alwaysQueryOnly = true
    }

    /// Runs the body of a transaction just begun, then commits, or rolls back and rethrows the
    /// first error (a failed rollback adds nothing worth reporting).
    private func finish<T>(_ body: () throws -> T) throws -> T {
        let result: T
        do {
            result = try body()
        } catch {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
        return result
    }

    /// Waits while another process holds the log locked, up to `wait.limit` seconds, telling
    /// `wait.onWait` once when the wait has lasted a second.
    func waitWhenBusy(_ wait: LockWait) {
        let box = BusyWait(wait)
        busyWait = box
        sqlite3_busy_handler(handle, { context, count in
            Unmanaged<BusyWait>.fromOpaque(context!).takeUnretainedValue().shouldRetry(count)
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Reads a pragma's single value as text.
    func pragmaText(_ name: String) throws(SQLiteError) -> String? {
        try Statement(database: self, sql: "PRAGMA \(name)").scalarText()
    }

    /// Reads a pragma's single value as an integer.
    func pragmaInt(_ name: String) throws(SQLiteError) -> Int64 {
        try Statement(database: self, sql: "PRAGMA \(name)").scalarInt() ?? 0
    }

    /// Switches the connection to WAL and checks that SQLite agreed.
    ///
    /// The switch needs the file to itself; while another process is in the middle of a
    /// transaction it is retried, for up to about 10 seconds.
    func enableWriteAheadLog() throws(SQLiteError) {
        var mode: String?
        for _ in 0..<1000 {
            do {
                mode = try pragmaText("journal_mode=WAL")?.lowercased()
                if mode == "wal" { return }
            } catch where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED {
                mode = "busy"
            }
            usleep(10_000)
        }
        throw SQLiteError(
            code: SQLITE_BUSY, message: "journal_mode is \(mode ?? "unknown"), expected wal",
            context: "cannot enable WAL on \(path)")
    }

    /// Copies every page of this database into `target` in one step (SQLite's backup API), so
    /// readers of `target` see its old contents or the new ones, never a mix.
    func copy(into target: Database) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(target.handle), connection: target.handle, context: "cannot start the copy")
        }
        let status = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else {
            throw SQLiteError(code: status, connection: target.handle, context: "the copy stopped")
        }
    }
}

/// The busy handler's state for one connection.
private final class BusyWait {
    let wait: LockWait
    private var started = 0.0
    private var announced = false
    private static let delays: [UInt32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    init(_ wait: LockWait) { self.wait = wait }

    /// Whether SQLite should try again after the `count`-th busy answer in a row; sleeps first.
    func shouldRetry(_ count: Int32) -> Int32 {
        let now = BusyWait.seconds()
        if count == 0 {
            started = now
            announced = false
        }
        let elapsed = now - started
        guard elapsed < wait.limit else { return 0 }
        if elapsed >= 1 && !announced {
            announced = true
            wait.onWait?()
        }
        usleep(BusyWait.delays[min(Int(count), BusyWait.delays.count - 1)] * 1000)
        return 1
    }

    private static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
