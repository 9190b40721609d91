import CSQLite

/// A value that can be bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// A prepared statement. It owns its `sqlite3_stmt` and finalizes it in `deinit`.
///
/// The connection caches its statements and finalizes them before it closes, so
/// a statement refers back to it `unowned`: a strong reference would be a cycle
/// that keeps the connection open forever.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one parameter (1-based). A bulk insert binds its columns one by one after
    /// ``reset()`` rather than building an array of values per row.
    func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // An explicit byte count keeps embedded NUL characters.
            code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), sqliteTransient)
        case .null: code = sqlite3_bind_null(handle, index)
        }
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
    }

    /// Binds a number, or NULL for nil.
    func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        try bind(value.map { .integer(Int64($0)) } ?? .null, at: index)
    }

    /// Makes the statement ready to run again; its bindings stay until replaced.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Runs the statement, with the parameters bound so far, to completion.
    func runBound() throws(SQLiteError) {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Advances to the next row. Returns false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(
                code: sqlite3_extended_errcode(database.handle), connection: database.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `values`, runs the statement to completion and resets it.
    func run(_ values: [SQLValue] = []) throws(SQLiteError) {
        try bind(values)
        try runBound()
    }

    /// Binds `values` and calls `row` once per result row.
    func forEachRow(_ values: [SQLValue] = [], _ row: (Row) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        let current = Row(statement: self)
        while try step() {
            try row(current)
        }
    }

    /// The first column of the first row, or nil when there is no row.
    func scalarInt(_ values: [SQLValue] = []) throws(SQLiteError) -> Int64? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step(), sqlite3_column_type(handle, 0) != SQLITE_NULL else { return nil }
        return sqlite3_column_int64(handle, 0)
    }

    /// The first column of the first row as text, or nil.
    func scalarText(_ values: [SQLValue] = []) throws(SQLiteError) -> String? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return Row(statement: self).text(0)
    }
}

/// The current row of a stepping ``Statement``; valid only inside the row callback.
struct Row {
    fileprivate let statement: Statement

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement.handle, column) == SQLITE_NULL
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.handle, column) }

    func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : Int(sqlite3_column_int64(statement.handle, column))
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement.handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement.handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's UTF-8 bytes, valid only inside `body`; nil for NULL.
    func withUTF8<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let bytes = sqlite3_column_text(statement.handle, column) else { return nil }
        return body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement.handle, column))))
    }
}

/// SQLITE_TRANSIENT: SQLite copies bound text before `bind` returns.
nonisolated(unsafe) let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
