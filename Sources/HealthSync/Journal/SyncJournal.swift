#if canImport(Glibc)
    import Glibc
#endif
public import HealthCore
public import HealthRecords

/// This machine's side of a shared log: every change made through the log's one write path
/// becomes an operation, stored in the log in the same transaction as the change; once the
/// log has committed it, the transaction's operations and its commit line are written to this
/// device's journal (see ``JournalPublisher``). Until they are there, the transaction waits in
/// the log as unpublished, and the next command writes it: a change the log rolled back never
/// reaches the journal, and one it committed always does.
///
/// ```swift
/// if let journal = try SyncJournal.attached(to: store, wallClock: clock) { store.changeObserver = journal }
/// ```
public final class SyncJournal: LogChangeObserver {
    /// The shared folder.
    public let folder: SyncFolder
    /// This device's id.
    public private(set) var device: String
    private unowned let store: RecordStore
    private var tables: SyncTables { SyncTables(store) }
    private let wallClock: () -> Int64
    private let temporaryFolder: String
    /// The greatest clock stamped or seen, as far as this process knows.
    private var lastClock: Int64
    /// The transaction being written.
    private var open: OpenTransaction?

    /// Why this device's latest changes could not be written to its journal (they are kept in
    /// the log and written at the next merge), or nil when every change reached the journal.
    public private(set) var unwrittenReason: Phrase?
    /// True once this journal wrote to the shared folder (a transaction's lines, the device
    /// file): the sync engine has something new to send.
    public private(set) var wroteToFolder = false
    /// How many operations this journal wrote from the log, not as they were made: changes a
    /// missing folder, a full disk or a crash had kept from the journal until now.
    private(set) var republished = 0

    private struct OpenTransaction {
        let id: String
        let staging: JournalStaging
        var firstClock: Int64 = 0
        var lastClock: Int64 = 0
        var operations = 0
    }

    private init(store: RecordStore, folder: SyncFolder, device: String, wallClock: @escaping () -> Int64, temporaryFolder: String) throws(SyncError) {
        self.store = store
        self.folder = folder
        self.device = device
        self.wallClock = wallClock
        self.temporaryFolder = temporaryFolder
        lastClock = 0
        lastClock = try storedClock()
    }

    /// The journal of the log `store` when the log is shared, else nil. A log file copied to
    /// another machine or path (a restored backup, a copy) gets a device id of its own there,
    /// so two machines never write one journal.
    public static func attached(
        to store: RecordStore, wallClock: @escaping () -> Int64, temporaryFolder: String = "/tmp"
    ) throws(SyncError) -> SyncJournal? {
        let tables = SyncTables(store)
        guard let folderPath = try SyncError.run({ try tables.value(.folder) }) else { return nil }
        let device = try SyncError.run { () throws -> String in
            try store.write {
                let here = machineIdentity(databasePath: store.path)
                if let device = try tables.value(.device), SyncFolder.isDeviceID(device), try tables.value(.machine) == here {
                    return device
                }
                let device = SyncFolder.newDeviceID()
                if let former = try tables.value(.device), SyncFolder.isDeviceID(former) {
                    try SyncJournal.handOver(from: former, to: device, tables: tables)
                }
                try tables.set(.device, to: device)
                try tables.set(.machine, to: here)
                return device
            }
        }
        return try SyncJournal(store: store, folder: SyncFolder(path: folderPath), device: device, wallClock: wallClock, temporaryFolder: temporaryFolder)
    }

    /// The journal `store` will have as a member of the shared log in `folder`, under a new
    /// device id; ``registerMembership()`` makes it one, inside the join's one transaction.
    static func joining(
        _ store: RecordStore, folder: SyncFolder, wallClock: @escaping () -> Int64, temporaryFolder: String
    ) throws(SyncError) -> SyncJournal {
        try SyncJournal(store: store, folder: folder, device: SyncFolder.newDeviceID(), wallClock: wallClock, temporaryFolder: temporaryFolder)
    }

    /// Records this log as a member of the shared log, as this device.
    func registerMembership() throws {
        try tables.set(.folder, to: folder.path)
        try tables.set(.device, to: device)
        try tables.set(.machine, to: SyncJournal.machineIdentity(databasePath: store.path))
        try tables.set(.joining, to: "1")
        lastClock = max(lastClock, try storedClock())
    }

