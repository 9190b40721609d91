public import HealthCore

/// What applying a merged record did to the log.
public enum SyncApplyOutcome: Equatable, Sendable {
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
    public func applySynced(_ change: LogChange, at clock: Int64) throws(RecordsError) -> SyncApplyOutcome {
        try write {
            switch change {
            case .readingPut(let reading):
                try reading.validate()
                guard try profile(id: reading.profileID) != nil else {
                    try database.cachedStatement("DELETE FROM readings WHERE id = ?").run([.text(reading.id.asciiLowercased())])
                    return .hidden
                }
                try upsert(ReadingColumn.inserted, into: "readings") { $0.value(of: reading, now: clock) }
                try forgetDeletion(.reading, id: reading.id.asciiLowercased())
            case .readingDeleted(let id, _):
                try database.cachedStatement("DELETE FROM readings WHERE id = ?").run([.text(id.asciiLowercased())])
                try rememberDeletion(.reading, id: id.asciiLowercased())
            case .profilePut(let profile):
                try profile.validate()
                try upsert(ProfileColumn.all, into: "profiles") { $0.value(of: profile, now: clock) }
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
                try upsert(TagColumn.all, into: "status_tags") { $0.value(of: tag, now: clock) }
            case .eventPut(let event):
                try event.validate()
                guard try profile(id: event.profileID) != nil else {
                    try database.cachedStatement("DELETE FROM events WHERE id = ?").run([.text(event.id.asciiLowercased())])
                    return .hidden
                }
                try upsert(EventColumn.all, into: "events") { $0.value(of: event, now: clock) }
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

    /// `INSERT … ON CONFLICT (id) DO UPDATE` of every column of `list`.
    private func upsert<Column: TableColumn>(_ list: ColumnList<Column>, into table: String, _ value: (Column) -> SQLValue) throws {
        let assignments = list.columns.filter { $0.name != "id" }.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", ")
        let statement = try database.cachedStatement(
            "INSERT INTO \(table) (\(list.names)) VALUES (\(list.placeholders)) ON CONFLICT (id) DO UPDATE SET \(assignments)")
        try statement.bind(list, value)
        try statement.runBound()
    }

    /// Calls `body` with every record no sync operation names yet, as a put: what a log had
    /// before it joined a family log (or a restored backup brought back), parents first.
    public func forEachUnsyncedRecord(_ body: (LogChange) throws -> Void) throws(RecordsError) {
        try mapErrors {
            let unsynced = { (entity: SyncEntity, key: String) in
                "NOT EXISTS (SELECT 1 FROM sync_operations o WHERE o.entity = '\(entity.rawValue)' AND o.entity_id = \(key))"
            }
            var profiles: [Profile] = []
            try database.cachedStatement(
                "SELECT \(ProfileColumn.all.names) FROM profiles WHERE \(unsynced(.profile, "profiles.id")) ORDER BY id"
            ).forEachRow { profiles.append(RecordStore.profile(from: $0)) }
            for profile in profiles { try body(.profilePut(profile)) }
            let tagIDs = Set(try syncedRecordIDs(.tag))
            for tag in try tags(includingRemoved: true) where !tagIDs.contains(tag.id) { try body(.tagPut(tag)) }
            var events: [Event] = []
            try database.cachedStatement(
                "SELECT \(EventColumn.all.names) FROM events WHERE \(unsynced(.event, "events.id")) ORDER BY id"
            ).forEachRow { events.append(RecordStore.event(from: $0)) }
            for event in events { try body(.eventPut(event)) }
            var readings: [Reading] = []
            try database.cachedStatement(
                "SELECT \(ReadingColumn.selected.names) FROM readings WHERE \(unsynced(.reading, "readings.id")) ORDER BY taken_at, id"
            ).forEachRow { readings.append(RecordStore.reading(from: $0)) }
            for reading in readings { try body(.readingPut(reading)) }
        }
    }
}

extension RecordStore {
    private static func table(of entity: SyncEntity) -> String {
        switch entity {
        case .reading: "readings"
        case .event: "events"
        case .profile: "profiles"
        case .tag: "status_tags"
        }
    }

    /// The record `id` of `entity` as the log shows it, as a put; nil when it does not.
    public func syncedRecord(_ entity: SyncEntity, id: String) throws(RecordsError) -> LogChange? {
        try mapErrors {
            switch entity {
            case .reading:
                return try fetchReadingsForSync(id: id).first.map(LogChange.readingPut)
            case .profile:
                return try profile(id: id).map(LogChange.profilePut)
            case .tag:
                return try tags(includingRemoved: true).first { $0.id == id }.map(LogChange.tagPut)
            case .event:
                var event: Event?
                try database.cachedStatement("SELECT \(EventColumn.all.names) FROM events WHERE id = ?").forEachRow([.text(id)]) {
                    event = RecordStore.event(from: $0)
                }
                return event.map(LogChange.eventPut)
            }
        }
    }

    private func fetchReadingsForSync(id: String) throws -> [Reading] {
        var readings: [Reading] = []
        try database.cachedStatement("SELECT \(ReadingColumn.selected.names) FROM readings WHERE id = ?").forEachRow([.text(id)]) {
            readings.append(RecordStore.reading(from: $0))
        }
        return readings
    }

    /// The readings or events of `profileID` that operations put but the log does not show
    /// (hidden while the profile was missing).
    public func hiddenSyncedRecordIDs(_ entity: SyncEntity, profileID: String) throws(RecordsError) -> [String] {
        try mapErrors {
            var ids: [String] = []
            try database.cachedStatement(
                """
                SELECT DISTINCT entity_id FROM sync_operations WHERE entity = ? AND profile_id = ? AND deleted = 0
                    AND entity_id NOT IN (SELECT id FROM \(RecordStore.table(of: entity))) ORDER BY entity_id
                """
            ).forEachRow([.text(entity.rawValue), .text(profileID)]) { ids.append($0.text(0) ?? "") }
            return ids
        }
    }

    /// The sync settings whose keys start with `prefix`.
    public func syncSettings(withPrefix prefix: String) throws(RecordsError) -> [(key: String, value: String)] {
        try mapErrors {
            var settings: [(key: String, value: String)] = []
            try database.cachedStatement("SELECT key, value FROM sync_settings WHERE substr(key, 1, length(?)) = ? ORDER BY key")
                .forEachRow([.text(prefix), .text(prefix)]) { settings.append((key: $0.text(0) ?? "", value: $0.text(1) ?? "")) }
            return settings
        }
    }

    /// How many operations `device` wrote with a clock after `clock`.
    public func syncOperationCount(device: String, after clock: Int64) throws(RecordsError) -> Int {
        try mapErrors {
            Int(try database.cachedStatement("SELECT count(*) FROM sync_operations WHERE device = ? AND clock > ?")
                .scalarInt([.text(device), .integer(clock)]) ?? 0)
        }
    }
}

extension RecordStore {
    /// Remembers that the reading or event `id` was deleted (inside the deleting transaction).
    func rememberDeletion(_ entity: SyncEntity, id: String) throws {
        try database.cachedStatement(
            "INSERT INTO deleted_records (entity, id, deleted_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET deleted_at = excluded.deleted_at"
        ).run([.text(entity.rawValue), .text(id), .integer(clock())])
    }

    /// Forgets a deletion: the record stands again (a shared log's later operation put it).
    func forgetDeletion(_ entity: SyncEntity, id: String) throws {
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
    func deletedIDs(_ entity: SyncEntity) throws -> Set<String> {
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
    public func syncedRecordUpdatedAt(_ entity: SyncEntity, id: String) throws(RecordsError) -> Int64? {
        try mapErrors {
            try database.cachedStatement("SELECT updated_at FROM \(RecordStore.table(of: entity)) WHERE id = ?").scalarInt([.text(id)])
        }
    }

    /// When the log deleted the reading or event `id` (milliseconds since 1970), or nil when it
    /// remembers no deletion of it.
    public func deletionTime(_ entity: SyncEntity, id: String) throws(RecordsError) -> Int64? {
        guard entity == .reading || entity == .event else { return nil }
        return try mapErrors {
            try database.cachedStatement("SELECT deleted_at FROM deleted_records WHERE entity = ? AND id = ?")
                .scalarInt([.text(entity.rawValue), .text(id)])
        }
    }
}
