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
    public var tallies: [String: [RecordKind: Tally]] = [:]
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
    /// Operations held back by this merge: stamped too far ahead of this machine's clock, or
    /// putting a reading dated in its future (see ``ClockTolerance``).
    public var held = 0
    /// The profile this machine used alone, made its default when the merge brought others
    /// (commands without `-p` go on meaning it), or nil.
    public var keptDefaultProfile: String?
    /// The device id this log wrote as until this merge found lines written as it that this
    /// log never wrote (a copy of this machine's disk writes as it); it writes under a new id now.
    public var formerDevice: String?
    /// How far ahead of this machine's clock its own earlier changes were stamped (its clock ran
    /// ahead and was set right), in milliseconds; those changes were stamped again.
    public var ownClockRanAhead: Int64?

    public var isEmpty: Bool {
        operations == 0 && refused == 0 && republished == 0 && published == 0 && keptDefaultProfile == nil && held == 0
            && formerDevice == nil && ownClockRanAhead == nil
    }
}

/// Merges the operations in a shared folder into the log: the merged log is a function of the
/// set of operations alone (for each record, the greatest clock, device and operation id
/// wins, deletions included), so merging is idempotent and the order files arrive in does not
/// matter. A transaction is taken once its commit line and all its operations are there, never
/// in part.
///
/// Only new bytes are read: each file's size, time and a hash of its start are remembered, and a
/// file that was replaced rather than grown is read again from the start, which is always safe.
/// A file that vanishes or shrinks is "not yet": no operation is ever forgotten.
enum SyncMerge {
    /// A clock this far ahead of this machine's is reported.
    static let skewReported: Int64 = 2 * 60 * 1000
    /// The refused lines of one file named by place; the rest are counted.
    static let refusalsNamedPerFile = 20
    /// How many records a merge notes as touched, and how many new operations' decoded changes
    /// it keeps, in memory; beyond, they wait in temporary tables (``SyncTables``' scratch) and
    /// those changes are decoded again from their stored lines when shown, so a merge of any
    /// size (a new machine taking a million operations) runs in flat memory.
    static let keptInMemory = 1_024

    /// Of two lines claiming one operation id, true when `kept` keeps it on every machine:
    /// the one stamped earlier, then the smaller device id, then the smaller line.
    static func keepsID(_ kept: (clock: Int64, device: String, line: String), over other: (clock: Int64, device: String, line: String)) -> Bool {
        (kept.clock, kept.device, kept.line) < (other.clock, other.device, other.line)
    }

    struct RecordKey: Hashable, Comparable {
        let kind: RecordKind
        let id: String
        static func < (lhs: RecordKey, rhs: RecordKey) -> Bool { (lhs.kind, lhs.id) < (rhs.kind, rhs.id) }
    }

    /// Shows the readings and events of `profileID` that waited, hidden, for their profile.
    static func showWaiting(for profileID: String, in store: RecordStore) throws {
        let tables = SyncTables(store)
        for kind in [RecordKind.event, .reading] {
            for id in try tables.hiddenIDs(kind, profileID: profileID) {
                guard let winner = try tables.winner(kind, id: id), !winner.deleted,
                    let change = try? JournalLine.operation(winner.line)?.change
                else { continue }
                try store.applyMerged(change, at: HybridClock.milliseconds(winner.clock))
            }
        }
    }

    /// True when anything in the folder changed since the last merge, or this device has
    /// changes its journal lacks, or a held operation is due: a few `stat` calls and queries.
    /// With `countingOwnBacklog` false, this device's own unpublished changes do not count.
    static func hasNews(store: RecordStore, folder: SyncFolder, device: String, now: Int64, countingOwnBacklog: Bool = true) throws(SyncError) -> Bool {
        guard folder.exists else { return false }
        let tables = SyncTables(store)
        return try SyncError.run {
            if countingOwnBacklog, try tables.hasUnpublished() || tables.value(.orphaned) != nil { return true }
            if try tables.value(.reconcile) != nil { return true }
            if try tables.value(.reader) != HealthLogVersion.current { return true }
            if let due = try tables.nextDue(), due <= now { return true }
            // A folder refused (another user's, others may write it) is news: the merge names it.
            guard let opened = try? folder.open(), opened.refusal(for: device) == nil else { return true }
            let states = try tables.fileStates()
            let files = opened.journalFiles()
            for file in files {
                guard let state = states[file.relativePath], state.size == file.size, state.modified == file.modified else { return true }
            }
            // This device's own journal removed or cut: its operations are written again.
            guard countingOwnBacklog else { return false }
            let present = Set(files.map(\.relativePath))
            let own = "\(SyncFolder.journalName)/\(device)/"
            return states.keys.contains { $0.hasPrefix(own) && !present.contains($0) }
        }
    }

