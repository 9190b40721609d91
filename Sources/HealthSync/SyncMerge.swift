public import HealthCore
import HealthRecords

/// What one merge brought in.
public struct MergeReport: Equatable, Sendable {
    /// What happened to one kind of record.
    public struct Tally: Equatable, Sendable {
        public var added = 0
        public var changed = 0
        public var deleted = 0
        /// Put, but not shown: the profile is deleted or not yet known.
        public var hidden = 0
        public var isEmpty: Bool { added == 0 && changed == 0 && deleted == 0 && hidden == 0 }
    }

    /// By the device whose operation decided each record, and by kind of record.
    public var tallies: [String: [SyncEntity: Tally]] = [:]
    /// New operations taken in.
    public var operations = 0
    /// Lines refused by this merge.
    public var refused = 0
    /// Concurrent edits found by this merge.
    public var conflicts = 0
    /// This device's own operations written again to its journal (it was missing or cut short).
    public var republished = 0
    /// Records this log held that no operation named yet, published as this device's own.
    public var published = 0
    /// The profile this machine used alone, made its default when the merge brought others
    /// (commands without `-p` go on meaning it), or nil.
    public var keptDefaultProfile: String?

    public var isEmpty: Bool { operations == 0 && refused == 0 && republished == 0 && published == 0 && keptDefaultProfile == nil }
}

/// Merges the operations in a shared folder into the log: the merged log is a function of the
/// set of operations alone (for each record, the greatest clock and device wins, deletions
/// included), so merging is idempotent and the order files arrive in does not matter.
///
/// Only new bytes are read: each file's size, time and a hash of its start are remembered, and a
/// file that was replaced rather than grown is read again from the start, which is always safe.
/// A file that vanishes or shrinks is "not yet": no operation is ever forgotten.
enum SyncMerge {
    /// A clock this far ahead of this machine's is reported.
    static let skewReported: Int64 = 2 * 60 * 1000

    private struct RecordKey: Hashable, Comparable {
        let entity: SyncEntity
        let id: String
        static func < (lhs: RecordKey, rhs: RecordKey) -> Bool { (lhs.entity, lhs.id) < (rhs.entity, rhs.id) }
    }

    /// Shows the readings and events of `profileID` that waited, hidden, for their profile.
    static func showWaiting(for profileID: String, in store: RecordStore) throws {
        for entity in [SyncEntity.event, .reading] {
            for id in try store.hiddenSyncedRecordIDs(entity, profileID: profileID) {
                guard let winner = try store.winningSyncOperation(entity, id: id), !winner.deleted,
                    let change = try? JournalLine.decode(winner.line).change
                else { continue }
                try store.applySynced(change, at: HybridClock.milliseconds(winner.clock))
            }
        }
    }

    /// True when anything in the folder changed since the last merge: a few `stat` calls.
    /// With `countingOwnBacklog` false, this device's own changes not yet in its journal do not count.
    static func hasNews(store: RecordStore, folder: SyncFolder, device: String, countingOwnBacklog: Bool = true) throws(SyncError) -> Bool {
        guard folder.exists else { return false }
        return try SyncError.run {
            if countingOwnBacklog, try store.syncSetting(SyncJournal.Key.behind) != nil { return true }
            if try store.syncSetting(SyncJournal.Key.reconcile) != nil { return true }
            if try store.syncSetting(SyncJournal.Key.reader) != HealthLogVersion.current { return true }
            let states = try store.syncFileStates()
            let files = folder.journalFiles()
            for file in files {
                guard let state = states[file.relativePath], state.size == file.size, state.modified == file.modified else { return true }
            }
            // This device's own journal removed or cut: its operations are written again.
            guard countingOwnBacklog else { return false }
            let present = Set(files.map(\.relativePath))
            let own = "journal/\(device)/"
            return states.keys.contains { $0.hasPrefix(own) && !present.contains($0) }
        }
    }

