public import HealthCore

/// A journal file of a sync folder as a merge last read it: enough to read only what was added
/// since, and to notice a file that was replaced rather than grown.
public struct SyncFileState: Equatable, Sendable {
    /// The file's path inside the sync folder.
    public var path: String
    public var size: Int64
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// A hash of its first bytes, up to ``readTo`` (at most 4 KiB).
    public var prefixHash: String
    /// The bytes read, through the last complete line.
    public var readTo: Int64
    /// The complete lines read.
    public var lines: Int

    public init(path: String, size: Int64, modified: Int64, prefixHash: String, readTo: Int64, lines: Int) {
        self.path = path
        self.size = size
        self.modified = modified
        self.prefixHash = prefixHash
        self.readTo = readTo
        self.lines = lines
    }
}

/// A journal line a merge refused, and why.
public struct SyncRefusal: Equatable, Sendable {
    public var path: String
    public var line: Int
    /// Why, in the reader's language (see ``Phrase``).
    public var phrase: Phrase

    public init(path: String, line: Int, reason: Phrase) {
        self.path = path
        self.line = line
        self.phrase = reason
    }

    /// Why, in English.
    public var reason: String { phrase.english }
}

/// Two devices that changed one record without either seeing the other's change, and which won.
public struct SyncConflict: Equatable, Sendable {
    public var entity: SyncEntity
    public var entityID: String
    public var winnerDevice: String
    public var winnerClock: Int64
    public var loserDevice: String
    public var loserClock: Int64
    /// A field of the losing change that the winning one set otherwise, with the loser's value.
    public struct Field: Equatable, Sendable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// True when the winning change was a deletion.
    public var winnerDeleted = false
    /// What the losing change held that the log does not show now (empty for a deletion).
    public var lost: [Field] = []
    /// True when the losing change was a deletion.
    public var loserDeleted = false

    public init(entity: SyncEntity, entityID: String, winnerDevice: String, winnerClock: Int64, loserDevice: String, loserClock: Int64) {
        self.entity = entity
        self.entityID = entityID
        self.winnerDevice = winnerDevice
        self.winnerClock = winnerClock
        self.loserDevice = loserDevice
        self.loserClock = loserClock
    }
}

/// What the log knows of one device's operations.
public struct SyncDeviceSummary: Equatable, Sendable {
    public var device: String
    public var operations: Int
    /// The clock of its latest operation.
    public var lastClock: Int64
}

/// The sync tables: operations, journal file states, refusals, conflicts and this machine's
/// sync settings. Calls that change them run inside the caller's write transaction when there
/// is one (a journal line is stored with the change it records).
extension RecordStore {
    // MARK: - Settings

    /// One of this machine's sync settings (its device id, the folder, the clock).
    public func syncSetting(_ key: String) throws(RecordsError) -> String? {
        try mapErrors { try database.cachedStatement("SELECT value FROM sync_settings WHERE key = ?").scalarText([.text(key)]) }
    }