    /// Merges everything new, in one write transaction, then writes this device's unpublished
    /// changes to its journal. With `joining`, the records no operation names are published as
    /// this device's own, and what this log changed since the folder last saw a record is kept.
    static func merge(
        store: RecordStore, journal: SyncJournal, now: Int64, joining: Bool = false, first: () throws -> Void = {}
    ) throws(SyncError) -> MergeReport {
        let opened = try journal.folder.open()
        // Never read a refused journal folder as an empty one: this device's changes would be
        // written again, twice over, once it is set right.
        if let refusal = opened.refusal(for: journal.device) { throw .unsafe(refusal) }
        let report: MergeReport
        do {
            report = try store.write {
                try first()
                var merge = Merge(store: store, journal: journal, folder: opened, now: now)
                try merge.repairClock()
                try merge.releaseDueOperations()
                // Before reading: a read of a journal cut short would note it as it is now.
                let repair = try merge.ownJournalNeedsRepair()
                try merge.readFolder()
                if merge.foundTwin {
                    merge.report.formerDevice = journal.device
                    try journal.takeNewDeviceID()
                }
                // A line of this device's own that the others refuse is written again whole.
                if repair || merge.ownLinesRefused || !merge.ownLinesRewritten.isEmpty { try merge.repairOwnJournal() }
                try merge.publishOrphaned()
                let tables = SyncTables(store)
                // The profile commands without -p meant when it was the only one.
                // (None when a default is set, or was set and deleted elsewhere: that one is asked for.)
                let onlyProfile = try store.defaultProfileID() == nil && store.profiles().count == 1 ? (try? store.profile(.automatic))?.id : nil
                let reconcile = try tables.value(.reconcile) != nil
                // Joining: what this log changed since the folder last saw a record is kept.
                if joining { try merge.keepLocalChanges() }
                try merge.show(everything: reconcile)
                if joining || reconcile { try merge.publishUnnamed() }
                if let onlyProfile, try store.profiles().count > 1, try store.profile(id: onlyProfile) != nil {
                    try store.setDefaultProfile(id: onlyProfile)
                    merge.report.keptDefaultProfile = onlyProfile
                }
                try tables.set(.reconcile, to: nil)
                try tables.set(.joining, to: nil)
                try tables.set(.reader, to: HealthLogVersion.current)
                try journal.logWillCommit()
                return merge.report
            }
        } catch {
            journal.logRolledBack()
            throw SyncError.from(error)
        }
        let before = journal.republished
        journal.logDidCommit()
        var merged = report
        merged.republished += journal.republished - before
        return merged
    }

    /// One merge's work, inside its transaction.
    private struct Merge {
        let store: RecordStore
        let journal: SyncJournal
        let folder: OpenedSyncFolder
        let tables: SyncTables
        let now: Int64
        var report = MergeReport()
        /// The records new operations name (the first ``SyncMerge/keptInMemory``; the rest in
        /// the scratch table, see ``touch(_:)``).
        var touched: Set<RecordKey> = []
        /// The changes of the new operations, by operation id (decoded once; the first
        /// ``SyncMerge/keptInMemory``, the others' ids in the scratch table, see ``noteNew(_:_:)``).
        var newChanges: [String: LogChange] = [:]
        /// True once records touched, or new operations, went to the scratch tables.
        var spilledTouched = false
        var spilledNew = false
        /// True when a line of this device's own journal was refused (edited or damaged there).
        var ownLinesRefused = false
        /// The records whose operation lost its id to another line of the same id in this merge:
        /// left with no operation, such a record is shown nowhere (see ``show(_:)``).
        var displaced: Set<RecordKey> = []
        /// This device's own operations whose id a different line in its journal claims (a line
        /// rewritten there): each is written again, so every machine reads both and decides alike.
        var ownLinesRewritten: Set<String> = []
        /// True when lines written as this device that this log never wrote were found.
        var foundTwin = false
        /// True while reading what was in the folder before this log joined it: its old
        /// concurrent edits were reported where they happened, and are not reported again.
        let joining: Bool