    /// Merges everything new, in one write transaction; with `publishingUnsynced`, the records
    /// no operation names are published as this device's own (joining a shared log).
    static func merge(
        store: RecordStore, journal: SyncJournal, now: Int64, publishingUnsynced: Bool = false
    ) throws(SyncError) -> MergeReport {
        let folder = journal.folder
        guard folder.exists else { throw .folderMissing(folder.path) }
        do {
            return try store.write {
                var merge = Merge(store: store, journal: journal, now: now)
                let repair = try merge.ownJournalNeedsRepair()
                try merge.readFolder()
                // A line of this device's own that the others refuse is written again whole.
                if repair || merge.ownLinesRefused { try merge.repairOwnJournal() }
                // The profile commands without -p meant when it was the only one.
                // (None when a default is set, or was set and deleted elsewhere: that one is asked for.)
                let onlyProfile = try store.defaultProfileID() == nil && store.profiles().count == 1 ? (try? store.profile(.automatic))?.id : nil
                let reconcile = try store.syncSetting(SyncJournal.Key.reconcile) != nil
                // Joining: what this log changed since the folder last saw a record is kept.
                if publishingUnsynced { try merge.keepLocalChanges() }
                try merge.show(everything: reconcile)
                if publishingUnsynced || reconcile { try merge.publishUnsynced() }
                if let onlyProfile, try store.profiles().count > 1, try store.profile(id: onlyProfile) != nil {
                    try store.setDefaultProfile(id: onlyProfile)
                    merge.report.keptDefaultProfile = onlyProfile
                }
                try store.setSyncSetting(SyncJournal.Key.reconcile, to: nil)
                try store.setSyncSetting(SyncJournal.Key.reader, to: HealthLogVersion.current)
                try journal.logWillCommit()
                // Lines that could not be written were not written again.
                if !journal.lastTransactionWritten { merge.report.republished = 0 }
                return merge.report
            }
        } catch {
            journal.logRolledBack()
            throw .store(error)
        }
    }

    /// One merge's work, inside its transaction.
    private struct Merge {
        let store: RecordStore
        let journal: SyncJournal
        let now: Int64
        var report = MergeReport()
        /// The records new operations name.
        var touched: Set<RecordKey> = []
        /// The changes of the new operations, by operation id (decoded once).
        var newChanges: [String: LogChange] = [:]
        /// True when a line of this device's own journal was refused (edited or damaged there).
        var ownLinesRefused = false

        init(store: RecordStore, journal: SyncJournal, now: Int64) {
            self.store = store
            self.journal = journal
            self.now = now
        }

        // MARK: Reading

        mutating func readFolder() throws {
            let fullRead = try store.syncSetting(SyncJournal.Key.reader) != HealthLogVersion.current
            let states = fullRead ? [:] : try store.syncFileStates()
            let files = journal.folder.journalFiles()
            // Lines refused in a file that is gone no longer stand in the way.
            let present = Set(files.map(\.relativePath))
            for path in try store.syncRefusalPaths() where !present.contains(path) { try store.forgetSyncRefusals(path: path) }
            for file in files {
                let state = states[file.relativePath]
                if let state, state.size == file.size, state.modified == file.modified { continue }
                var start: Int64 = 0
                var firstLine = 1
                // This device's own file changed by someone else (its own appends are recorded
                // with their time) but not grown: read again whole, to find a line changed in place.
                let changedInPlace = file.device == journal.device && state.map { $0.size == file.size } == true
                if let state, state.readTo > 0, file.size >= state.readTo, !changedInPlace,
                    JournalReader.prefixHash(file.path, bytes: state.readTo) == state.prefixHash
                {
                    start = state.readTo
                    firstLine = state.lines + 1
                }
                // Read from its start: its refusals are found again, or were mended.
                if start == 0 { try store.forgetSyncRefusals(path: file.relativePath) }
                let result: (readTo: Int64, lines: Int)
                do {
                    result = try JournalReader.readLines(file.path, from: start, firstLine: firstLine) { line in
                        try take(line, of: file)
                    }
                } catch let error as FileBytes.ReadError {
                    // Gone for a moment while the engine replaces it: not yet. Unreadable (its
                    // permissions, a disk error): named, and the other files are still merged.
                    if !error.isMissing {
                        try store.recordSyncRefusal(SyncRefusal(path: file.relativePath, line: 0, reason: Phrase("the file cannot be read ({reason}); it is read again at the next merge", terms: ["reason": error.reason])))
                        report.refused += 1
                    }
                    continue
                }
                try store.saveSyncFileState(SyncFileState(
                    path: file.relativePath, size: file.size, modified: file.modified,
                    prefixHash: JournalReader.prefixHash(file.path, bytes: result.readTo) ?? "", readTo: result.readTo,
                    lines: firstLine - 1 + result.lines))
            }
        }

