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
        /// The ids this device wrote as before (a re-join, a twin found), shown under it.
        public var formerIDs: [String] = []
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

    /// Changes of one device held here because they were stamped (or put readings dated)
    /// further ahead of this machine's clock than the tolerance.
    public struct Held: Equatable, Sendable {
        public var device: String
        public var operations: Int
        /// How far ahead of this machine's clock the furthest of them was stamped when it came, in milliseconds.
        public var ahead: Int64
        /// When the last of them will be applied here, by this machine's clock (milliseconds).
        public var until: Int64
    }

    /// This device's changes another machine holds, because this machine's clock runs ahead of its.
    public struct HeldElsewhere: Equatable, Sendable {
        public var device: String
        public var name: String?
        public var operations: Int
        /// How far ahead of that machine's clock this one's ran, in milliseconds.
        public var ahead: Int64
        /// True when this machine's clock is the reason: it ran ahead by more than a merge
        /// reports as skew. Otherwise the changes are dated ahead (a reading's own date in the
        /// future), and the clock is not to blame.
        public var isClockAhead: Bool { ahead > SyncMerge.skewReported }
    }

    public var folder: String
    public var folderPresent: Bool
    /// Why the folder is not used, when it is there but another user owns it or others may
    /// write it: nothing is merged from it or written to it until that is set right.
    public var folderRefusal: Phrase?
    /// This device's id.
    public var device: String
    public var devices: [Device]
    /// Devices the family retired (`healthlog sync forget`, or replaced by a new id), not waited for.
    public var retired: [String] = []
    /// The devices whose device files retire this machine (a `healthlog sync forget` of it
    /// elsewhere): the family no longer waits for its changes.
    public var retiredBy: [String] = []
    /// Refused lines (at most 20) and how many in all.
    public var refusals: [SyncRefusal]
    public var refusedTotal: Int
    /// Concurrent edits (the latest 20) and how many in all.
    public var conflicts: [SyncConflict]
    public var conflictTotal: Int
    /// The engine's conflict copies in the folder (read as extra segments).
    public var conflictCopies: [String]
    /// What the journal folder holds that is not read (a link or folder where a segment should
    /// be, another user's file, a file others may write).
    public var ignored: [IgnoredEntry]
    /// Readings and events put but not shown: their profile is deleted or not yet known.
    public var hiddenReadings: Int
    public var hiddenEvents: Int
    /// True when the folder holds other machines' changes this log has not merged (a read-only
    /// log, `--no-sync`).
    public var unmerged: Bool
    /// True when some of this device's changes are not in its journal yet (the folder was
    /// missing, a disk was full, a command was stopped while writing it).
    public var journalBehind: Bool
    /// Devices whose latest change is not whole in the folder yet (lines of a transaction
    /// whose commit line has not come, or a line cut short): it is merged when the rest comes.
    public var partial: [String] = []
    /// Other devices' changes held here until their time.
    public var held: [Held] = []
    /// This device's changes other machines hold, because its clock runs ahead of theirs.
    public var heldElsewhere: [HeldElsewhere] = []
    /// How far this machine's own clock ran ahead before it was set right (milliseconds), and
    /// when that was found, for a week after.
    public var ownClockRanAhead: (ahead: Int64, foundAt: Int64)?
    /// This machine's clock when the status was taken (milliseconds since 1970).
    public var now: Int64 = 0
    /// The Syncthing folder `healthlog sync setup` shares the folder as, asked to rescan after
    /// each change; nil when the folder was shared some other way.
    public var syncthingFolder: String?

    public static func == (lhs: SyncStatus, rhs: SyncStatus) -> Bool {
        lhs.folder == rhs.folder && lhs.device == rhs.device && lhs.devices == rhs.devices && lhs.refusals == rhs.refusals
            && lhs.conflicts == rhs.conflicts && lhs.ignored == rhs.ignored && lhs.held == rhs.held && lhs.heldElsewhere == rhs.heldElsewhere
            && lhs.retired == rhs.retired && lhs.retiredBy == rhs.retiredBy && lhs.folderRefusal == rhs.folderRefusal && lhs.partial == rhs.partial && lhs.unmerged == rhs.unmerged && lhs.journalBehind == rhs.journalBehind
            && lhs.ownClockRanAhead?.ahead == rhs.ownClockRanAhead?.ahead && lhs.syncthingFolder == rhs.syncthingFolder
    }
}

extension FamilySync {
    /// How the shared log stands; `journal` is the log's (see ``journal(for:wallClock:temporaryFolder:)``).
    public static func status(_ store: RecordStore, journal: SyncJournal) throws(SyncError) -> SyncStatus {
        try status(store, folder: journal.folder, device: journal.device, now: journal.wallClockNow)
    }