        init(store: RecordStore, journal: SyncJournal, folder: OpenedSyncFolder, now: Int64) {
            self.store = store
            self.journal = journal
            self.folder = folder
            self.now = now
            tables = SyncTables(store)
            joining = (try? tables.value(.joining)) != nil
        }

        // MARK: Reading

        /// Reads every journal file's new lines. Each device's segments are read in order as
        /// one stream (a transaction may go on from one segment into the next), each conflict
        /// copy on its own; a stream is read twice, once to find which transactions are whole,
        /// once to take them.
        mutating func readFolder() throws {
            let fullRead = try tables.value(.reader) != HealthLogVersion.current
            var states = fullRead ? [:] : try tables.fileStates()
            let files = folder.journalFiles()
            // Lines refused in a file that is gone no longer stand in the way.
            let present = Set(files.map(\.relativePath))
            for path in try tables.refusalPaths() where !present.contains(path) { try tables.forgetRefusals(path: path) }
            if fullRead {
                for path in try tables.fileStates().keys { states[path] = nil }
            }
            var streams: [[OpenedSyncFolder.JournalFile]] = []
            for device in Set(files.map(\.device)).sorted() {
                let own = files.filter { $0.device == device }
                let segments = own.filter { !$0.isConflictCopy }.sorted { ($0.segment ?? 0, $0.name) < ($1.segment ?? 0, $1.name) }
                if !segments.isEmpty { streams.append(segments) }
                for copy in own where copy.isConflictCopy { streams.append([copy]) }
            }
            for stream in streams { try read(stream, states: states) }
        }

        /// Where a file is read from, and from which line number.
        private struct Start {
            var offset: Int64 = 0
            var line = 1
        }

        private mutating func read(_ stream: [OpenedSyncFolder.JournalFile], states: [String: SyncFileState]) throws {
            let unchanged = { (file: OpenedSyncFolder.JournalFile) in
                states[file.relativePath].map { $0.size == file.size && $0.modified == file.modified } ?? false
            }
            // Nothing new: every file as last read.
            guard stream.contains(where: { !unchanged($0) }) else { return }
            var opened: [InputFile?] = []
            var starts: [Start] = []
            for file in stream {
                let state = states[file.relativePath]
                var start = Start()
                let input: InputFile?
                do {
                    input = try folder.open(file)
                } catch {
                    // Gone for a moment while the engine replaces it: not yet. Unreadable (its
                    // owner, its mode, a disk error): named, and the other files are still merged.
                    if !error.isMissing {
                        try tables.forgetRefusals(path: file.relativePath)
                        try tables.record(SyncRefusal(path: file.relativePath, line: 0, reason: Phrase("the file cannot be read ({reason}); it is read again at the next merge", terms: ["reason": error.reason])))
                        report.refused += 1
                    }
                    opened.append(nil)
                    starts.append(Start())
                    continue
                }
                // This device's own file changed by someone else but not grown: read again
                // whole, to find a line changed in place.
                let changedInPlace = file.device == journal.device && state.map { $0.size == file.size && $0.modified != file.modified } == true
                if let input, let state, state.readTo > 0, file.size >= state.readTo, !changedInPlace,
                    JournalReader.prefixHash(input, bytes: state.readTo) == state.prefixHash
                {
                    start = Start(offset: state.readTo, line: state.lines + 1)
                }
                // Read from its start: its refusals are found again, or were mended.
                if start.offset == 0 { try tables.forgetRefusals(path: file.relativePath) }
                opened.append(input)
                starts.append(start)
            }
            // Pass one: which transactions are whole (their commit line and every operation).
            var scan = TransactionScan(namedLimit: SyncMerge.refusalsNamedPerFile)
            var results: [JournalReader.Result?] = Array(repeating: nil, count: stream.count)
            for index in stream.indices {
                guard let input = opened[index] else { continue }
                results[index] = try? JournalReader.readLines(input, from: starts[index].offset, firstLine: starts[index].line) { line in
                    guard let text = line.text else { return }
                    switch JournalLine.skim(text) {
                    case .operation(let transaction):
                        scan.operation(of: transaction, at: .init(file: index, offset: line.offset, line: line.number))
                    case .commit(let transaction, let operations):
                        scan.commit(of: transaction, operations: operations)
                    case .standalone:
                        scan.standalone()
                    }
                }
            }
            let complete = scan.complete
            // Pass two: take the lines of whole transactions, and lines complete in themselves.
            for index in stream.indices {
                let file = stream[index]
                guard let input = opened[index], var result = results[index] else { continue }
                var state = states[file.relativePath] ?? SyncFileState(path: file.relativePath, size: 0, modified: 0, prefixHash: "", readTo: 0, lines: 0)
                if starts[index].offset == 0 { state.refused = 0 }
                // A transaction another line follows before its commit line was never finished
                // (its writer went on to the next): it is not waited for, none of its lines is
                // taken, and it is refused where it began.
                if let givenUp = scan.givenUp[index] {
                    for transaction in givenUp.named {
                        let reason = transaction.lines == 1
                            ? Phrase("transaction {id} was never committed: its line is not taken", ["id": transaction.id])
                            : Phrase("transaction {id} was never committed: its {n} lines are not taken", ["id": transaction.id, "n": "\(transaction.lines)"])
                        try refuse(file, transaction.began.line, reason, state: &state)
                    }
                    state.refused += givenUp.count - givenUp.named.count
                    report.refused += givenUp.count - givenUp.named.count
                }
                let waiting = scan.waiting(in: index)
                let stop = waiting?.offset ?? result.readTo
                _ = try JournalReader.readLines(input, from: starts[index].offset, firstLine: starts[index].line) { line in
                    guard line.offset < stop else { return }
                    try take(line, of: file, complete: complete, state: &state)
                }
                if let waiting {
                    result.readTo = waiting.offset
                    result.lines = waiting.line - starts[index].line
                }
                state.size = file.size
                state.modified = file.modified
                state.readTo = result.readTo
                state.lines = starts[index].line - 1 + result.lines
                state.prefixHash = JournalReader.prefixHash(input, bytes: result.readTo) ?? ""
                try tables.save(state)
            }
        }

