#if canImport(Glibc)
    import Glibc
#endif
public import HealthCore
public import HealthRecords

/// This machine's side of a shared log: every change made through the log's one write path
/// becomes an operation, stored in the log and appended to this device's journal in the same
/// transaction, flushed before it commits and cut back if it rolls back.
///
/// ```swift
/// if let journal = try SyncJournal.attached(to: store, wallClock: clock) { store.changeObserver = journal }
/// ```
public final class SyncJournal: LogChangeObserver {
    /// The shared folder.
    public let folder: SyncFolder
    /// This device's id.
    public let device: String
    private unowned let store: RecordStore
    private let wallClock: () -> Int64
    private var lastClock: Int64
    private var appender: JournalAppender?
    private var segment = 0
    /// The segment's size before this transaction's first line, to cut back to on a rollback.
    private var sizeAtStart: Int64?
    private var linesThisTransaction = 0
    private var pending: [UInt8] = []
    /// True once this transaction's lines could not be written: the rest wait for the next merge.
    private var writeFailedThisTransaction = false

    /// Why this device's latest changes could not be written to its journal (they are kept in
    /// the log and written at the next merge), or nil when every change reached the journal.
    public private(set) var unwrittenReason: Phrase?
    /// False when the last committed transaction's lines could not be written to the journal.
    private(set) var lastTransactionWritten = true

    /// The keys of this machine's sync settings.
    enum Key {
        static let folder = "folder"
        static let device = "device"
        static let machine = "machine"
        static let clock = "clock"
        /// Set when operations could not be appended (the folder was missing): the next merge
        /// re-appends them. Its value is the last clock the journal had before.
        static let behind = "journal-behind"
        /// Devices this log wrote as before it moved or was copied while its journal was behind,
        /// each with the last clock that journal had ("device clock", one per line): the next
        /// merge publishes their unwritten operations again as this device's own.
        static let orphaned = "orphaned-operations"
        /// Set by a restore: the next merge shows every record as the shared log decides, and publishes what only the backup had.
        static let reconcile = "reconcile"
        /// The HealthLog version that last merged: a new one reads every file again.
        static let reader = "reader-version"
    }

    private init(store: RecordStore, folder: SyncFolder, device: String, wallClock: @escaping () -> Int64) throws(SyncError) {
        self.store = store
        self.folder = folder
        self.device = device
        self.wallClock = wallClock
        lastClock = try SyncError.run { Int64(try store.syncSetting(Key.clock) ?? "0") ?? 0 }
    }

    /// The journal of the log `store` when the log is shared, else nil. A log file copied to
    /// another machine or path (a restored backup, a copy) gets a device id of its own there,
    /// so two machines never write one journal.
    public static func attached(to store: RecordStore, wallClock: @escaping () -> Int64) throws(SyncError) -> SyncJournal? {
        guard let folderPath = try SyncError.run({ try store.syncSetting(Key.folder) }) else { return nil }
        let device = try SyncError.run { () throws -> String in
            try store.write {
                let here = machineIdentity(databasePath: store.path)
                if let device = try store.syncSetting(Key.device), SyncFolder.isDeviceID(device), try store.syncSetting(Key.machine) == here {
                    return device
                }
                let device = SyncFolder.newDeviceID()
                // Operations the former device made while its journal was behind were never
                // written: this device publishes them again (the former journal is not this
                // device's to append to: the original log may still write it).
                if let former = try store.syncSetting(Key.device), SyncFolder.isDeviceID(former),
                    let since = try store.syncSetting(Key.behind)
                {
                    let earlier = try store.syncSetting(Key.orphaned).map { $0 + "\n" } ?? ""
                    try store.setSyncSetting(Key.orphaned, to: earlier + former + " " + (Int64(since).map(String.init) ?? "0"))
                }
                try store.setSyncSetting(Key.device, to: device)
                try store.setSyncSetting(Key.machine, to: here)
                return device
            }
        }
        return try SyncJournal(store: store, folder: SyncFolder(path: folderPath), device: device, wallClock: wallClock)
    }

    /// Makes `store` a member of the shared log in `folder` with a new device id.
    static func join(_ store: RecordStore, folder: SyncFolder, wallClock: @escaping () -> Int64) throws(SyncError) -> SyncJournal {
        let device = SyncFolder.newDeviceID()
        try SyncError.run {
            try store.write {
                try store.setSyncSetting(Key.folder, to: folder.path)
                try store.setSyncSetting(Key.device, to: device)
                try store.setSyncSetting(Key.machine, to: machineIdentity(databasePath: store.path))
            }
        }
        return try SyncJournal(store: store, folder: folder, device: device, wallClock: wallClock)
    }