        private mutating func take(_ line: JournalReader.Line, of file: SyncFolder.JournalFile) throws {
            guard let text = line.text else {
                return try refuse(file, line.number, Phrase("the line is longer than {n} KiB", ["n": "\(JournalLine.maximumBytes / 1024)"]))
            }
            guard !text.isEmpty else { return }
            let decoded: JournalLine.Decoded
            do {
                decoded = try JournalLine.decode(text)
            } catch {
                return try refuse(file, line.number, error.reason)
            }
            let operation = decoded.operation
            guard operation.device == file.device else {
                return try refuse(file, line.number, Phrase("device {device} wrote it, but the file is in device {device2}'s journal", ["device": "\(operation.device)", "device2": "\(file.device)"]))
            }
            let previous = try store.winningSyncOperation(operation.entity, id: operation.entityID)
            guard try store.insertSyncOperation(operation) else { return }
            report.operations += 1
            journal.observe(clock: operation.clock)
            touched.insert(RecordKey(entity: operation.entity, id: operation.entityID))
            newChanges[operation.id] = decoded.change
            let ahead = HybridClock.milliseconds(operation.clock) - now
            // Only a stamp taken from the writer's own wall clock (counter 0) shows its skew: a
            // device that saw a clock running ahead stamps after it, with a counter, honestly.
            if ahead > SyncMerge.skewReported, HybridClock.isFromWallClock(operation.clock) {
                let key = "skew.\(operation.device)"
                if ahead > Int64(try store.syncSetting(key) ?? "0") ?? 0 { try store.setSyncSetting(key, to: String(ahead)) }
            }
            if let previous, previous.device != operation.device { try noteConcurrency(decoded, previous) }
        }

        /// Two devices changed one record without either seeing the other's change.
        private mutating func noteConcurrency(_ decoded: JournalLine.Decoded, _ previous: SyncOperation) throws {
            let operation = decoded.operation
            guard let earlier = try? JournalLine.decode(previous.line) else { return }
            let concurrent = (decoded.base ?? 0) < previous.clock && (earlier.base ?? 0) < operation.clock
            guard concurrent, !(previous.deleted && operation.deleted), earlier.change != decoded.change else { return }
            let (winner, loser) = operation.wins(over: previous) ? (operation, previous) : (previous, operation)
            try store.recordSyncConflict(SyncConflict(
                entity: operation.entity, entityID: operation.entityID, winnerDevice: winner.device, winnerClock: winner.clock,
                loserDevice: loser.device, loserClock: loser.clock))
            report.conflicts += 1
        }

        private mutating func refuse(_ file: SyncFolder.JournalFile, _ line: Int, _ reason: Phrase) throws {
            try store.recordSyncRefusal(SyncRefusal(path: file.relativePath, line: line, reason: reason))
            report.refused += 1
            if file.device == journal.device { ownLinesRefused = true }
        }

        // MARK: This device's journal

        /// True when this device's journal lacks some of its operations: a segment removed or
        /// cut short, or operations made while the folder was missing.
        func ownJournalNeedsRepair() throws -> Bool {
            let own = "journal/\(journal.device)/"
            let files = journal.folder.journalFiles().filter { $0.device == journal.device }
            let present = Set(files.map(\.relativePath))
            let states = try store.syncFileStates()
            let removed = states.keys.contains { $0.hasPrefix(own) && !present.contains($0) }
            let cut = files.contains { file in states[file.relativePath].map { file.size < $0.readTo } ?? false }
            return try removed || cut || store.syncSetting(SyncJournal.Key.behind) != nil
                || store.syncSetting(SyncJournal.Key.orphaned) != nil
        }

        /// Writes again this device's operations its journal lacks.
        mutating func repairOwnJournal() throws {
            let files = journal.folder.journalFiles().filter { $0.device == journal.device }
            var written = Set<String>()
            for file in files {
                _ = try? JournalReader.readLines(file.path, from: 0, firstLine: 1) { line in
                    if let text = line.text, let decoded = try? JournalLine.decode(text) { written.insert(decoded.operation.id) }
                }
            }
            var missing: [String] = []
            try store.forEachSyncOperation(device: journal.device) { if !written.contains($0.id) { missing.append($0.line) } }
            for line in missing { try journal.append(line: line) }
            report.republished = missing.count + (try publishOrphaned())
            try store.setSyncSetting(SyncJournal.Key.behind, to: nil)
        }