        private mutating func take(_ line: JournalReader.Line, of file: OpenedSyncFolder.JournalFile, complete: Set<String>, state: inout SyncFileState) throws {
            guard let text = line.text else {
                return try refuse(file, line.number, Phrase("the line is longer than {n} KiB; the rest of the file is not read", ["n": "\(JournalLine.maximumBytes / 1024)"]), state: &state)
            }
            guard !text.isEmpty else { return }
            if case .operation(let transaction) = JournalLine.skim(text), !complete.contains(transaction) { return }
            let decoded: JournalLine.Decoded
            do {
                decoded = try JournalLine.decode(text)
            } catch {
                return try refuse(file, line.number, error.reason, state: &state)
            }
            guard case .operation(let read) = decoded else { return }
            guard read.operation.device == file.device else {
                return try refuse(file, line.number, Phrase("device {device} wrote it, but the file is in device {device2}'s journal", ["device": "\(read.operation.device)", "device2": "\(file.device)"]), state: &state)
            }
            try takeOperation(read)
        }

        /// Stores an operation read from the folder (or released from waiting) and notes what it
        /// changes; holds it when it is stamped too far ahead of this machine's clock.
        private mutating func takeOperation(_ read: JournalLine.Operation, released: Bool = false) throws {
            var operation = read.operation
            // What a device withdrew is taken by no line of it again (read again, or late).
            if try tables.isWithdrawn(device: operation.device, id: operation.id) { return }
            if let existing = try tables.operation(device: operation.device, id: operation.id) {
                guard existing.line != operation.line else { return }
                operation.id = existing.id
                return try dispute(existing, operation, change: read.change)
            }
            if !released {
                // A line of the same device held under the same id is decided as a stored one
                // is (see ``dispute``): the one stamped first keeps the id, whichever came first.
                if let held = try tables.held(device: operation.device, id: read.operation.id) {
                    if held.line == operation.line { return }
                    if SyncMerge.keepsID(held, over: (operation.clock, operation.device, operation.line)) {
                        return try refuseDuplicate(device: operation.device, id: operation.id, of: held.device)
                    }
                    try tables.releaseHeld(device: held.device, id: operation.id)
                    try refuseDuplicate(device: held.device, id: operation.id, of: operation.device)
                }
                let due = ClockTolerance.due(operation.clock, putting: read.change)
                if due > now {
                    // What it withdraws that waits here too goes at once: it was never shown.
                    for id in read.withdraws where try tables.held(device: operation.device, id: id) != nil {
                        try tables.withdraw(device: operation.device, id: id)
                        try tables.releaseHeld(device: operation.device, id: id)
                    }
                    try tables.hold(operation, until: due, ahead: max(0, HybridClock.milliseconds(operation.clock) - now))
                    report.held += 1
                    return
                }
            }
            if let other = try tables.operation(id: operation.id), other.device != operation.device {
                // Another device's line under the same id: each stands as its own device's
                // change (whichever came first keeps the id here), so no device can take away
                // another's change, and every machine decides the record alike.
                operation.id = SyncTables.apartID(operation.id, device: operation.device)
                try noteRepeatedID(device: operation.device, id: read.operation.id, of: other.device)
            }
            for id in read.withdraws { try withdraw(id, by: operation) }
            // Only concurrency needs the record's operation before this one, and a log joining
            // reports none: a new machine taking a large log skips a lookup an operation.
            let previous = joining ? nil : try tables.winner(operation.kind, id: operation.entityID)
            try tables.insert(operation)
            report.operations += 1
            journal.observe(clock: operation.clock)
            try touch(RecordKey(kind: operation.kind, id: operation.entityID))
            try noteNew(operation.id, read.change)
            // A line written as this device that this log never wrote: a twin.
            if operation.device == journal.device { foundTwin = true }
            let ahead = HybridClock.milliseconds(operation.clock) - now
            // Only a stamp taken from the writer's own wall clock (counter 0) shows its skew: a
            // device that saw a clock running ahead stamps after it, with a counter, honestly.
            if ahead > SyncMerge.skewReported, HybridClock.isFromWallClock(operation.clock) {
                let setting = SyncSetting.skew(of: operation.device)
                if ahead > Int64(try tables.value(setting) ?? "0") ?? 0 { try tables.set(setting, to: String(ahead)) }
            }
            // Two devices' edits from one version, or two twins' (one device id on two disks):
            // a device's own edits follow each other, each made on the version before it.
            if let previous, !joining { try noteConcurrency(read, previous) }
        }