    /// This machine and this log file: `/etc/machine-id` (else the host name) and the file's real path.
    static func machineIdentity(databasePath: String) -> String {
        var machine = (try? FileBytes.read("/etc/machine-id")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        machine = machine.filter { !$0.isWhitespace }
        if machine.isEmpty { machine = hostName() }
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let real = realpath(databasePath, &resolved) != nil ? cText(resolved) : databasePath
        return machine + " " + real
    }

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

    /// Takes in a clock seen in another device's operation: this device's next one is later.
    func observe(clock: Int64) {
        lastClock = max(lastClock, clock)
    }

    /// The greatest clock seen.
    var latestClock: Int64 { lastClock }

    /// The wall clock, in milliseconds since 1970.
    var wallClockNow: Int64 { wallClock() }

    // MARK: - LogChangeObserver

    public func logChanged(_ changes: [LogChange]) throws {
        for change in changes {
            if case .restored = change {
                try store.setSyncSetting(Key.reconcile, to: "1")
                continue
            }
            guard let target = JournalLine.target(of: change) else { continue }
            let base = try store.winningSyncOperation(target.entity, id: target.id.asciiLowercased())?.clock
            let clock = HybridClock.next(after: lastClock, milliseconds: wallClock())
            guard let operation = JournalLine.operation(for: change, id: RandomUUID.make(), clock: clock, device: device, base: base) else { continue }
            guard operation.line.utf8.count <= JournalLine.maximumBytes else {
                throw SyncError.refused(
                    Phrase("this change is too large to share with the other machines ({operation} KiB; at most {JournalLine} KiB): shorten its note or drop some tags", ["operation": "\(operation.line.utf8.count / 1024)", "JournalLine": "\(JournalLine.maximumBytes / 1024)"]))
            }
            try store.insertSyncOperation(operation)
            lastClock = clock
            try append(line: operation.line)
            // A profile made again brings back what other machines recorded for it meanwhile.
            if case .profilePut(let profile) = change { try SyncMerge.showWaiting(for: profile.id, in: store) }
        }
        if pending.count >= 256 * 1024 { try writePending() }
    }

    public func logWillCommit() throws {
        try writePending()
        if let appender, sizeAtStart != nil {
            do {
                try appender.flush()
            } catch {
                try journalWriteFailed(error)
                try finishTransaction()
                return
            }
            let relative = "journal/\(device)/\(SyncFolder.segmentName(segment))"
            let previous = try store.syncFileStates()[relative]
            let size = appender.size
            try store.saveSyncFileState(SyncFileState(
                path: relative, size: size, modified: appender.modified,
                prefixHash: JournalReader.prefixHash(appender.path, bytes: size) ?? "", readTo: size,
                lines: (previous?.lines ?? 0) + linesThisTransaction))
        }
        try finishTransaction()
    }

    private func finishTransaction() throws {
        lastTransactionWritten = !writeFailedThisTransaction
        try store.setSyncSetting(Key.clock, to: String(lastClock))
        sizeAtStart = nil
        linesThisTransaction = 0
        writeFailedThisTransaction = false
    }

    public func logRolledBack() {
        if let appender, let sizeAtStart { appender.truncate(to: sizeAtStart) }
        sizeAtStart = nil
        linesThisTransaction = 0
        writeFailedThisTransaction = false
        pending.removeAll()
        lastClock = (try? store.syncSetting(Key.clock)).flatMap { $0.flatMap { Int64($0) } } ?? lastClock
    }

    // MARK: - Appending

    /// Queues `line` (an operation already stored) for this device's journal.
    func append(line: String) throws {
        pending.append(contentsOf: line.utf8)
        pending.append(UInt8(ascii: "\n"))
        linesThisTransaction += 1
    }

    private func writePending() throws {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        guard !writeFailedThisTransaction else { return }
        guard folder.exists else {
            // The operations are in the log; the next merge with the folder back appends them.
            try markBehind()
            unwrittenReason = SyncError.folderMissing(folder.path).phrase
            linesThisTransaction = 0
            return
        }
        do {
            let appender = try currentAppender()
            if sizeAtStart == nil {
                sizeAtStart = appender.size
                // The segment is shorter than this log last knew it (removed or cut while no
                // merge ran): the next merge writes the missing operations again.
                let relative = "journal/\(device)/\(SyncFolder.segmentName(segment))"
                if let known = try store.syncFileStates()[relative], appender.size < known.readTo { try markBehind() }
            }
            try appender.append(pending)
        } catch let error as SyncError {
            try journalWriteFailed(error)
        }
    }

    /// The journal could not be written (a full disk, a file made read-only): the change is kept
    /// in the log, the lines written so far are cut back, and the next merge writes them all.
    private func journalWriteFailed(_ error: SyncError) throws {
        if let appender, let sizeAtStart { appender.truncate(to: sizeAtStart) }
        appender = nil
        sizeAtStart = nil
        linesThisTransaction = 0
        writeFailedThisTransaction = true
        unwrittenReason = HealthSyncErrorPhrase.of(error)
        try markBehind()
    }

    /// Remembers that the journal lacks operations from the last clock it had on.
    private func markBehind() throws {
        if try store.syncSetting(Key.behind) == nil {
            try store.setSyncSetting(Key.behind, to: try store.syncSetting(Key.clock) ?? "0")
        }
    }

    /// The segment to append to, opened inside the write lock; a new one once the current one
    /// passes about 1 MiB (only between transactions, so a rollback cuts one file).
    private func currentAppender() throws(SyncError) -> JournalAppender {
        if let appender, sizeAtStart != nil || appender.size < SyncFolder.segmentBytes { return appender }
        try folder.prepare(device: device)
        if segment == 0 {
            segment = SyncFolder.entries(of: folder.deviceFolder(device)).compactMap(SyncFolder.segmentNumber).max() ?? 1
        }
        var opened = try JournalAppender(path: folder.segmentPath(device: device, number: segment))
        if opened.size >= SyncFolder.segmentBytes {
            segment += 1
            opened = try JournalAppender(path: folder.segmentPath(device: device, number: segment))
        }
        appender = opened
        return opened
    }
}
