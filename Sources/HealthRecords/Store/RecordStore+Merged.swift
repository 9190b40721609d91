public import HealthCore

/// What applying a merged record did to the log.
public enum MergedRecordOutcome: Equatable, Sendable {
    /// The record now stands in the log as the operation says (put or deleted).
    case applied
    /// The record is kept in the operations but not shown: its profile is deleted, or not yet known.
    case hidden
}

/// Family sync's side of the tables: the records a merge decided, written whole (an UPSERT,
/// never a delete-and-insert, which would cascade to a profile's readings), and the records no
/// operation names yet. Nothing here is reported as a change of this machine's own.
extension RecordStore {
    /// Makes the log show `change` (the winning operation's record) as it is, inside the
    /// caller's write transaction. `clock` is the operation's time, in milliseconds, for the
    /// columns a tag definition's record does not carry.
    @discardableResult
    public func applyMerged(_ change: LogChange, at clock: Int64) throws(RecordsError) -> MergedRecordOutcome {
        try write {
            switch change {
            case .readingPut(let reading):
                try reading.validate()
                guard try profile(id: reading.profileID) != nil else {
                    try database.cachedStatement("DELETE FROM readings WHERE id = ?").run([.text(reading.id.asciiLowercased())])
                    return .hidden
                }
                try upsert(ReadingColumn.inserted, Self.readingUpsert) { $0.value(of: reading, now: clock) }
                try forgetDeletion(.reading, id: reading.id.asciiLowercased())
            case .readingDeleted(let id, _):
                try database.cachedStatement("DELETE FROM readings WHERE id = ?").run([.text(id.asciiLowercased())])
                try rememberDeletion(.reading, id: id.asciiLowercased())
            case .profilePut(let profile):
                try profile.validate()
                try upsert(ProfileColumn.all, Self.profileUpsert) { $0.value(of: profile, now: clock) }
            case .profileDeleted(let id):
                try rememberDeletions(ofProfile: id)
                try database.cachedStatement("DELETE FROM readings WHERE profile_id = ?").run([.text(id)])
                try database.cachedStatement("DELETE FROM events WHERE profile_id = ?").run([.text(id)])
                try database.cachedStatement("DELETE FROM profiles WHERE id = ?").run([.text(id)])
                // The default is this machine's own setting: it stays, so commands without -p ask
                // rather than file readings under another person, and it serves again if the
                // profile is made again.
            case .tagPut(let tag):
                try tag.validate()
                try upsert(TagColumn.all, Self.tagUpsert) { $0.value(of: tag, now: clock) }
            case .eventPut(let event):
                try event.validate()
                guard try profile(id: event.profileID) != nil else {
                    try database.cachedStatement("DELETE FROM events WHERE id = ?").run([.text(event.id.asciiLowercased())])
                    return .hidden
                }
                try upsert(EventColumn.all, Self.eventUpsert) { $0.value(of: event, now: clock) }
                try forgetDeletion(.event, id: event.id.asciiLowercased())
            case .eventDeleted(let id, _):
                try database.cachedStatement("DELETE FROM events WHERE id = ?").run([.text(id.asciiLowercased())])
                try rememberDeletion(.event, id: id.asciiLowercased())
            case .defaultProfileSet, .restored:
                break
            }
            return .applied
        }
    }

    /// Takes the reading, event or tag `id` out of the log as though no operation had ever
    /// named it, inside the caller's write transaction: no row, and no memory of a deletion,
    /// which is what a machine that never read its operation has. For a record whose only
    /// operation lost its id to another line of the same id. A profile is left as it stands:
    /// its readings and events would go with it.
    public func removeMerged(_ kind: RecordKind, id: String) throws(RecordsError) {
        guard kind != .profile else { return }
        try write {
            let key = kind == .tag ? id : id.asciiLowercased()
            try database.cachedStatement("DELETE FROM \(Self.table(of: kind)) WHERE id = ?").run([.text(key)])
            if kind != .tag { try forgetDeletion(kind, id: key) }
        }
    }

    // Each table's statement, spelled once (a merge of a large log applies it once a record).
    private static let readingUpsert = upsertSQL(ReadingColumn.inserted, into: "readings")
    private static let profileUpsert = upsertSQL(ProfileColumn.all, into: "profiles")
    private static let tagUpsert = upsertSQL(TagColumn.all, into: "status_tags")
    private static let eventUpsert = upsertSQL(EventColumn.all, into: "events")

    /// `INSERT … ON CONFLICT (id) DO UPDATE` of every column of `list`.
    private static func upsertSQL<Column: TableColumn>(_ list: ColumnList<Column>, into table: String) -> String {
        let assignments = list.columns.filter { $0.name != "id" }.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(list.names)) VALUES (\(list.placeholders)) ON CONFLICT (id) DO UPDATE SET \(assignments)"
    }

    /// Runs `sql`, an upsert of `list` (see ``upsertSQL(_:into:)``), with `value`'s values.
    private func upsert<Column: TableColumn>(_ list: ColumnList<Column>, _ sql: String, _ value: (Column) -> SQLValue) throws {
        let statement = try database.cachedStatement(sql)
        try statement.bind(list, value)
        try statement.runBound()
    }
}