        /// Two lines claim one operation id. Every machine keeps the same one, whichever it read
        /// first (see ``SyncMerge/keepsID(_:over:)``); the other is refused and named.
        private mutating func dispute(_ existing: SyncOperation, _ operation: SyncOperation, change: LogChange) throws {
            // A line of this device's own that its journal no longer holds as written: a machine
            // that joins now would read only the other line.
            if existing.device == journal.device { ownLinesRewritten.insert(existing.id) }
            if SyncMerge.keepsID((existing.clock, existing.device, existing.line), over: (operation.clock, operation.device, operation.line)) {
                return try refuseDuplicate(device: operation.device, id: operation.id, of: existing.device)
            }
            try tables.removeOperation(id: existing.id)
            displaced.insert(RecordKey(kind: existing.kind, id: existing.entityID))
            try tables.insert(operation)
            try touch(RecordKey(kind: existing.kind, id: existing.entityID))
            try touch(RecordKey(kind: operation.kind, id: operation.entityID))
            try noteNew(operation.id, change)
            try refuseDuplicate(device: existing.device, id: existing.id, of: operation.device)
        }

        private mutating func refuseDuplicate(device: String, id: String, of owner: String) throws {
            try tables.record(SyncRefusal(
                path: "\(SyncFolder.journalName)/\(device)/\(id)", line: 0,
                reason: Phrase("operation {id} repeats the id of an operation of device {owner}; it is ignored on every machine", ["id": id, "owner": owner])))
            report.refused += 1
        }

        /// Removes an operation its own device withdrew: an earlier stamp of the same record,
        /// which it stamped again after its clock was set right (so the record always keeps the
        /// new stamp). A withdrawal of another device's operation, or of another record's, is
        /// ignored and named: no device takes away what another wrote, and no record is left
        /// with nothing that decides it.
        private mutating func withdraw(_ id: String, by withdrawing: SyncOperation) throws {
            let device = withdrawing.device
            let record = RecordKey(kind: withdrawing.kind, id: withdrawing.entityID)
            if let withdrawn = try tables.operation(device: device, id: id) {
                guard withdrawn.kind == record.kind, withdrawn.entityID == record.id else {
                    try tables.record(SyncRefusal(
                        path: "\(SyncFolder.journalName)/\(device)/\(withdrawing.id)", line: 0,
                        reason: Phrase("a change of device {device} withdraws its operation {id}, which changed another record: ignored", ["device": device, "id": id])))
                    report.refused += 1
                    return
                }
                try tables.removeOperation(id: withdrawn.id)
                try touch(record)
            }
            try tables.withdraw(device: device, id: id)
            try tables.releaseHeld(device: device, id: id)
        }

