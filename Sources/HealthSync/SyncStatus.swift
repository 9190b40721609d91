public import HealthCore
public import HealthRecords

/// How a shared log stands, as `healthlog sync status` shows it.
public struct SyncStatus: Equatable, Sendable {
    /// One device of the shared log.
    public struct Device: Equatable, Sendable {
        public var id: String
        /// Its host name, from its device file.
        public var name: String?
        /// The HealthLog version that last wrote its device file.
        public var app: String?
        public var isThisDevice: Bool
        /// The operations this log holds from it.
        public var operations: Int
        /// When its latest operation was made (its clock), in milliseconds since 1970.
        public var lastChange: Int64?
        /// When it last merged, in milliseconds since 1970, by its own clock.
        public var lastMerge: Int64?
        /// This device's operations it has not merged yet; nil when it never said.
        public var waiting: Int?
        /// How far its clock ran ahead of this machine's, in milliseconds, when it did.
        public var clockAhead: Int64?
        /// True when this log holds changes of another device whose journal is no longer in the
        /// folder (a retired laptop's folder tidied away): machines that had not merged them lack them.
        public var journalMissing = false
    }

    /// Something in the journal folder that is not read, and why.
    public struct IgnoredEntry: Equatable, Sendable {
        /// Its path inside the shared folder.
        public var path: String
        /// Why it is not read, in the reader's language (see ``Phrase``).
        public var phrase: Phrase
        /// Why, in English.
        public var reason: String { phrase.english }

        public init(path: String, reason: Phrase) {
            self.path = path
            self.phrase = reason
        }
    }

    public var folder: String
    public var folderPresent: Bool
    /// This device's id.
    public var device: String
    public var devices: [Device]
    /// Refused lines (at most 20) and how many in all.
    public var refusals: [SyncRefusal]
    public var refusedTotal: Int
    /// Concurrent edits (the latest 20) and how many in all.
    public var conflicts: [SyncConflict]
    public var conflictTotal: Int
    /// The engine's conflict copies in the folder (read as extra segments).
    public var conflictCopies: [String]
    /// What the journal folder holds that is not read (a link or folder where a segment should be).
    public var ignored: [IgnoredEntry]
    /// Readings and events put but not shown: their profile is deleted or not yet known.
    public var hiddenReadings: Int
    public var hiddenEvents: Int
    /// True when the folder holds other machines' changes this log has not merged (a read-only
    /// log, `--no-sync`).
    public var unmerged: Bool
    /// True when some of this device's operations are not in its journal yet (the folder was missing).
    public var journalBehind: Bool
}

extension FamilySync {
    /// How the shared log stands; `journal` is the log's (see ``journal(for:wallClock:)``).
    public static func status(_ store: RecordStore, journal: SyncJournal) throws(SyncError) -> SyncStatus {
        try status(store, folder: journal.folder, device: journal.device)
    }

    /// How the shared log stands, read from a log that may be read-only: `device` is the one
    /// it records.
    public static func status(_ store: RecordStore, folder: SyncFolder, device: String) throws(SyncError) -> SyncStatus {
        let journal = (device: device, folder: folder)
        return try SyncError.run {
            let summaries = try store.syncDevices()
            var ids = Set(summaries.map(\.device))
            ids.formUnion(folder.devices())
            ids.insert(journal.device)
            let skews = Dictionary(try store.syncSettings(withPrefix: "skew.").map { (String($0.key.dropFirst(5)), Int64($0.value) ?? 0) }) { a, _ in a }
            var devices: [SyncStatus.Device] = []
            let files = folder.journalFiles()
            let present = Set(files.map(\.device))
            for id in ids.sorted() {
                let summary = summaries.first { $0.device == id }
                let file = readDeviceFile(folder.deviceFolder(id) + "/" + SyncFolder.deviceFileName)
                var waiting: Int?
                if id != journal.device, let merged = file?["merged"], let seen = merged[journal.device] ?? .some(.number("0")),
                    case .number(let digits) = seen, let clock = Int64(digits)
                {
                    waiting = try store.syncOperationCount(device: journal.device, after: clock)
                }
                let updated: Int64? = { if case .number(let digits)? = file?["updated"] { return Int64(digits) } else { return nil } }()
                devices.append(SyncStatus.Device(
                    id: id, name: file?["name"]?.string.map { String($0.prefix(64)) }, app: file?["app"]?.string.map { String($0.prefix(32)) },
                    isThisDevice: id == journal.device, operations: summary?.operations ?? 0,
                    lastChange: summary.map { HybridClock.milliseconds($0.lastClock) }, lastMerge: updated, waiting: waiting,
                    clockAhead: skews[id]))
                devices[devices.count - 1].journalMissing = folder.exists && id != journal.device && (summary?.operations ?? 0) > 0 && !present.contains(id)
            }
            let refusals = try store.syncRefusals(limit: 20)
            var conflicts = try store.syncConflicts(limit: 20)
            for index in conflicts.conflicts.indices {
                let conflict = conflicts.conflicts[index]
                let change = { (device: String, clock: Int64) throws -> LogChange? in
                    try store.syncOperation(conflict.entity, id: conflict.entityID, clock: clock, device: device)
                        .flatMap { try? JournalLine.decode($0.line).change }
                }
                guard let loser = try change(conflict.loserDevice, conflict.loserClock) else { continue }
                conflicts.conflicts[index].lost = ConflictDifference.lost(
                    winner: try change(conflict.winnerDevice, conflict.winnerClock), loser: loser)
            }
            let copies = files.filter(\.isConflictCopy).map(\.relativePath)
            return SyncStatus(
                folder: folder.path, folderPresent: folder.exists, device: journal.device, devices: devices,
                refusals: refusals.refusals, refusedTotal: refusals.total, conflicts: conflicts.conflicts, conflictTotal: conflicts.total,
                conflictCopies: copies, ignored: folder.ignoredEntries(), hiddenReadings: try store.hiddenSyncedRecordCount(.reading),
                hiddenEvents: try store.hiddenSyncedRecordCount(.event), unmerged: try SyncMerge.hasNews(store: store, folder: folder, device: journal.device, countingOwnBacklog: false),
                journalBehind: try store.syncSetting(SyncJournal.Key.behind) != nil)
        }
    }
}