    /// Sets (or, with nil, clears) a sync setting.
    public func setSyncSetting(_ key: String, to value: String?) throws(RecordsError) {
        try write {
            if let value {
                try database.cachedStatement(
                    "INSERT INTO sync_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                ).run([.text(key), .text(value)])
            } else {
                try database.cachedStatement("DELETE FROM sync_settings WHERE key = ?").run([.text(key)])
            }
        }
    }

    // MARK: - Operations

    /// Stores an operation; false, storing nothing, when one with its id is already stored.
    @discardableResult
    public func insertSyncOperation(_ operation: SyncOperation) throws(RecordsError) -> Bool {
        try write {
            try database.cachedStatement(
                """
                INSERT INTO sync_operations (id, entity, entity_id, profile_id, clock, device, deleted, line)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """
            ).run([
                .text(operation.id), .text(operation.entity.rawValue), .text(operation.entityID),
                operation.profileID.map(SQLValue.text) ?? .null, .integer(operation.clock), .text(operation.device),
                .integer(operation.deleted ? 1 : 0), .text(operation.line),
            ])
            return database.changes == 1
        }
    }

    /// The operation that decides the record `id` of `entity`: the greatest (clock, device).
    public func winningSyncOperation(_ entity: SyncEntity, id: String) throws(RecordsError) -> SyncOperation? {
        try mapErrors {
            var winner: SyncOperation?
            try database.cachedStatement(
                "SELECT \(RecordStore.operationColumns) FROM sync_operations WHERE entity = ? AND entity_id = ? ORDER BY clock DESC, device DESC LIMIT 1"
            ).forEachRow([.text(entity.rawValue), .text(id)]) { winner = RecordStore.operation(from: $0) }
            return winner
        }
    }

    /// The operation of `device` stamped `clock` on the record `id` of `entity`.
    public func syncOperation(_ entity: SyncEntity, id: String, clock: Int64, device: String) throws(RecordsError) -> SyncOperation? {
        try mapErrors {
            var found: SyncOperation?
            try database.cachedStatement(
                "SELECT \(RecordStore.operationColumns) FROM sync_operations WHERE entity = ? AND entity_id = ? AND clock = ? AND device = ? LIMIT 1"
            ).forEachRow([.text(entity.rawValue), .text(id), .integer(clock), .text(device)]) { found = RecordStore.operation(from: $0) }
            return found
        }
    }

    /// Calls `body` with every stored operation (of `device` only, when given), oldest clock first.
    public func forEachSyncOperation(device: String? = nil, _ body: (SyncOperation) throws -> Void) throws(RecordsError) {
        try mapErrors {
            let sql = "SELECT \(RecordStore.operationColumns) FROM sync_operations"
                + (device == nil ? "" : " WHERE device = ?") + " ORDER BY clock, device, id"
            try database.cachedStatement(sql).forEachRow(device.map { [.text($0)] } ?? []) { try body(RecordStore.operation(from: $0)) }
        }
    }

    /// The ids of the records of `entity` that operations name (for `profileID` only, when given).
    public func syncedRecordIDs(_ entity: SyncEntity, profileID: String? = nil) throws(RecordsError) -> [String] {
        try mapErrors {
            var ids: [String] = []
            let sql = "SELECT DISTINCT entity_id FROM sync_operations WHERE entity = ?" + (profileID == nil ? "" : " AND profile_id = ?")
                + " ORDER BY entity_id"
            var values: [SQLValue] = [.text(entity.rawValue)]
            if let profileID { values.append(.text(profileID)) }
            try database.cachedStatement(sql).forEachRow(values) { ids.append($0.text(0) ?? "") }
            return ids
        }
    }

    /// How many operations each device wrote, and its latest clock.
    public func syncDevices() throws(RecordsError) -> [SyncDeviceSummary] {
        try mapErrors {
            var devices: [SyncDeviceSummary] = []
            try database.cachedStatement("SELECT device, count(*), max(clock) FROM sync_operations GROUP BY device ORDER BY device")
                .forEachRow { devices.append(SyncDeviceSummary(device: $0.text(0) ?? "", operations: Int($0.int(1)), lastClock: $0.int(2))) }
            return devices
        }
    }

    /// Records of `entity` (readings or events) whose winning operation puts them but which the
    /// log does not show: their profile is deleted, or not yet known.
    public func hiddenSyncedRecordCount(_ entity: SyncEntity) throws(RecordsError) -> Int {
        let table: String
        switch entity {
        case .reading: table = "readings"
        case .event: table = "events"
        case .profile, .tag: return 0
        }
        return try mapErrors {
            Int(
                try database.cachedStatement(
                    """
                    SELECT count(*) FROM (
                        SELECT entity_id, deleted, row_number() OVER (PARTITION BY entity_id ORDER BY clock DESC, device DESC) AS rank
                        FROM sync_operations WHERE entity = ?)
                    WHERE rank = 1 AND deleted = 0 AND entity_id NOT IN (SELECT id FROM \(table))
                    """
                ).scalarInt([.text(entity.rawValue)]) ?? 0)
        }
    }

    private static let operationColumns = "id, entity, entity_id, profile_id, clock, device, deleted, line"

    private static func operation(from row: Row) -> SyncOperation {
        SyncOperation(
            id: row.text(0) ?? "", entity: SyncEntity(rawValue: row.text(1) ?? "") ?? .reading, entityID: row.text(2) ?? "",
            profileID: row.text(3), clock: row.int(4), device: row.text(5) ?? "", deleted: row.int(6) != 0, line: row.text(7) ?? "")
    }

    // MARK: - Files, refusals, conflicts

    /// Every journal file as last read, by path.
    public func syncFileStates() throws(RecordsError) -> [String: SyncFileState] {
        try mapErrors {
            var states: [String: SyncFileState] = [:]
            try database.cachedStatement("SELECT path, size, modified, prefix_hash, read_to, lines FROM sync_files").forEachRow {
                let state = SyncFileState(
                    path: $0.text(0) ?? "", size: $0.int(1), modified: $0.int(2), prefixHash: $0.text(3) ?? "", readTo: $0.int(4),
                    lines: Int($0.int(5)))
                states[state.path] = state
            }
            return states
        }
    }

    public func saveSyncFileState(_ state: SyncFileState) throws(RecordsError) {
        try write {
            try database.cachedStatement(
                """
                INSERT INTO sync_files (path, size, modified, prefix_hash, read_to, lines) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET size = excluded.size, modified = excluded.modified,
                    prefix_hash = excluded.prefix_hash, read_to = excluded.read_to, lines = excluded.lines
                """
            ).run([
                .text(state.path), .integer(state.size), .integer(state.modified), .text(state.prefixHash), .integer(state.readTo),
                .integer(Int64(state.lines)),
            ])
        }
    }

    /// Notes a refused line (once per file and line).
    public func recordSyncRefusal(_ refusal: SyncRefusal) throws(RecordsError) {
        try write {
            try database.cachedStatement(
                "INSERT INTO sync_refusals (path, line, reason) VALUES (?, ?, ?) ON CONFLICT (path, line) DO UPDATE SET reason = excluded.reason"
            ).run([.text(refusal.path), .integer(Int64(refusal.line)), .text(refusal.phrase.stored)])
        }
    }

    /// Forgets everything of the shared log this log was a member of: its operations, files,
    /// refusals, concurrent edits and settings. The records themselves stay as they are.
    public func forgetSyncMembership() throws(RecordsError) {
        try write {
            for table in ["sync_operations", "sync_files", "sync_refusals", "sync_conflicts", "sync_settings"] {
                try database.execute("DELETE FROM \(table)")
            }
        }
    }

    /// Forgets the refused lines of the journal file `path` (read again from its start, or gone).
    public func forgetSyncRefusals(path: String) throws(RecordsError) {
        try write {
            try database.cachedStatement("DELETE FROM sync_refusals WHERE path = ?").run([.text(path)])
        }
    }

    /// The journal files that have refused lines.
    public func syncRefusalPaths() throws(RecordsError) -> [String] {
        try mapErrors {
            var paths: [String] = []
            try database.cachedStatement("SELECT DISTINCT path FROM sync_refusals WHERE path LIKE '%.ndjson'").forEachRow([]) { paths.append($0.text(0) ?? "") }
            return paths
        }
    }

    /// The refused lines, at most `limit` of them, and how many there are in all.
    public func syncRefusals(limit: Int) throws(RecordsError) -> (refusals: [SyncRefusal], total: Int) {
        try mapErrors {
            var refusals: [SyncRefusal] = []
            try database.cachedStatement("SELECT path, line, reason FROM sync_refusals ORDER BY path, line LIMIT ?")
                .forEachRow([.integer(Int64(limit))]) { refusals.append(SyncRefusal(path: $0.text(0) ?? "", line: Int($0.int(1)), reason: Phrase(stored: $0.text(2) ?? ""))) }
            let total = Int(try database.cachedStatement("SELECT count(*) FROM sync_refusals").scalarInt() ?? 0)
            return (refusals, total)
        }
    }

    /// Notes a concurrent edit and which side won.
    public func recordSyncConflict(_ conflict: SyncConflict) throws(RecordsError) {
        try write {
            try database.cachedStatement(
                """
                INSERT INTO sync_conflicts (entity, entity_id, winner_device, winner_clock, loser_device, loser_clock)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET winner_device = excluded.winner_device, winner_clock = excluded.winner_clock
                """
            ).run([
                .text(conflict.entity.rawValue), .text(conflict.entityID), .text(conflict.winnerDevice), .integer(conflict.winnerClock),
                .text(conflict.loserDevice), .integer(conflict.loserClock),
            ])
        }
    }

    /// The concurrent edits seen, latest first, at most `limit`, and how many in all.
    public func syncConflicts(limit: Int) throws(RecordsError) -> (conflicts: [SyncConflict], total: Int) {
        try mapErrors {
            var conflicts: [SyncConflict] = []
            let deleted = { (side: String) in
                "(SELECT o.deleted FROM sync_operations o WHERE o.entity = c.entity AND o.entity_id = c.entity_id AND o.clock = c.\(side)_clock AND o.device = c.\(side)_device LIMIT 1)"
            }
            try database.cachedStatement(
                """
                SELECT entity, entity_id, winner_device, winner_clock, loser_device, loser_clock, \(deleted("winner")), \(deleted("loser"))
                FROM sync_conflicts c ORDER BY winner_clock DESC LIMIT ?
                """
            ).forEachRow([.integer(Int64(limit))]) {
                var conflict = SyncConflict(
                    entity: SyncEntity(rawValue: $0.text(0) ?? "") ?? .reading, entityID: $0.text(1) ?? "", winnerDevice: $0.text(2) ?? "",
                    winnerClock: $0.int(3), loserDevice: $0.text(4) ?? "", loserClock: $0.int(5))
                conflict.winnerDeleted = $0.int(6) == 1
                conflict.loserDeleted = $0.int(7) == 1
                conflicts.append(conflict)
            }
            let total = Int(try database.cachedStatement("SELECT count(*) FROM sync_conflicts").scalarInt() ?? 0)
            return (conflicts, total)
        }
    }
}