        /// Names a line that repeats the id of another device's operation (both are kept).
        private mutating func noteRepeatedID(device: String, id: String, of owner: String) throws {
            try tables.record(SyncRefusal(
                path: "\(SyncFolder.journalName)/\(device)/\(id)", line: 0,
                reason: Phrase("operation {id} repeats the id of an operation of device {owner}; each is kept as its own device's change", ["id": id, "owner": owner])))
            report.refused += 1
        }

        /// Two devices changed one record without either seeing the other's change.
        private mutating func noteConcurrency(_ read: JournalLine.Operation, _ previous: SyncOperation) throws {
            let operation = read.operation
            guard let earlier = try? JournalLine.operation(previous.line) else { return }
            let concurrent = (read.base ?? 0) < previous.clock && (earlier.base ?? 0) < operation.clock
            guard concurrent, !(previous.deleted && operation.deleted), earlier.change != read.change else { return }
            let (winner, loser) = operation.wins(over: previous) ? (operation, previous) : (previous, operation)
            try tables.record(SyncConflict(
                kind: operation.kind, entityID: operation.entityID, winnerDevice: winner.device, winnerClock: winner.clock,
                loserDevice: loser.device, loserClock: loser.clock))
            report.conflicts += 1
        }

        private mutating func refuse(_ file: OpenedSyncFolder.JournalFile, _ line: Int, _ reason: Phrase, state: inout SyncFileState) throws {
            // The first few are named by place; the rest are only counted, so a file of a
            // million bad lines costs a counter, not a million rows.
            if state.refused < SyncMerge.refusalsNamedPerFile {
                try tables.record(SyncRefusal(path: file.relativePath, line: line, reason: reason))
            }
            state.refused += 1
            report.refused += 1
            if file.device == journal.device { ownLinesRefused = true }
        }

        // MARK: Waiting operations

        /// Applies the held operations whose time has come.
        mutating func releaseDueOperations() throws {
            for held in try tables.heldLines(dueBy: now) {
                try tables.releaseHeld(device: held.device, id: held.id)
                guard let read = try? JournalLine.operation(held.line) else { continue }
                try takeOperation(read, released: true)
            }
        }

        /// When this device's clock ran ahead and was set right, stamps again, at the right
        /// time, what it stamped while it ran ahead, and withdraws the old stamps, so they do
        /// not go on winning over later changes once their time comes (see ``ClockRepair``).
        mutating func repairClock() throws {
            if let repaired = try ClockRepair.restamp(journal: journal, tables: tables, folder: folder, now: now) {
                report.ownClockRanAhead = repaired.skew
                for record in repaired.records { try touch(record) }
            }
        }

        // MARK: This device's journal

        /// True when this device's journal lacks some of its operations: a segment removed or
        /// cut short.
        func ownJournalNeedsRepair() throws -> Bool {
            let own = "\(SyncFolder.journalName)/\(journal.device)/"
            let files = folder.journalFiles().filter { $0.device == journal.device }
            let present = Set(files.map(\.relativePath))
            let states = try tables.fileStates()
            let removed = states.keys.contains { $0.hasPrefix(own) && !present.contains($0) }
            let cut = files.contains { file in states[file.relativePath].map { file.size < $0.readTo } ?? false }
            return removed || cut
        }

        /// Publishes again, whole, each transaction of this device's that its journal lacks, or
        /// holds only as another line under the same id (``ownLinesRewritten``).
        mutating func repairOwnJournal() throws {
            var written = Set<String>()
            // The lines the journal holds for a rewritten operation's id, as they are there.
            var linesOfRewritten: [String: Set<String>] = [:]
            for file in folder.journalFiles() where file.device == journal.device {
                guard let input = try? folder.open(file) else { continue }
                _ = try? JournalReader.readLines(input, from: 0, firstLine: 1) { line in
                    guard let text = line.text, let read = try? JournalLine.operation(text) else { return }
                    written.insert(read.operation.id)
                    if ownLinesRewritten.contains(read.operation.id) { linesOfRewritten[read.operation.id, default: []].insert(text) }
                }
            }
            var missing: [String: SyncTables.Unpublished] = [:]
            var order: [String] = []
            try tables.forEachOperation(device: journal.device) { operation in
                let rewritten = linesOfRewritten[operation.id].map { !$0.contains(operation.line) } ?? false
                guard !written.contains(operation.id) || rewritten else { return }
                // A format 1 line is a transaction of its own, written again with no commit line.
                let transaction = operation.transaction ?? SyncTables.Unpublished.standalonePrefix + operation.id
                if missing[transaction] == nil {
                    order.append(transaction)
                    missing[transaction] = SyncTables.Unpublished(
                        transaction: transaction, device: journal.device, firstClock: operation.clock, lastClock: operation.clock, operations: 0)
                }
                missing[transaction]!.lastClock = max(missing[transaction]!.lastClock, operation.clock)
            }
            for transaction in order {
                var unpublished = missing[transaction]!
                // The whole transaction goes again, with its commit line: its lines still in the
                // journal are read twice, which changes nothing.
                unpublished.again = true
                if unpublished.isStandalone {
                    unpublished.operations = 1
                } else {
                    try tables.forEachOperation(device: journal.device, transaction: transaction) { _ in unpublished.operations += 1 }
                }
                try tables.add(unpublished)
            }
        }

