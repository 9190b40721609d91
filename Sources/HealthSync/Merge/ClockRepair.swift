import HealthCore
import HealthRecords

/// A device whose clock ran ahead, and has been set right since: the changes it stamped
/// while it ran ahead carry stamps of a time still to come, and would win over every change
/// made before that time, anywhere, once other machines apply them (they hold them until then).
/// So the device stamps each such change again, withdrawing the old stamp: at the time it was
/// really made, as near as can be told (the old stamp less how far the clock ran ahead, as the
/// other machines saw it when the changes came), so a change made elsewhere later, by the right
/// clock, still wins over it.
///
/// It also never stamps after a clock it only saw: a log whose greatest clock lies beyond its
/// own time and the tolerance (a line from a machine whose clock ran ahead, taken in by an
/// older HealthLog) goes back to the greatest clock within it.
enum ClockRepair {
    /// Stamps again what this device stamped beyond this machine's clock `now` and the
    /// tolerance; returns how far ahead its clock ran (milliseconds) and the records stamped
    /// again (to be shown as their winners now say), or nil when it did not run ahead.
    static func restamp(
        journal: SyncJournal, tables: SyncTables, folder: OpenedSyncFolder, now: Int64
    ) throws -> (skew: Int64, records: [SyncMerge.RecordKey])? {
        let limit = HybridClock.stamp(milliseconds: now + ClockTolerance.ahead)
        guard journal.latestClock > limit else { return nil }
        var future: [SyncOperation] = []
        try tables.forEachOperation(device: journal.device, after: limit) { future.append($0) }
        // How far the clock ran ahead: as the other machines saw it when its changes came to
        // them, else at least as far as its last stamp lies ahead of now.
        // (where believed: a file claiming more than this device ever stamped is not).
        let seenElsewhere = try DeviceClaims(tables, folder: folder, own: journal.device, now: now).heldOfOwn.values.map(\.aheadMs).max()
        let skew = max(seenElsewhere ?? 0, HybridClock.milliseconds(journal.latestClock) - now)
        try tables.set(.highestClock, to: String(max(journal.latestClock, try tables.highestClock(of: journal.device))))
        journal.rewind(to: try tables.greatestClock(through: limit) ?? 0)
        try tables.set(.clock, to: String(journal.latestClock))
        // Each record once, with every old stamp of it withdrawn, in the order they were made.
        var order: [SyncMerge.RecordKey] = []
        var byRecord: [SyncMerge.RecordKey: [SyncOperation]] = [:]
        for operation in future {
            let key = SyncMerge.RecordKey(kind: operation.kind, id: operation.entityID)
            if byRecord[key] == nil { order.append(key) }
            byRecord[key, default: []].append(operation)
        }
        var previous: Int64 = 0
        for key in order {
            let old = byRecord[key]!
            guard let winner = try tables.winner(key.kind, id: key.id), let read = try? JournalLine.operation(winner.line),
                let latest = old.last, let first = try? JournalLine.operation(old[0].line)
            else { continue }
            let base = first.base ?? 0
            // When it was really made, after what it was made on, never after now.
            var clock = HybridClock.stamp(milliseconds: HybridClock.milliseconds(latest.clock) - skew)
            clock = min(max(clock, base + 1, previous + 1), HybridClock.stamp(milliseconds: now))
            previous = clock
            try journal.restamp(read.change, withdrawing: old.map(\.id), clock: clock, base: first.base)
            for operation in old {
                try tables.withdraw(device: journal.device, id: operation.id)
                try tables.removeOperation(id: operation.id)
            }
        }
        try tables.set(.ownClockRanAhead, to: "\(skew) \(now)")
        return (skew, order)
    }
}
