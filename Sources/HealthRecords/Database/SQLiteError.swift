import CSQLite

/// An error reported by SQLite, with enough context to act on it.
///
/// Its description names the failing operation, SQLite's own message and the
/// extended result code, for example:
/// `cannot open /tmp/x.sqlite: file is not a database (SQLITE_NOTADB, 26)`.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`sqlite3_extended_errcode`).
    public let code: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// What HealthLog was doing, e.g. "cannot open /path".
    public let context: String?

    /// The primary result code, the low byte of ``code``.
    public var primaryCode: Int32 { code & 0xFF }

    /// True when the disk or the file-size limit is full.
    public var isFull: Bool { primaryCode == SQLITE_FULL }

    /// True when writing or syncing the file failed (SQLITE_IOERR_WRITE or _FSYNC, macros Swift
    /// cannot import), as when a file-size limit is reached.
    public var isWriteFailure: Bool { code == SQLITE_IOERR | (3 << 8) || code == SQLITE_IOERR | (4 << 8) }

    init(code: Int32, message: String, sql: String? = nil, context: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.context = context
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil, context: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql, context: context)
    }

    public var description: String {
        let name = SQLiteError.name(of: primaryCode)
        let prefix = context.map { "\($0): " } ?? ""
        return "\(prefix)\(message) (\(name), \(code))"
    }

    private static func name(of code: Int32) -> String {
        switch code {
        case SQLITE_ERROR: "SQLITE_ERROR"
        case SQLITE_PERM: "SQLITE_PERM"
        case SQLITE_BUSY: "SQLITE_BUSY"
        case SQLITE_LOCKED: "SQLITE_LOCKED"
        case SQLITE_NOMEM: "SQLITE_NOMEM"
        case SQLITE_READONLY: "SQLITE_READONLY"
        case SQLITE_IOERR: "SQLITE_IOERR"
        case SQLITE_CORRUPT: "SQLITE_CORRUPT"
        case SQLITE_FULL: "SQLITE_FULL"
        case SQLITE_CANTOPEN: "SQLITE_CANTOPEN"
        case SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT"
        case SQLITE_NOTADB: "SQLITE_NOTADB"
        default: "SQLITE_\(code)"
        }
    }
}