        /// Publishes again, as this device's own, what a former device id of this log changed
        /// and never published, where that change still decides the record.
        mutating func publishOrphaned() throws {
            let orphaned = try tables.list(.orphaned)
            guard !orphaned.isEmpty else { return }
            var changes: [LogChange] = []
            for entry in orphaned {
                let parts = entry.split(separator: " ").map(String.init)
                guard parts.count == 2 else { continue }
                let tables = self.tables
                let collect = { (operation: SyncOperation) throws in
                    guard try tables.winner(operation.kind, id: operation.entityID)?.id == operation.id,
                        let change = try? JournalLine.operation(operation.line)?.change
                    else { return }
                    changes.append(change)
                }
                if parts[1].hasPrefix("tx:") {
                    let transaction = String(parts[1].dropFirst(3))
                    if transaction.hasPrefix(SyncTables.Unpublished.standalonePrefix) {
                        if let operation = try tables.operation(id: String(transaction.dropFirst(SyncTables.Unpublished.standalonePrefix.count))) { try collect(operation) }
                    } else {
                        try tables.forEachOperation(device: parts[0], transaction: transaction, collect)
                    }
                } else if let since = Int64(parts[1]) {
                    // Written by an earlier HealthLog: the former device's changes after a clock.
                    try tables.forEachOperation(device: parts[0], after: since, collect)
                }
            }
            try journal.logChanged(changes)
            try tables.set(.orphaned, to: nil)
            report.republished += changes.count
        }

        // MARK: Touched records and new operations

        /// Notes that a new operation names `key`: in memory up to ``SyncMerge/keptInMemory``
        /// records, then in the scratch table.
        private mutating func touch(_ key: RecordKey) throws {
            if touched.count < SyncMerge.keptInMemory || touched.contains(key) {
                touched.insert(key)
                return
            }
            if !spilledTouched, !spilledNew { try tables.clearScratch() }
            spilledTouched = true
            try tables.scratchTouch(key.kind, id: key.id)
        }

        /// Notes the operation `id` as taken by this merge, with its decoded change kept in
        /// memory up to ``SyncMerge/keptInMemory`` operations (beyond, only its id, in the
        /// scratch table: its change is decoded again from its line).
        private mutating func noteNew(_ id: String, _ change: LogChange) throws {
            if newChanges[id] != nil || newChanges.count < SyncMerge.keptInMemory {
                newChanges[id] = change
                return
            }
            if !spilledTouched, !spilledNew { try tables.clearScratch() }
            spilledNew = true
            try tables.scratchNoteNew(id)
        }

        private func isNew(_ id: String) throws -> Bool {
            if newChanges[id] != nil { return true }
            return try spilledNew && tables.scratchIsNew(id)
        }

        private func isTouched(_ key: RecordKey) throws -> Bool {
            if touched.contains(key) { return true }
            return try spilledTouched && tables.scratchIsTouched(key.kind, id: key.id)
        }

        /// The records of `kind` new operations name, in batches: those in memory, then the
        /// scratch table's a page at a time.
        private func touchedBatches(_ kind: RecordKind, after: String?) throws -> [RecordKey]? {
            guard let after else { return touched.filter { $0.kind == kind }.sorted() }
            guard spilledTouched else { return nil }
            let ids = try tables.scratchTouched(kind, after: after, limit: 512)
            return ids.isEmpty ? nil : ids.map { RecordKey(kind: kind, id: $0) }
        }