        /// Publishes again, as this device's own, what a former device id of this log changed
        /// while its journal was behind, where that change still decides the record.
        private mutating func publishOrphaned() throws -> Int {
            guard let orphaned = try store.syncSetting(SyncJournal.Key.orphaned) else { return 0 }
            var changes: [LogChange] = []
            for entry in orphaned.split(separator: "\n") {
                let parts = entry.split(separator: " ")
                guard parts.count == 2, let since = Int64(parts[1]) else { continue }
                try store.forEachSyncOperation(device: String(parts[0])) { operation in
                    guard operation.clock > since,
                        try store.winningSyncOperation(operation.entity, id: operation.entityID)?.id == operation.id,
                        let change = try? JournalLine.decode(operation.line).change
                    else { return }
                    changes.append(change)
                }
            }
            try journal.logChanged(changes)
            try store.setSyncSetting(SyncJournal.Key.orphaned, to: nil)
            return changes.count
        }

        // MARK: Showing

        /// Shows each record new operations name as its winning operation says (every record,
        /// with `everything`), profiles first; a profile that comes back brings back the
        /// readings and events that waited for it.
        mutating func show(everything: Bool) throws {
            var keys = touched
            if everything {
                for entity in SyncEntity.allCases {
                    for id in try store.syncedRecordIDs(entity) { keys.insert(RecordKey(entity: entity, id: id)) }
                }
            }
            for entity in SyncEntity.allCases {
                for key in keys.filter({ $0.entity == entity }).sorted() {
                    guard let shown = try show(key) else { continue }
                    if entity == .profile, !shown.deleted {
                        for waiting in [SyncEntity.event, .reading] {
                            for id in try store.hiddenSyncedRecordIDs(waiting, profileID: key.id) { keys.insert(RecordKey(entity: waiting, id: id)) }
                        }
                    }
                }
            }
        }

        /// Shows one record; returns its winning operation.
        private mutating func show(_ key: RecordKey) throws -> SyncOperation? {
            guard let winner = try store.winningSyncOperation(key.entity, id: key.id) else { return nil }
            let isNew = newChanges[winner.id] != nil
            guard let change = newChanges[winner.id] ?? (try? JournalLine.decode(winner.line))?.change else { return nil }
            let before = try store.syncedRecord(key.entity, id: key.id)
            let existed = before != nil
            let outcome: SyncApplyOutcome
            do {
                outcome = try store.applySynced(change, at: HybridClock.milliseconds(winner.clock))
            } catch {
                try store.recordSyncRefusal(SyncRefusal(path: "journal/\(winner.device)", line: 0, reason: Phrase("operation {id}: {error}", ["id": "\(winner.id)"], terms: ["error": HealthSyncErrorPhrase.of(error)])))
                report.refused += 1
                return nil
            }
            var tally = report.tallies[winner.device]?[key.entity] ?? MergeReport.Tally()
            let shows = outcome == .applied && !winner.deleted
            if outcome == .hidden {
                if isNew { tally.hidden += 1 }
            } else if !existed && shows {
                tally.added += 1
            } else if existed && !shows {
                tally.deleted += 1
            } else if existed && shows && isNew && before != change {
                tally.changed += 1
            }
            if !tally.isEmpty { report.tallies[winner.device, default: [:]][key.entity] = tally }
            return winner
        }

        // MARK: Publishing

        /// Publishes, as this device's own, the records the folder names that this log changed
        /// later (``JoinReconciliation``).
        mutating func keepLocalChanges() throws {
            let keys = touched.sorted().map { (entity: $0.entity, id: $0.id) }
            let changes = try JoinReconciliation.localChanges(store: store, keys: keys)
            try journal.logChanged(changes)
            report.published += changes.count
        }

        /// Publishes, as this device's own, every record no operation names yet.
        mutating func publishUnsynced() throws {
            var unsynced: [LogChange] = []
            try store.forEachUnsyncedRecord { unsynced.append($0) }
            for start in stride(from: 0, to: unsynced.count, by: 1024) {
                try journal.logChanged(Array(unsynced[start..<min(start + 1024, unsynced.count)]))
            }
            report.published += unsynced.count
        }
    }
}