    /// This log stops writing as `former` and writes as `device` from now on: what `former`
    /// had not published yet is published again as `device`'s own (the former journal is not
    /// this log's to append to: the original log, or a twin, may still write it).
    private static func handOver(from former: String, to device: String, tables: SyncTables) throws {
        for unpublished in try tables.unpublished() where unpublished.device == former {
            try tables.append("\(former) tx:\(unpublished.transaction)", to: .orphaned)
            try tables.removeUnpublished(unpublished.transaction)
        }
        try tables.append(former, to: .formerDevices)
    }

    /// Takes a new device id: lines written as this device that this log never wrote were found
    /// (a disk image of this machine restored on another one writes as it). Both machines
    /// take new ids when they see the other's lines, so they never write one journal again.
    func takeNewDeviceID() throws {
        let former = device
        device = SyncFolder.newDeviceID()
        try SyncJournal.handOver(from: former, to: device, tables: tables)
        try tables.set(.device, to: device)
    }

    /// This machine and this log file: `/etc/machine-id` (else the host name) and the file's real path.
    static func machineIdentity(databasePath: String) -> String {
        var machine = (try? FileBytes.read("/etc/machine-id", limit: 4096)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        machine = machine.filter { !$0.isWhitespace }
        if machine.isEmpty { machine = hostName() }
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let real = realpath(databasePath, &resolved) != nil ? cText(resolved) : databasePath
        return machine + " " + real
    }

    /// Notes a write to the shared folder made for this device besides its lines (its device file).
    func noteFolderWrite() { wroteToFolder = true }

    /// This machine's host name.
    static func hostName() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return cText(name)
    }