extension RecordStore {
    /// The table that holds records of `kind`, keyed by its `id` column: for a layer that keeps
    /// tables of its own in the log (family sync) and joins them with the records.
    public static func table(of kind: RecordKind) -> String {
        switch kind {
        case .reading: "readings"
        case .event: "events"
        case .profile: "profiles"
        case .tag: "status_tags"
        }
    }

    /// The record `id` of `kind` as the log shows it, as a put; nil when it does not.
    public func record(_ kind: RecordKind, id: String) throws(RecordsError) -> LogChange? {
        try records(kind, ids: [id]).first
    }

    /// The records of `kind` with these ids that the log shows, as puts, in the order of `ids`
    /// (an id the log does not show is left out).
    public func records(_ kind: RecordKind, ids: [String]) throws(RecordsError) -> [LogChange] {
        try mapErrors {
            var found: [String: LogChange] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let batch = Array(ids[start..<min(start + 500, ids.count)])
                let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
                let values = batch.map(SQLValue.text)
                switch kind {
                case .reading:
                    try database.cachedStatement("SELECT \(ReadingColumn.selected.names) FROM readings WHERE id IN (\(placeholders))")
                        .forEachRow(values) { let reading = RecordStore.reading(from: $0); found[reading.id] = .readingPut(reading) }
                case .event:
                    try database.cachedStatement("SELECT \(EventColumn.all.names) FROM events WHERE id IN (\(placeholders))")
                        .forEachRow(values) { let event = RecordStore.event(from: $0); found[event.id] = .eventPut(event) }
                case .profile:
                    try database.cachedStatement("SELECT \(ProfileColumn.all.names) FROM profiles WHERE id IN (\(placeholders))")
                        .forEachRow(values) { let profile = RecordStore.profile(from: $0); found[profile.id] = .profilePut(profile) }
                case .tag:
                    let wanted = Set(batch)
                    for tag in try tags(includingRemoved: true) where wanted.contains(tag.id) { found[tag.id] = .tagPut(tag) }
                }
            }
            return ids.compactMap { found[$0] }
        }
    }
}

extension RecordStore {
    /// Remembers that the reading or event `id` was deleted (inside the deleting transaction).
    func rememberDeletion(_ entity: RecordKind, id: String) throws {
        try database.cachedStatement(
            "INSERT INTO deleted_records (entity, id, deleted_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET deleted_at = excluded.deleted_at"
        ).run([.text(entity.rawValue), .text(id), .integer(clock())])
    }

    /// Forgets a deletion: the record stands again (a shared log's later operation put it).
    func forgetDeletion(_ entity: RecordKind, id: String) throws {
        try database.cachedStatement("DELETE FROM deleted_records WHERE entity = ? AND id = ?").run([.text(entity.rawValue), .text(id)])
    }

    /// Remembers every reading and event of `profileID` as deleted.
    func rememberDeletions(ofProfile profileID: String) throws {
        let now = clock()
        try database.cachedStatement(
            "INSERT OR REPLACE INTO deleted_records (entity, id, deleted_at) SELECT 'reading', id, ? FROM readings WHERE profile_id = ?"
        ).run([.integer(now), .text(profileID)])
        try database.cachedStatement(
            "INSERT OR REPLACE INTO deleted_records (entity, id, deleted_at) SELECT 'event', id, ? FROM events WHERE profile_id = ?"
        ).run([.integer(now), .text(profileID)])
    }

    /// The ids of the deleted readings or events the log remembers.
    func deletedIDs(_ entity: RecordKind) throws -> Set<String> {
        var ids = Set<String>()
        try database.cachedStatement("SELECT id FROM deleted_records WHERE entity = ?").forEachRow([.text(entity.rawValue)]) {
            ids.insert($0.text(0) ?? "")
        }
        return ids
    }
}

extension RecordStore {
    /// When the log last changed the record `id` of `entity` (milliseconds since 1970), or nil
    /// when the log does not hold it.
    public func recordUpdatedAt(_ entity: RecordKind, id: String) throws(RecordsError) -> Int64? {
        try mapErrors {
            try database.cachedStatement("SELECT updated_at FROM \(RecordStore.table(of: entity)) WHERE id = ?").scalarInt([.text(id)])
        }
    }

    /// When the log deleted the reading or event `id` (milliseconds since 1970), or nil when it
    /// remembers no deletion of it.
    public func deletionTime(_ entity: RecordKind, id: String) throws(RecordsError) -> Int64? {
        guard entity == .reading || entity == .event else { return nil }
        return try mapErrors {
            try database.cachedStatement("SELECT deleted_at FROM deleted_records WHERE entity = ? AND id = ?")
                .scalarInt([.text(entity.rawValue), .text(id)])
        }
    }
}
