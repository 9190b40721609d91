import CSQLite

/// Plain SQL on the log's own connection, for a layer that keeps tables of its own in the log
/// (family sync keeps its operations, journal states and settings there).
///
/// Statements are prepared once and cached with the connection's. Inside ``RecordStore/write(_:)``
/// they are part of its transaction; inside ``RecordStore/read(_:)`` a statement that writes fails.
///
/// ```swift
/// let sql = store.sql
/// try store.write { try sql.run("DELETE FROM sync_held WHERE due <= ?", [.integer(now)]) }
/// ```
public struct StoreSQL {
    unowned let store: RecordStore

    /// Runs a statement that returns no rows; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(RecordsError) -> Int {
        try store.mapErrors {
            try store.database.cachedStatement(sql).run(values)
            return store.database.changes
        }
    }

    /// Runs one or more statements with no parameters (a schema change, a `DELETE` of a table).
    public func execute(_ sql: String) throws(RecordsError) {
        try store.mapErrors { try store.database.execute(sql) }
    }

    /// Calls `body` once for each row of a query.
    public func forEachRow(_ sql: String, _ values: [SQLValue] = [], _ body: (SQLRow) -> Void) throws(RecordsError) {
        try store.mapErrors { try store.database.cachedStatement(sql).forEachRow(values) { body(SQLRow(row: $0)) } }
    }

    /// Calls `body` once for each row of a query; what `body` throws ends the query and is
    /// thrown as it is, SQLite's own failures as ``RecordsError``.
    public func forEachRow(_ sql: String, _ values: [SQLValue] = [], throwing body: (SQLRow) throws -> Void) throws {
        var thrown: (any Error)?
        do {
            try store.database.cachedStatement(sql).forEachRow(values) { row in
                do {
                    try body(SQLRow(row: row))
                } catch {
                    thrown = error
                    throw error
                }
            }
        } catch {
            throw thrown ?? RecordStore.mapped(error, writing: store.path)
        }
    }

    /// The first column of the first row as a number, or nil (no row, or NULL).
    public func int(_ sql: String, _ values: [SQLValue] = []) throws(RecordsError) -> Int64? {
        try store.mapErrors { try store.database.cachedStatement(sql).scalarInt(values) }
    }

    /// The first column of the first row as text, or nil.
    public func text(_ sql: String, _ values: [SQLValue] = []) throws(RecordsError) -> String? {
        try store.mapErrors { try store.database.cachedStatement(sql).scalarText(values) }
    }
}

/// The current row of a query run through ``StoreSQL``; valid only inside the row callback.
public struct SQLRow {
    let row: Row

    public func isNull(_ column: Int32) -> Bool { row.isNull(column) }
    public func int(_ column: Int32) -> Int64 { row.int(column) }
    public func optionalInt(_ column: Int32) -> Int64? { row.isNull(column) ? nil : row.int(column) }
    public func text(_ column: Int32) -> String { row.text(column) ?? "" }
    public func optionalText(_ column: Int32) -> String? { row.text(column) }
}

extension RecordStore {
    /// Plain SQL on this log's connection, for tables another layer keeps in the log.
    public var sql: StoreSQL { StoreSQL(store: self) }
}