    /// The text of a NUL-terminated buffer.
    private static func cText(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - The clock

    private func storedClock() throws(SyncError) -> Int64 {
        try SyncError.run { Int64(try tables.value(.clock) ?? "0") ?? 0 }
    }

    /// Takes in a clock seen in another device's operation: this device's next one is later.
    /// A merge holds back operations stamped too far ahead (see ``ClockTolerance``), so no
    /// other machine's clock pulls this one beyond its own time and the tolerance.
    func observe(clock: Int64) {
        lastClock = max(lastClock, min(clock, HybridClock.stamp(milliseconds: wallClock() + ClockTolerance.ahead)))
    }

    /// The wall clock, in milliseconds since 1970.
    var wallClockNow: Int64 { wallClock() }

    /// The greatest clock stamped or seen.
    var latestClock: Int64 { lastClock }

    /// Sets the greatest clock seen back to `clock`, after this device withdrew the
    /// operations a clock that ran ahead stamped (see ``ClockRepair``).
    func rewind(to clock: Int64) {
        lastClock = clock
    }

    // MARK: - LogChangeObserver

    public func logChanged(_ changes: [LogChange]) throws {
        for change in changes {
            if case .restored = change {
                try tables.set(.reconcile, to: "1")
                continue
            }
            try stamp(change, withdrawing: [])
        }
    }

    /// Records `change` again, stamped `clock` (the time it was really made, see
    /// ``ClockRepair``) after `base`, withdrawing this device's operations `ids`, stamped while
    /// its clock ran ahead.
    func restamp(_ change: LogChange, withdrawing ids: [String], clock: Int64, base: Int64?) throws {
        try stamp(change, withdrawing: ids, at: (clock, base))
    }

    private func stamp(_ change: LogChange, withdrawing: [String], at given: (clock: Int64, base: Int64?)? = nil) throws {
        guard let target = JournalLine.target(of: change) else { return }
        if open == nil {
            open = OpenTransaction(id: JournalLine.newTransactionID(), staging: JournalStaging(temporaryFolder: temporaryFolder))
            // Another process of this machine may have stamped since this one last looked.
            lastClock = max(lastClock, try storedClock())
        }
        let base = try given.map(\.base) ?? tables.winner(target.kind, id: target.id.asciiLowercased())?.clock
        let clock = try given?.clock ?? HybridClock.next(after: lastClock, milliseconds: wallClock())
        guard let operation = JournalLine.operation(
            for: change, id: RandomUUID.make(), transaction: open!.id, clock: clock, device: device, base: base, withdrawing: withdrawing)
        else { return }
        guard operation.line.utf8.count <= JournalLine.maximumBytes else {
            throw SyncError.refused(
                Phrase("this change is too large to share with the other machines ({operation} KiB; at most {JournalLine} KiB): shorten its note or drop some tags", ["operation": "\(operation.line.utf8.count / 1024)", "JournalLine": "\(JournalLine.maximumBytes / 1024)"]))
        }
        try tables.insert(operation)
        try open!.staging.add(operation.line)
        if open!.operations == 0 { open!.firstClock = clock }
        open!.lastClock = max(open!.lastClock, clock)
        open!.operations += 1
        lastClock = max(lastClock, clock)
        // A profile made again brings back what other machines recorded for it meanwhile.
        if case .profilePut(let profile) = change { try SyncMerge.showWaiting(for: profile.id, in: store) }
    }

    public func logWillCommit() throws {
        if let open, open.operations > 0 {
            try tables.add(SyncTables.Unpublished(
                transaction: open.id, device: device, firstClock: open.firstClock, lastClock: open.lastClock, operations: open.operations))
        }
        try tables.set(.clock, to: String(lastClock))
    }

    public func logRolledBack() {
        open?.staging.discard()
        open = nil
        lastClock = (try? storedClock()) ?? lastClock
    }

    public func logDidCommit() {
        let committed = open
        open = nil
        defer { committed?.staging.discard() }
        publishUnpublished(staged: committed)
    }

    // MARK: - Publishing

    /// Writes every committed transaction of this device's that its journal lacks, oldest
    /// first; `staged` is the one just committed, whose lines are still at hand. What cannot
    /// be written now (a missing folder, a full disk) stays unpublished for the next merge,
    /// and ``unwrittenReason`` says why.
    func publishUnpublished() { publishUnpublished(staged: nil) }

    private func publishUnpublished(staged: OpenTransaction?) {
        guard let pending = try? tables.unpublished().filter({ $0.device == device }), !pending.isEmpty else { return }
        let directory: OwnedDirectory
        do {
            guard folder.exists else { throw SyncError.folderMissing(folder.path) }
            let opened = try folder.open(preparingFor: device)
            guard let found = opened.deviceDirectory(device) else { throw SyncError.journal(Phrase("cannot open this device's journal folder")) }
            directory = found
        } catch {
            unwrittenReason = HealthSyncErrorPhrase.of(error)
            return
        }
        let publisher = JournalPublisher(directory: directory)
        var published: [String] = []
        var segments: [JournalPublisher.Written.Segment] = []
        for transaction in pending {
            let commit = transaction.isStandalone
                ? nil
                : JournalLine.commitLine(transaction: transaction.transaction, device: device, operations: transaction.operations, clock: transaction.lastClock)
            do {
                let written: JournalPublisher.Written
                if let staged, staged.id == transaction.transaction {
                    written = try publisher.publish(transaction: transaction.transaction, commitLine: commit) { emit in try staged.staging.replay(emit) }
                } else {
                    // Written again from the log: after a crash, a full disk or a missing folder.
                    written = try publisher.publish(transaction: transaction.transaction, commitLine: commit, alreadyThere: !transaction.isStandalone && !transaction.again) { emit in
                        try store.read {
                            if transaction.isStandalone {
                                let id = String(transaction.transaction.dropFirst(SyncTables.Unpublished.standalonePrefix.count))
                                if let operation = try tables.operation(id: id) {
                                    var line = operation.line + "\n"
                                    try line.withUTF8 { try emit(UnsafeRawBufferPointer($0)) }
                                }
                            } else {
                                try tables.forEachOperation(device: device, transaction: transaction.transaction) { operation in
                                    var line = operation.line + "\n"
                                    try line.withUTF8 { try emit(UnsafeRawBufferPointer($0)) }
                                }
                            }
                        }
                    }
                    if !written.segments.isEmpty { republished += transaction.operations }
                }
                segments += written.segments
                published.append(transaction.transaction)
            } catch {
                unwrittenReason = HealthSyncErrorPhrase.of(error)
                break
            }
        }
        guard !published.isEmpty else { return }
        wroteToFolder = true
        if published.count == pending.count { unwrittenReason = nil }
        // Noted in the log; if this does not happen (a crash), the next merge finds the commit
        // lines in the journal and notes them then.
        _ = try? store.write {
            for transaction in published { try tables.removeUnpublished(transaction) }
            let states = try tables.fileStates()
            for segment in segments {
                let relative = "\(SyncFolder.journalName)/\(device)/\(segment.name)"
                let known = states[relative] ?? SyncFileState(path: relative, size: 0, modified: 0, prefixHash: "", readTo: 0, lines: 0)
                // What this process wrote is known line by line only when the log had read the
                // segment up to where the append began; otherwise the merge reads it.
                guard known.readTo == segment.start else { continue }
                var state = known
                state.size = segment.size
                state.modified = segment.modified
                state.readTo = segment.size
                state.lines += segment.lines
                state.prefixHash = segment.prefixHash
                try tables.save(state)
            }
        }
    }
}