        /// Calls `body` with every record of `kind` new operations name, a batch at a time.
        private mutating func forEachTouched(_ kind: RecordKind, _ body: (inout Merge, [RecordKey]) throws -> Void) throws {
            var after: String?
            while let batch = try touchedBatches(kind, after: after) {
                try body(&self, batch)
                // The scratch table's pages follow the in-memory batch ("" sorts before every id).
                after = after == nil ? "" : batch.last?.id
                if after == nil { return }
            }
        }

        // MARK: Showing

        /// Shows each record new operations name as its winning operation says (every record,
        /// with `everything`), profiles first; a profile that comes back brings back the
        /// readings and events that waited for it.
        mutating func show(everything: Bool) throws {
            // Records to show that no new operation names: every record (`everything`), and
            // those that waited for a profile shown again.
            var others: Set<RecordKey> = []
            if everything {
                for kind in RecordKind.allCases {
                    for id in try tables.recordIDs(kind) {
                        let key = RecordKey(kind: kind, id: id)
                        if !(try isTouched(key)) { others.insert(key) }
                    }
                }
            }
            for kind in RecordKind.allCases {
                var shownProfiles: [String] = []
                try forEachTouched(kind) { merge, keys in
                    for key in keys {
                        if let shown = try merge.show(key), kind == .profile, !shown.deleted { shownProfiles.append(key.id) }
                    }
                }
                for key in others.filter({ $0.kind == kind }).sorted() {
                    if let shown = try show(key), kind == .profile, !shown.deleted { shownProfiles.append(key.id) }
                }
                for profileID in shownProfiles {
                    for waiting in [RecordKind.event, .reading] {
                        try tables.forEachHiddenID(waiting, profileID: profileID) { id in
                            let key = RecordKey(kind: waiting, id: id)
                            if !(try isTouched(key)) { others.insert(key) }
                        }
                    }
                }
            }
            if spilledTouched || spilledNew { try tables.clearScratch() }
        }

        /// Shows one record; returns its winning operation.
        private mutating func show(_ key: RecordKey) throws -> SyncOperation? {
            guard let winner = try tables.winner(key.kind, id: key.id, withLine: { newChanges[$0] == nil }) else {
                // Its only operation lost its id to another line: shown nowhere, as on a machine
                // that read both lines at once.
                if displaced.contains(key) { try store.removeMerged(key.kind, id: key.id) }
                // Every operation on it was withdrawn: it stands as this log last showed it.
                return nil
            }
            let isNew = try isNew(winner.id)
            guard let change = newChanges[winner.id] ?? (try? JournalLine.operation(winner.line))?.change else { return nil }
            let before = try store.record(key.kind, id: key.id)
            let existed = before != nil
            let outcome: MergedRecordOutcome
            do {
                outcome = try store.applyMerged(change, at: HybridClock.milliseconds(winner.clock))
            } catch {
                try tables.record(SyncRefusal(path: "\(SyncFolder.journalName)/\(winner.device)", line: 0, reason: Phrase("operation {id}: {error}", ["id": "\(winner.id)"], terms: ["error": HealthSyncErrorPhrase.of(error)])))
                report.refused += 1
                return nil
            }
            var tally = report.tallies[winner.device]?[key.kind] ?? MergeReport.Tally()
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
            if !tally.isEmpty { report.tallies[winner.device, default: [:]][key.kind] = tally }
            return winner
        }

        // MARK: Publishing

        /// Publishes, as this device's own, the records the folder names that this log changed
        /// later (``JoinReconciliation``).
        mutating func keepLocalChanges() throws {
            for kind in RecordKind.allCases {
                try forEachTouched(kind) { merge, batch in
                    let keys = batch.map { (kind: $0.kind, id: $0.id) }
                    let changes = try JoinReconciliation.localChanges(store: merge.store, keys: keys, decoded: merge.newChanges)
                    try merge.journal.logChanged(changes)
                    merge.report.published += changes.count
                }
            }
        }

        /// Publishes, as this device's own, every record no operation names yet, a batch at a
        /// time: a log of any size joins in flat memory.
        mutating func publishUnnamed() throws {
            var published = 0
            for kind in RecordKind.allCases {
                try tables.forEachUnnamedRecordBatch(kind) { ids in
                    let changes = try store.records(kind, ids: ids)
                    try journal.logChanged(changes)
                    published += changes.count
                }
            }
            report.published += published
        }
    }
}
