/// What a database file is, read in one snapshot: a new empty file, a HealthLog log (and how
/// old its schema is), or something else.
///
/// Reading the identity, the version and the table count in one read transaction matters: read
/// one by one, they can straddle another process's migration and describe a state that never
/// existed (an application id of 0 beside HealthLog's tables).
struct SchemaState: Equatable {
    enum Kind: Equatable {
        /// No tables, no identity: a file just created, or an empty one.
        case empty
        /// A HealthLog log at schema version `version` (1-based).
        case healthLog(version: Int)
        /// A HealthLog log from a newer HealthLog.
        case newer(version: Int)
        /// Another program's SQLite database.
        case foreign
    }

    let kind: Kind
    let isWriteAheadLogged: Bool

    static func read(_ database: Database) throws -> SchemaState {
        try database.read {
            let applicationID = try database.pragmaInt("application_id")
            let version = Int(try database.pragmaInt("user_version"))
            let objects = try Statement(database: database, sql: "SELECT count(*) FROM sqlite_master").scalarInt() ?? 0
            let journal = try database.pragmaText("journal_mode")?.lowercased()
            let kind: Kind
            if applicationID == Migrations.applicationID {
                kind = version > Migrations.steps.count ? .newer(version: version) : .healthLog(version: version)
            } else if applicationID == 0 && objects == 0 && version == 0 {
                kind = .empty
            } else {
                kind = .foreign
            }
            return SchemaState(kind: kind, isWriteAheadLogged: journal == "wal")
        }
    }

    /// True when nothing needs setting up before the log is used for writing.
    var isReadyForWriting: Bool {
        kind == .healthLog(version: Migrations.steps.count) && isWriteAheadLogged
    }
}