    /// How the shared log stands, read from a log that may be read-only: `device` is the one
    /// it records.
    public static func status(_ store: RecordStore, folder: SyncFolder, device: String, now: Int64) throws(SyncError) -> SyncStatus {
        let tables = SyncTables(store)
        var folderRefusal: Phrase?
        let opened: OpenedSyncFolder?
        do {
            opened = try folder.open()
            folderRefusal = opened?.refusal(for: device)
        } catch {
            opened = nil
            if case .unsafe(let why) = error { folderRefusal = why }
        }
        return try SyncError.run {
            let summaries = try tables.devices()
            let claims = try DeviceClaims(tables, folder: opened, own: device, now: now, summaries: summaries)
            let retired = claims.retired
            var ids = Set(summaries.map(\.device))
            let folderDevices = opened?.deviceIDs() ?? []
            var deviceFiles: [String: DeviceFile] = [:]
            for id in folderDevices { if let file = opened?.deviceFile(of: id) { deviceFiles[id] = file } }
            // A folder with no device file and no change this log could read is not a device
            // (garbage someone put there): status names it, and nobody waits for it.
            var notDevices: [SyncStatus.IgnoredEntry] = []
            for id in folderDevices where deviceFiles[id] == nil && !ids.contains(id) && id != device {
                notDevices.append(.init(path: "\(SyncFolder.journalName)/\(id)", reason: Phrase("no device file and no change that could be read: not a device, not waited for")))
            }
            ids.formUnion(folderDevices.filter { deviceFiles[$0] != nil })
            ids.insert(device)
            let skews = Dictionary(try tables.values(withPrefix: SyncSetting.skewPrefix).map { (String($0.key.dropFirst(SyncSetting.skewPrefix.count)), Int64($0.value) ?? 0) }) { a, _ in a }
            let files = opened?.journalFiles() ?? []
            let present = Set(files.map(\.device))
            // A device that names former ids of itself shows them under it, once.
            let formerOf = claims.formerOf.mapValues { $0.filter(ids.contains) }
            let shownUnderAnother = Set(formerOf.values.joined())
            var devices: [SyncStatus.Device] = []
            for id in ids.sorted() where id == device || (!retired.contains(id) && !shownUnderAnother.contains(id)) {
                let summary = summaries.first { $0.device == id }
                let file = deviceFiles[id]
                var waiting: Int?
                if id != device, file != nil {
                    waiting = try tables.operationCount(device: device, after: claims.mergedOfOwn[id] ?? 0)
                }
                let updated = file?.updated
                let former = Set(formerOf[id] ?? [])
                let formerSummaries = summaries.filter { former.contains($0.device) }
                var entry = SyncStatus.Device(
                    id: id, name: file?.name, app: file?.app,
                    isThisDevice: id == device, operations: (summary?.operations ?? 0) + formerSummaries.reduce(0) { $0 + $1.operations },
                    lastChange: (([summary].compactMap { $0 } + formerSummaries).map(\.lastClock).max()).map(HybridClock.milliseconds),
                    lastMerge: updated, waiting: waiting, clockAhead: skews[id])
                entry.formerIDs = (formerOf[id] ?? []).sorted()
                entry.journalMissing = folder.exists && id != device && (summary?.operations ?? 0) > 0 && !present.contains(id)
                devices.append(entry)
            }
            let refusals = try tables.refusals(limit: 20)
            var conflicts = try tables.conflicts(limit: 20)
            for index in conflicts.conflicts.indices {
                let conflict = conflicts.conflicts[index]
                let change = { (device: String, clock: Int64) throws -> LogChange? in
                    try tables.operation(conflict.kind, id: conflict.entityID, clock: clock, device: device)
                        .flatMap { try? JournalLine.operation($0.line)?.change }
                }
                guard let loser = try change(conflict.loserDevice, conflict.loserClock) else { continue }
                conflicts.conflicts[index].lost = ConflictDifference.lost(winner: try change(conflict.winnerDevice, conflict.winnerClock), loser: loser)
            }
            var heldElsewhere: [SyncStatus.HeldElsewhere] = []
            for (id, entry) in claims.heldOfOwn.sorted(by: { $0.key < $1.key }) {
                heldElsewhere.append(.init(device: id, name: deviceFiles[id]?.name, operations: entry.operations, ahead: entry.aheadMs))
            }
            var ownClock: (ahead: Int64, foundAt: Int64)?
            if let text = try tables.value(.ownClockRanAhead) {
                let parts = text.split(separator: " ").compactMap { Int64($0) }
                if parts.count == 2, now - parts[1] < 7 * 86_400_000 { ownClock = (parts[0], parts[1]) }
            }
            let unread = opened?.ignoredEntries() ?? []
            var status = SyncStatus(
                folder: folder.path, folderPresent: folder.exists, device: device, devices: devices,
                refusals: refusals.refusals, refusedTotal: refusals.total, conflicts: conflicts.conflicts, conflictTotal: conflicts.total,
                conflictCopies: files.filter(\.isConflictCopy).map(\.relativePath), ignored: unread.filter { entry in
                    // The refused journal folder is said once, as the folder's refusal.
                    folderRefusal == nil || (entry.path != SyncFolder.journalName && entry.path != "\(SyncFolder.journalName)/\(device)")
                } + claims.refused + notDevices.filter { entry in
                    !unread.contains { $0.path == entry.path || $0.path.hasPrefix(entry.path + "/") }
                },
                hiddenReadings: try tables.hiddenCount(.reading), hiddenEvents: try tables.hiddenCount(.event),
                unmerged: try folderRefusal == nil && SyncMerge.hasNews(store: store, folder: folder, device: device, now: now, countingOwnBacklog: false),
                journalBehind: try tables.hasUnpublished() || tables.value(.orphaned) != nil)
            status.retired = retired.filter(ids.contains).sorted()
            status.retiredBy = claims.retiredBy
            // A file read to its size but not to its end: its last change is not whole yet.
            let states = try tables.fileStates()
            status.partial = Array(Set(files.filter { file in
                guard file.device != device, let state = states[file.relativePath] else { return false }
                return state.size == file.size && state.readTo < file.size
            }.map(\.device))).sorted()
            status.folderRefusal = folderRefusal
            status.held = try tables.heldByDevice().map {
                .init(device: $0.device, operations: $0.count, ahead: $0.ahead, until: $0.latestDue)
            }
            status.heldElsewhere = heldElsewhere
            status.ownClockRanAhead = ownClock
            status.now = now
            status.syncthingFolder = try tables.value(.syncthingFolder)
            return status
        }
    }
}
