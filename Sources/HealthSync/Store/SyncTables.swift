import HealthCore
import HealthRecords

/// Family sync's own tables in the log: the operations it knows (its own and other machines'),
/// the state of each journal file read, refused lines, concurrent edits, this device's changes
/// not yet in its journal, operations held back for their time, and this machine's settings.
///
/// Every call runs inside the caller's transaction when there is one, so an operation is
/// stored with the change it records; none of these tables is ever replaced by a restore.
struct SyncTables {
    let store: RecordStore
    private var sql: StoreSQL { store.sql }

    init(_ store: RecordStore) {
        self.store = store
    }

    // MARK: - Settings

    func value(_ setting: SyncSetting) throws(RecordsError) -> String? {
        try sql.text("SELECT value FROM sync_settings WHERE key = ?", [.text(setting.key)])
    }

    /// Sets (or, with nil, clears) a setting.
    func set(_ setting: SyncSetting, to value: String?) throws(RecordsError) {
        if let value {
            try sql.run(
                "INSERT INTO sync_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.text(setting.key), .text(value)])
        } else {
            try sql.run("DELETE FROM sync_settings WHERE key = ?", [.text(setting.key)])
        }
    }

    /// The settings whose keys start with `prefix`, in key order.
    func values(withPrefix prefix: String) throws(RecordsError) -> [(key: String, value: String)] {
        var found: [(key: String, value: String)] = []
        try sql.forEachRow(
            "SELECT key, value FROM sync_settings WHERE substr(key, 1, length(?)) = ? ORDER BY key", [.text(prefix), .text(prefix)]
        ) { found.append((key: $0.text(0), value: $0.text(1))) }
        return found
    }

    /// A setting holding one item a line, as a list.
    func list(_ setting: SyncSetting) throws(RecordsError) -> [String] {
        try value(setting).map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    /// The forgotten devices' clocks (``SyncSetting/forgottenAfter``): for each, the latest
    /// it was forgotten at.
    func forgottenAfter() throws(RecordsError) -> [String: Int64] {
        var clocks: [String: Int64] = [:]
        for line in try list(.forgottenAfter) {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let clock = Int64(parts[1]) else { continue }
            clocks[String(parts[0])] = max(clocks[String(parts[0])] ?? 0, clock)
        }
        return clocks
    }

    /// Keeps `clocks` as the forgotten devices' clocks.
    func setForgottenAfter(_ clocks: [String: Int64]) throws(RecordsError) {
        try set(.forgottenAfter, to: clocks.isEmpty ? nil : clocks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "\n"))
    }

    /// Retires `device` on this machine as of its change `clock` (0 when it made none here).
    func forget(_ device: String, after clock: Int64) throws(RecordsError) {
        try append(device, to: .forgottenDevices)
        var clocks = try forgottenAfter()
        clocks[device] = max(clocks[device] ?? 0, clock)
        try setForgottenAfter(clocks)
    }

    /// Adds `item` to a setting holding one item a line (once).
    func append(_ item: String, to setting: SyncSetting) throws(RecordsError) {
        var items = try list(setting)
        guard !items.contains(item) else { return }
        items.append(item)
        try set(setting, to: items.joined(separator: "\n"))
    }

    // MARK: - Operations

    private static let operationColumns = "id, entity, entity_id, profile_id, clock, device, deleted, line, tx"

    private static func operation(_ row: SQLRow) -> SyncOperation {
        SyncOperation(
            id: row.text(0), kind: RecordKind(rawValue: row.text(1)) ?? .reading, entityID: row.text(2), profileID: row.optionalText(3),
            clock: row.int(4), device: row.text(5), deleted: row.int(6) != 0, line: row.text(7), transaction: row.optionalText(8))
    }

    /// The operation stored under `id`, if any.
    /// The id a device's operation is stored under when another device's operation holds its
    /// own id (a line repeating another's id: both are kept).
    static func apartID(_ id: String, device: String) -> String { "\(id)@\(device)" }

    /// The operation `id` of `device`, stored under its id or apart (see ``apartID(_:device:)``).
    func operation(device: String, id: String) throws(RecordsError) -> SyncOperation? {
        var found: SyncOperation?
        try sql.forEachRow(
            "SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE id IN (?, ?) AND device = ?",
            [.text(id), .text(SyncTables.apartID(id, device: device)), .text(device)]
        ) { found = SyncTables.operation($0) }
        return found
    }

    func operation(id: String) throws(RecordsError) -> SyncOperation? {
        var found: SyncOperation?
        try sql.forEachRow("SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE id = ?", [.text(id)]) {
            found = SyncTables.operation($0)
        }
        return found
    }

    /// Stores an operation; false, storing nothing, when one with its id is already stored.
    @discardableResult
    func insert(_ operation: SyncOperation) throws(RecordsError) -> Bool {
        try sql.run(
            """
            INSERT INTO sync_operations (id, entity, entity_id, profile_id, clock, device, deleted, line, tx)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """,
            [
                .text(operation.id), .text(operation.kind.rawValue), .text(operation.entityID),
                operation.profileID.map(SQLValue.text) ?? .null, .integer(operation.clock), .text(operation.device),
                .integer(operation.deleted ? 1 : 0), .text(operation.line), operation.transaction.map(SQLValue.text) ?? .null,
            ]) == 1
    }

    /// Removes the operation stored under `id`.
    func removeOperation(id: String) throws(RecordsError) {
        try sql.run("DELETE FROM sync_operations WHERE id = ?", [.text(id)])
    }

    /// The operation that decides the record `id` of `kind`: the greatest (clock, device, id).
    func winner(_ kind: RecordKind, id: String) throws(RecordsError) -> SyncOperation? {
        var winner: SyncOperation?
        try sql.forEachRow(
            """
            SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE entity = ? AND entity_id = ?
            ORDER BY clock DESC, device DESC, id DESC LIMIT 1
            """, [.text(kind.rawValue), .text(id)]
        ) { winner = SyncTables.operation($0) }
        return winner
    }

    /// The operation that decides the record `id` of `kind`, its line read only when
    /// `withLine` says so for its id (else it is empty): a merge that decoded the line already
    /// does not read it again.
    func winner(_ kind: RecordKind, id: String, withLine: (String) -> Bool) throws(RecordsError) -> SyncOperation? {
        var winner: SyncOperation?
        try sql.forEachRow(
            """
            SELECT id, entity, entity_id, profile_id, clock, device, deleted, '', tx FROM sync_operations WHERE entity = ? AND entity_id = ?
            ORDER BY clock DESC, device DESC, id DESC LIMIT 1
            """, [.text(kind.rawValue), .text(id)]
        ) { winner = SyncTables.operation($0) }
        if let found = winner, withLine(found.id) {
            winner?.line = try sql.text("SELECT line FROM sync_operations WHERE id = ?", [.text(found.id)]) ?? ""
        }
        return winner
    }

    /// The operation of `device` stamped `clock` on the record `id` of `kind`.
    func operation(_ kind: RecordKind, id: String, clock: Int64, device: String) throws(RecordsError) -> SyncOperation? {
        var found: SyncOperation?
        try sql.forEachRow(
            "SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE entity = ? AND entity_id = ? AND clock = ? AND device = ? ORDER BY id LIMIT 1",
            [.text(kind.rawValue), .text(id), .integer(clock), .text(device)]
        ) { found = SyncTables.operation($0) }
        return found
    }

    /// Calls `body` with every stored operation of `device`, oldest clock first (with `after`,
    /// only those stamped later; with `through`, none stamped later than it).
    func forEachOperation(
        device: String, after: Int64 = Int64.min, through: Int64 = Int64.max, _ body: (SyncOperation) throws -> Void
    ) throws {
        try sql.forEachRow(
            "SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE device = ? AND clock > ? AND clock <= ? ORDER BY clock, id",
            [.text(device), .integer(after), .integer(through)], throwing: { try body(SyncTables.operation($0)) })
    }

    /// The greatest clock `device` (this machine's) ever stamped or saw, a clock repair or not:
    /// no other device can have merged a change of it beyond this.
    func highestClock(of device: String) throws(RecordsError) -> Int64 {
        let stored = [try value(.clock), try value(.highestClock)].compactMap { $0.flatMap { Int64($0) } }
        let stamped = try sql.int("SELECT max(clock) FROM sync_operations WHERE device = ?", [.text(device)])
        return (stored + [stamped].compactMap { $0 }).max() ?? 0
    }

    /// The greatest clock of an operation stamped at or before `clock`.
    func greatestClock(through clock: Int64) throws(RecordsError) -> Int64? {
        try sql.int("SELECT max(clock) FROM sync_operations WHERE clock <= ?", [.integer(clock)])
    }

    /// Calls `body` with the operations of `device`'s `transaction`, in the order they were made.
    func forEachOperation(device: String, transaction: String, _ body: (SyncOperation) throws -> Void) throws {
        try sql.forEachRow(
            "SELECT \(SyncTables.operationColumns) FROM sync_operations WHERE device = ? AND tx = ? ORDER BY clock, id",
            [.text(device), .text(transaction)], throwing: { try body(SyncTables.operation($0)) })
    }

    /// The ids of the records of `kind` that operations name, in order.
    func recordIDs(_ kind: RecordKind) throws(RecordsError) -> [String] {
        var ids: [String] = []
        try sql.forEachRow("SELECT DISTINCT entity_id FROM sync_operations WHERE entity = ? ORDER BY entity_id", [.text(kind.rawValue)]) {
            ids.append($0.text(0))
        }
        return ids
    }

    /// How many operations each device wrote, and its latest clock.
    func devices() throws(RecordsError) -> [SyncDeviceSummary] {
        var devices: [SyncDeviceSummary] = []
        try sql.forEachRow("SELECT device, count(*), max(clock), min(clock) FROM sync_operations GROUP BY device ORDER BY device") {
            devices.append(SyncDeviceSummary(device: $0.text(0), operations: Int($0.int(1)), lastClock: $0.int(2), firstClock: $0.int(3)))
        }
        return devices
    }

    /// How many operations `device` wrote with a clock after `clock`.
    func operationCount(device: String, after clock: Int64) throws(RecordsError) -> Int {
        Int(try sql.int("SELECT count(*) FROM sync_operations WHERE device = ? AND clock > ?", [.text(device), .integer(clock)]) ?? 0)
    }

    /// Readings or events whose winning operation puts them but which the log does not show:
    /// their profile is deleted, or not yet known.
    func hiddenCount(_ kind: RecordKind) throws(RecordsError) -> Int {
        guard kind == .reading || kind == .event else { return 0 }
        return Int(
            try sql.int(
                """
                SELECT count(*) FROM (
                    SELECT entity_id, deleted, row_number() OVER (PARTITION BY entity_id ORDER BY clock DESC, device DESC, id DESC) AS rank
                    FROM sync_operations WHERE entity = ?)
                WHERE rank = 1 AND deleted = 0 AND entity_id NOT IN (SELECT id FROM \(RecordStore.table(of: kind)))
                """, [.text(kind.rawValue)]) ?? 0)
    }

    /// The readings or events of `profileID` that operations put but the log does not show.
    func hiddenIDs(_ kind: RecordKind, profileID: String) throws -> [String] {
        var ids: [String] = []
        try forEachHiddenID(kind, profileID: profileID) { ids.append($0) }
        return ids
    }

    /// Calls `body` with each reading or event of `profileID` that operations put but the log
    /// does not show (see ``hiddenIDs(_:profileID:)``), without holding them all.
    func forEachHiddenID(_ kind: RecordKind, profileID: String, _ body: (String) throws -> Void) throws {
        try sql.forEachRow(
            """
            SELECT DISTINCT entity_id FROM sync_operations WHERE entity = ? AND profile_id = ? AND deleted = 0
                AND entity_id NOT IN (SELECT id FROM \(RecordStore.table(of: kind))) ORDER BY entity_id
            """, [.text(kind.rawValue), .text(profileID)], throwing: { try body($0.text(0)) })
    }

    // MARK: - A merge's scratch

    // What one large merge would otherwise hold in memory (the records it touched, the
    // operations it took): temporary tables of this connection, never in the log's file.

    /// Makes the scratch tables, empty.
    func clearScratch() throws(RecordsError) {
        try sql.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS sync_merge_touched (entity TEXT NOT NULL, entity_id TEXT NOT NULL, PRIMARY KEY (entity, entity_id)) WITHOUT ROWID;
            CREATE TEMP TABLE IF NOT EXISTS sync_merge_new (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            DELETE FROM temp.sync_merge_touched;
            DELETE FROM temp.sync_merge_new;
            """)
    }

    func scratchTouch(_ kind: RecordKind, id: String) throws(RecordsError) {
        try sql.run("INSERT OR IGNORE INTO temp.sync_merge_touched (entity, entity_id) VALUES (?, ?)", [.text(kind.rawValue), .text(id)])
    }

    func scratchIsTouched(_ kind: RecordKind, id: String) throws(RecordsError) -> Bool {
        try sql.int("SELECT 1 FROM temp.sync_merge_touched WHERE entity = ? AND entity_id = ?", [.text(kind.rawValue), .text(id)]) != nil
    }

    /// The scratch table's records of `kind` after `after`, in order, at most `limit`.
    func scratchTouched(_ kind: RecordKind, after: String, limit: Int) throws(RecordsError) -> [String] {
        var ids: [String] = []
        try sql.forEachRow(
            "SELECT entity_id FROM temp.sync_merge_touched WHERE entity = ? AND entity_id > ? ORDER BY entity_id LIMIT ?",
            [.text(kind.rawValue), .text(after), .integer(Int64(limit))]
        ) { ids.append($0.text(0)) }
        return ids
    }

    func scratchNoteNew(_ id: String) throws(RecordsError) {
        try sql.run("INSERT OR IGNORE INTO temp.sync_merge_new (id) VALUES (?)", [.text(id)])
    }

    func scratchIsNew(_ id: String) throws(RecordsError) -> Bool {
        try sql.int("SELECT 1 FROM temp.sync_merge_new WHERE id = ?", [.text(id)]) != nil
    }

    /// Calls `body` with batches of the ids of the records of `kind` that no operation names
    /// yet (what a log held before it joined, or a restored backup brought back), readings in
    /// the order they were taken.
    func forEachUnnamedRecordBatch(_ kind: RecordKind, _ body: ([String]) throws -> Void) throws {
        // Page by page in row order (keyset pagination on the rowid), so a log of any size is
        // walked in flat memory; the body adds operations, which only take ids out of what is left.
        var after = Int64.min
        while true {
            var batch: [String] = []
            try sql.forEachRow(
                """
                SELECT id, rowid FROM \(RecordStore.table(of: kind)) r
                WHERE rowid > ? AND NOT EXISTS (SELECT 1 FROM sync_operations o WHERE o.entity = ? AND o.entity_id = r.id)
                ORDER BY rowid LIMIT 512
                """, [.integer(after), .text(kind.rawValue)]
            ) {
                batch.append($0.text(0))
                after = $0.int(1)
            }
            guard !batch.isEmpty else { return }
            try body(batch)
        }
    }

    // MARK: - Journal files

    /// Every journal file as last read, by path inside the folder.
    func fileStates() throws(RecordsError) -> [String: SyncFileState] {
        var states: [String: SyncFileState] = [:]
        try sql.forEachRow("SELECT path, size, modified, prefix_hash, read_to, lines, refused FROM sync_files") {
            var state = SyncFileState(
                path: $0.text(0), size: $0.int(1), modified: $0.int(2), prefixHash: $0.text(3), readTo: $0.int(4), lines: Int($0.int(5)))
            state.refused = Int($0.int(6))
            states[state.path] = state
        }
        return states
    }

    func save(_ state: SyncFileState) throws(RecordsError) {
        try sql.run(
            """
            INSERT INTO sync_files (path, size, modified, prefix_hash, read_to, lines, refused) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (path) DO UPDATE SET size = excluded.size, modified = excluded.modified,
                prefix_hash = excluded.prefix_hash, read_to = excluded.read_to, lines = excluded.lines, refused = excluded.refused
            """,
            [
                .text(state.path), .integer(state.size), .integer(state.modified), .text(state.prefixHash), .integer(state.readTo),
                .integer(Int64(state.lines)), .integer(Int64(state.refused)),
            ])
    }

    // MARK: - Refusals

    /// Notes a refused line (once per file and line).
    func record(_ refusal: SyncRefusal) throws(RecordsError) {
        try sql.run(
            "INSERT INTO sync_refusals (path, line, reason) VALUES (?, ?, ?) ON CONFLICT (path, line) DO UPDATE SET reason = excluded.reason",
            [.text(refusal.path), .integer(Int64(refusal.line)), .text(refusal.phrase.stored)])
    }

    /// Forgets the refused lines noted under `path` (read again from its start, or gone).
    func forgetRefusals(path: String) throws(RecordsError) {
        try sql.run("DELETE FROM sync_refusals WHERE path = ?", [.text(path)])
    }

    /// The journal files that have refused lines.
    func refusalPaths() throws(RecordsError) -> [String] {
        var paths: [String] = []
        try sql.forEachRow("SELECT DISTINCT path FROM sync_refusals WHERE path LIKE '%.ndjson'") { paths.append($0.text(0)) }
        return paths
    }

    /// The refused lines named, at most `limit` of them, and how many lines were refused in all
    /// (those of files whose later refusals were only counted included).
    func refusals(limit: Int) throws(RecordsError) -> (refusals: [SyncRefusal], total: Int) {
        var refusals: [SyncRefusal] = []
        try sql.forEachRow("SELECT path, line, reason FROM sync_refusals ORDER BY path, line LIMIT ?", [.integer(Int64(limit))]) {
            refusals.append(SyncRefusal(path: $0.text(0), line: Int($0.int(1)), reason: Phrase(stored: $0.text(2))))
        }
        let named = try sql.int("SELECT count(*) FROM sync_refusals WHERE path NOT IN (SELECT path FROM sync_files)") ?? 0
        let counted = try sql.int("SELECT coalesce(sum(max(refused, (SELECT count(*) FROM sync_refusals r WHERE r.path = f.path))), 0) FROM sync_files f") ?? 0
        return (refusals, Int(named + counted))
    }

    // MARK: - Concurrent edits

    /// Notes a concurrent edit and which side won.
    func record(_ conflict: SyncConflict) throws(RecordsError) {
        try sql.run(
            """
            INSERT INTO sync_conflicts (entity, entity_id, winner_device, winner_clock, loser_device, loser_clock)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET winner_device = excluded.winner_device, winner_clock = excluded.winner_clock
            """,
            [
                .text(conflict.kind.rawValue), .text(conflict.entityID), .text(conflict.winnerDevice), .integer(conflict.winnerClock),
                .text(conflict.loserDevice), .integer(conflict.loserClock),
            ])
    }

    /// The concurrent edits seen, latest first, at most `limit`, and how many in all.
    func conflicts(limit: Int) throws(RecordsError) -> (conflicts: [SyncConflict], total: Int) {
        var conflicts: [SyncConflict] = []
        let deleted = { (side: String) in
            "(SELECT o.deleted FROM sync_operations o WHERE o.entity = c.entity AND o.entity_id = c.entity_id AND o.clock = c.\(side)_clock AND o.device = c.\(side)_device LIMIT 1)"
        }
        try sql.forEachRow(
            """
            SELECT entity, entity_id, winner_device, winner_clock, loser_device, loser_clock, \(deleted("winner")), \(deleted("loser"))
            FROM sync_conflicts c ORDER BY winner_clock DESC LIMIT ?
            """, [.integer(Int64(limit))]
        ) {
            var conflict = SyncConflict(
                kind: RecordKind(rawValue: $0.text(0)) ?? .reading, entityID: $0.text(1), winnerDevice: $0.text(2),
                winnerClock: $0.int(3), loserDevice: $0.text(4), loserClock: $0.int(5))
            conflict.winnerDeleted = $0.int(6) == 1
            conflict.loserDeleted = $0.int(7) == 1
            conflicts.append(conflict)
        }
        let total = Int(try sql.int("SELECT count(*) FROM sync_conflicts") ?? 0)
        return (conflicts, total)
    }

    // MARK: - Changes not yet in this device's journal

    /// A transaction of this device's, committed to the log and not yet confirmed in its journal.
    struct Unpublished: Equatable {
        /// The key of format 1 lines written again: each is a transaction of its own, with no
        /// commit line.
        static let standalonePrefix = "format-1:"
        var isStandalone: Bool { transaction.hasPrefix(Unpublished.standalonePrefix) }
        var transaction: String
        var device: String
        var firstClock: Int64
        var lastClock: Int64
        var operations: Int
        /// True when the journal holds it already but damaged or cut: it is written again even
        /// though its commit line is there.
        var again = false
    }

    func add(_ unpublished: Unpublished) throws(RecordsError) {
        try sql.run(
            "INSERT OR REPLACE INTO sync_unpublished (tx, device, first_clock, last_clock, operations, again) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(unpublished.transaction), .text(unpublished.device), .integer(unpublished.firstClock), .integer(unpublished.lastClock),
                .integer(Int64(unpublished.operations)), .integer(unpublished.again ? 1 : 0),
            ])
    }

    /// The unpublished transactions, oldest first.
    func unpublished() throws(RecordsError) -> [Unpublished] {
        var found: [Unpublished] = []
        try sql.forEachRow("SELECT tx, device, first_clock, last_clock, operations, again FROM sync_unpublished ORDER BY rowid") {
            var unpublished = Unpublished(transaction: $0.text(0), device: $0.text(1), firstClock: $0.int(2), lastClock: $0.int(3), operations: Int($0.int(4)))
            unpublished.again = $0.int(5) != 0
            found.append(unpublished)
        }
        return found
    }

    func hasUnpublished() throws(RecordsError) -> Bool {
        try sql.int("SELECT 1 FROM sync_unpublished LIMIT 1") != nil
    }

    func removeUnpublished(_ transaction: String) throws(RecordsError) {
        try sql.run("DELETE FROM sync_unpublished WHERE tx = ?", [.text(transaction)])
    }

    // MARK: - Held operations

    /// An operation held back until `due` (milliseconds since 1970, by this machine's clock).
    struct Held: Equatable {
        var operation: SyncOperation
        var due: Int64
    }

    /// Holds `operation` until `due`; `ahead` is how far ahead of this machine's clock it was
    /// stamped when it came (milliseconds).
    func hold(_ operation: SyncOperation, until due: Int64, ahead: Int64) throws(RecordsError) {
        try sql.run(
            "INSERT OR IGNORE INTO sync_held (device, id, clock, due, ahead, line) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(operation.device), .text(operation.id), .integer(operation.clock), .integer(due), .integer(ahead), .text(operation.line)])
    }

    /// The operation of `device` held under `id` (its clock, device and line), if one is held.
    func held(device: String, id: String) throws(RecordsError) -> (clock: Int64, device: String, line: String)? {
        var found: (clock: Int64, device: String, line: String)?
        try sql.forEachRow("SELECT clock, device, line FROM sync_held WHERE device = ? AND id = ?", [.text(device), .text(id)]) {
            found = (clock: $0.int(0), device: $0.text(1), line: $0.text(2))
        }
        return found
    }

    /// The lines of the held operations due by `now`, oldest clock first.
    func heldLines(dueBy now: Int64) throws(RecordsError) -> [(device: String, id: String, line: String)] {
        var found: [(device: String, id: String, line: String)] = []
        try sql.forEachRow("SELECT device, id, line FROM sync_held WHERE due <= ? ORDER BY clock, device, id", [.integer(now)]) {
            found.append((device: $0.text(0), id: $0.text(1), line: $0.text(2)))
        }
        return found
    }

    func releaseHeld(device: String, id: String) throws(RecordsError) {
        try sql.run("DELETE FROM sync_held WHERE device = ? AND id = ?", [.text(device), .text(id)])
    }

    /// Each device's held operations: how many, the latest due time, and how far ahead of this
    /// machine's clock the furthest was stamped when it came.
    func heldByDevice() throws(RecordsError) -> [(device: String, count: Int, latestDue: Int64, ahead: Int64)] {
        var found: [(device: String, count: Int, latestDue: Int64, ahead: Int64)] = []
        try sql.forEachRow("SELECT device, count(*), max(due), max(ahead) FROM sync_held GROUP BY device ORDER BY device") {
            found.append((device: $0.text(0), count: Int($0.int(1)), latestDue: $0.int(2), ahead: $0.int(3)))
        }
        return found
    }

    /// The earliest due time of a held operation, if any is held.
    func nextDue() throws(RecordsError) -> Int64? {
        try sql.int("SELECT min(due) FROM sync_held")
    }

    // MARK: - Withdrawn operations

    func withdraw(device: String, id: String) throws(RecordsError) {
        try sql.run("INSERT OR IGNORE INTO sync_withdrawn (device, id) VALUES (?, ?)", [.text(device), .text(id)])
    }

    func isWithdrawn(device: String, id: String) throws(RecordsError) -> Bool {
        try sql.int("SELECT 1 FROM sync_withdrawn WHERE device = ? AND id = ?", [.text(device), .text(id)]) != nil
    }


    // MARK: - Leaving

    /// Forgets everything of the shared log this log was a member of, but the settings that
    /// outlive leaving. The records themselves stay as they are.
    func forgetMembership() throws(RecordsError) {
        for table in ["sync_operations", "sync_files", "sync_refusals", "sync_conflicts", "sync_unpublished", "sync_held", "sync_withdrawn"] {
            try sql.execute("DELETE FROM \(table)")
        }
        let kept = SyncSetting.keptOnLeaving.map { "'\($0.key)'" }.joined(separator: ", ")
        try sql.execute("DELETE FROM sync_settings WHERE key NOT IN (\(kept))")
    }
}
