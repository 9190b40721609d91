import HealthCore
import HealthRecords

/// What a log that joins a shared log changed itself since the shared log last saw each record:
/// the changes it publishes as its own, so joining never undoes them.
///
/// A log that left a shared log and joins it again (or two logs kept apart that become one)
/// holds records the folder also names. For each, the later change wins, whichever side made
/// it: a record edited here after the folder's last change of it is published as it is here, a
/// reading or event deleted here after that is published as deleted, and otherwise the folder's
/// version stands. A profile keeps the details only one side had (a birth year, a sex, a
/// target, a name), and a tag its Chinese label.
enum JoinReconciliation {
    /// The changes this log publishes for the records `keys` names, read before the folder's
    /// versions are shown.
    ///
    /// `decoded` holds the changes already decoded by operation id; a winner not in it is decoded
    /// from its line. A record this log never held (nor deleted) is passed over before any
    /// decoding: a new machine joining a large log decodes nothing twice.
    static func localChanges(
        store: RecordStore, keys: [(kind: RecordKind, id: String)], decoded: [String: LogChange] = [:]
    ) throws -> [LogChange] {
        var changes: [LogChange] = []
        let tables = SyncTables(store)
        for kind in RecordKind.allCases {
            for key in keys where key.kind == kind {
                let local = try store.record(kind, id: key.id)
                if local == nil, try store.deletionTime(kind, id: key.id) == nil { continue }
                guard let winner = try tables.winner(kind, id: key.id),
                    let folder = decoded[winner.id] ?? (try? JournalLine.operation(winner.line))?.change
                else { continue }
                if let change = try localChange(store: store, entity: kind, id: key.id, local: local, winner: winner, folder: folder) {
                    changes.append(change)
                }
            }
        }
        return changes
    }

    private static func localChange(
        store: RecordStore, entity: RecordKind, id: String, local: LogChange?, winner: SyncOperation, folder: LogChange
    ) throws -> LogChange? {
        // When the folder's version was made: the record's own time, else the operation's.
        let operationTime = HybridClock.milliseconds(winner.clock)
        let folderTime = winner.deleted ? operationTime : changedAt(folder).flatMap { $0 > 0 ? $0 : nil } ?? operationTime
        guard let local else {
            // Deleted here after the folder last put it: the deletion is this log's change.
            guard !winner.deleted, let deletedAt = try store.deletionTime(entity, id: id), deletedAt > folderTime else { return nil }
            switch folder {
            case .readingPut(let reading): return .readingDeleted(id: reading.id, profileID: reading.profileID)
            case .eventPut(let event): return .eventDeleted(id: event.id, profileID: event.profileID)
            default: return nil
            }
        }
        if !winner.deleted, sameRecord(local, folder) { return nil }
        let localTime = try store.recordUpdatedAt(entity, id: id) ?? 0
        if winner.deleted { return localTime > folderTime ? local : nil }
        // The later version stands, with the details only the other one had.
        let kept = localTime > folderTime ? filledIn(local, from: folder) : filledIn(folder, from: local)
        return sameRecord(kept, folder) ? nil : kept
    }

    /// The time a put's record says it was changed (milliseconds), when it carries one.
    private static func changedAt(_ change: LogChange) -> Int64? {
        switch change {
        case .readingPut(let reading): reading.updatedAt
        case .profilePut(let profile): profile.updatedAt
        case .eventPut(let event): event.updatedAt
        default: nil
        }
    }

    /// True when two puts hold the same record, whenever each was stamped.
    static func sameRecord(_ a: LogChange, _ b: LogChange) -> Bool { unstamped(a) == unstamped(b) }

    private static func unstamped(_ change: LogChange) -> LogChange {
        switch change {
        case .readingPut(var reading):
            reading.createdAt = 0
            reading.updatedAt = 0
            return .readingPut(reading)
        case .profilePut(var profile):
            profile.createdAt = 0
            profile.updatedAt = 0
            return .profilePut(profile)
        case .eventPut(var event):
            event.createdAt = 0
            event.updatedAt = 0
            return .eventPut(event)
        default:
            return change
        }
    }

    /// The profile or tag `kept` with the details it lacks taken from `other`.
    private static func filledIn(_ kept: LogChange, from other: LogChange) -> LogChange {
        switch (kept, other) {
        case (.profilePut(var profile), .profilePut(let details)):
            profile.birthYear = profile.birthYear ?? details.birthYear
            profile.sex = profile.sex ?? details.sex
            profile.target = profile.target ?? details.target
            // A profile made bare (named by its id) takes the name the other side gave it.
            if profile.name == profile.id { profile.name = details.name }
            return .profilePut(profile)
        case (.tagPut(var tag), .tagPut(let details)):
            tag.labelZh = tag.labelZh ?? details.labelZh
            return .tagPut(tag)
        default:
            return kept
        }
    }
}
