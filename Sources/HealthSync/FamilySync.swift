#if canImport(Glibc)
    import Glibc
#endif
import HealthCore
public import HealthRecords

/// What joining a shared log did.
public struct JoinReport: Equatable, Sendable {
    /// The shared folder.
    public var folder: String
    /// This device's id.
    public var device: String
    /// True when the folder already held another machine's log.
    public var joinedExisting: Bool
    /// True when this log was already a member of this folder.
    public var alreadyMember: Bool
    /// The merge that took in what was there and published what this log had.
    public var merge: MergeReport
}

/// What leaving a shared log found.
public struct LeaveReport: Equatable, Sendable {
    /// The folder left.
    public var folder: String
    /// Other devices that had not merged all of this device's changes, and how many they lacked
    /// (left with `--force`; otherwise leaving is refused while there are any).
    public var undelivered: [Undelivered]
    /// How many other devices (not retired) the shared log had.
    public var otherDevices = 0
    /// True when this log had changes never written to the folder (left with `--force`; they
    /// stay here and reach no other machine).
    public var unwritten = false

    /// A device that lacks some of this device's changes.
    public struct Undelivered: Equatable, Sendable {
        public var device: String
        public var name: String?
        public var changes: Int
        /// When it last merged, by its own clock (milliseconds since 1970).
        public var lastMerge: Int64?
    }
}

/// Family sync as a front end uses it: join a shared folder, merge it, and say how it stands.
///
/// HealthLog never lets the engine that copies the folder (Syncthing) touch the SQLite file:
/// each device appends its own operations to its own journal in the folder (``SyncJournal``),
/// and merges what the others wrote (``SyncMerge``).
public enum FamilySync {
    /// The journal of a shared log, to observe its changes; nil when the log is not shared.
    public static func journal(for store: RecordStore, wallClock: @escaping () -> Int64, temporaryFolder: String = "/tmp") throws(SyncError) -> SyncJournal? {
        try SyncJournal.attached(to: store, wallClock: wallClock, temporaryFolder: temporaryFolder)
    }

    /// The shared folder this log is a member of, or nil.
    public static func folderPath(of store: RecordStore) throws(SyncError) -> String? {
        try SyncError.run { try SyncTables(store).value(.folder) }
    }

    /// This log's device id in its shared log, or nil.
    public static func deviceID(of store: RecordStore) throws(SyncError) -> String? {
        try SyncError.run { try SyncTables(store).value(.device) }
    }

    /// Makes the log of `store` a member of the shared log in `folderPath` (an absolute path),
    /// creating it or joining the one there, in one transaction: this log takes every
    /// operation already there and publishes what it had before as its own. Stopped at any
    /// moment, it leaves the log as it was (not a member, nothing published) or a member whose
    /// every record is published or waits, committed, to be.
    public static func join(
        _ store: RecordStore, folder folderPath: String, existingJournal: SyncJournal?, wallClock: @escaping () -> Int64,
        temporaryFolder: String = "/tmp"
    ) throws(SyncError) -> JoinReport {
        let folder = SyncFolder(path: folderPath)
        try refuseFolderHoldingLog(folder, databasePath: store.path)
        if FileSystem.exists(folderPath), !FileSystem.isDirectory(folderPath) {
            throw .refused(Phrase("{folderPath} is a file, not a folder; give the folder the machines share", ["folderPath": "\(folderPath)"]))
        }
        if let existingJournal {
            guard FileSystem.sameFile(existingJournal.folder.path, folderPath) || existingJournal.folder.path == folderPath else {
                throw .refused(Phrase("this log already syncs through {path}; it can be a member of one shared log only", ["path": "\(existingJournal.folder.path)"]))
            }
            let merge = try mergeNow(store, journal: existingJournal)
            return JoinReport(folder: existingJournal.folder.path, device: existingJournal.device, joinedExisting: true, alreadyMember: true, merge: merge)
        }
        try refuseNestedSharedLog(folder)
        if !folder.exists {
            guard mkdir(folderPath, 0o700) == 0 || errno == EEXIST else {
                throw .journal(Phrase("cannot make the shared folder {path}: {reason}", ["path": folderPath], terms: ["reason": SystemMessage.phrase(errno)]))
            }
        }
        // The folder, and every folder above it, must be this user's alone.
        _ = try folder.open()
        let existing = folder.holdsSharedLog
        let journal = try SyncJournal.joining(store, folder: folder, wallClock: wallClock, temporaryFolder: temporaryFolder)
        let merge = try SyncMerge.merge(store: store, journal: journal, now: wallClock(), joining: true) { try journal.registerMembership() }
        try? writeDeviceFile(store, journal: journal)
        return JoinReport(folder: folder.path, device: journal.device, joinedExisting: existing, alreadyMember: false, merge: merge)
    }

    /// Ends this log's membership of its shared log. Its records stay; its journal stays in the
    /// folder for the other machines. Refused while this device has changes the folder lacks,
    /// or another device (not retired) has not merged all of them yet, unless `force`.
    public static func leave(_ store: RecordStore, force: Bool, now: Int64) throws(SyncError) -> LeaveReport {
        let tables = SyncTables(store)
        // Decided inside the write lock; the refusal is thrown once it is released.
        let outcome = try SyncError.run {
            try store.write { () throws -> (folder: String?, unwritten: Bool, report: LeaveReport?) in
                guard let folder = try tables.value(.folder) else { return (nil, false, nil) }
                let device = try tables.value(.device) ?? ""
                let unwritten = try tables.hasUnpublished() || tables.value(.orphaned) != nil
                let (undelivered, others) = try undeliveredChanges(store, folder: SyncFolder(path: folder), device: device, now: now)
                var report = LeaveReport(folder: folder, undelivered: undelivered)
                report.otherDevices = others
                report.unwritten = unwritten
                if !force, unwritten || !undelivered.isEmpty { return (folder, unwritten, report) }
                try tables.forgetMembership()
                // Kept, so that a re-join names this id as its former one: the other machines
                // then show the machine once, and stop waiting for the old id.
                if !device.isEmpty { try tables.append(device, to: .formerDevices) }
                return (folder, false, report)
            }
        }
        guard let folder = outcome.folder, let report = outcome.report else { throw .notSetUp }
        if outcome.unwritten {
            throw .refused(
                Phrase("this log has changes not yet written to {folder}; run 'healthlog sync' with the folder present first, or leave with --force (the other machines will not get them)", ["folder": "\(folder)"]))
        }
        if !force, let first = report.undelivered.first {
            let name = first.name.map { "\($0) (\(first.device.prefix(8)))" } ?? String(first.device.prefix(8))
            let others = report.undelivered.count - 1
            throw .refused(
                others == 1
                    ? Phrase(
                        "{device} and one other machine have not merged all of this machine's changes yet; keep the folder shared until they have (run 'healthlog sync' there; 'healthlog sync status' here shows what each machine has), or leave with --force",
                        ["device": name])
                    : others == 0
                    ? Phrase(
                        "{device} has not merged {changes} of this machine's changes yet; keep the folder shared until it has (run 'healthlog sync' there; 'healthlog sync status' here shows what each machine has), or leave with --force",
                        ["device": name, "changes": "\(first.changes)"])
                    : Phrase(
                        "{device} and {n} other machines have not merged all of this machine's changes yet; keep the folder shared until they have (run 'healthlog sync' there; 'healthlog sync status' here shows what each machine has), or leave with --force",
                        ["device": name, "n": "\(others)"]))
        }
        return report
    }

    /// The devices (not retired) that have not merged every change of `device`, by their device files.
    static func undeliveredChanges(_ store: RecordStore, folder: SyncFolder, device: String, now: Int64) throws -> (undelivered: [LeaveReport.Undelivered], others: Int) {
        guard let opened = try? folder.open() else { return ([], 0) }
        let tables = SyncTables(store)
        let claims = try deviceClaims(store, folder: opened, now: now)
        let retired = claims.retired
        var found: [LeaveReport.Undelivered] = []
        // A device with no folder in the shared folder any more (a retired laptop tidied away)
        // cannot merge: status names it, and leaving does not wait for it.
        let known = Set(try tables.devices().map(\.device))
        // A folder with neither a device file nor a change merged here is not a device.
        let others = opened.deviceIDs().filter { $0 != device && !retired.contains($0) && (opened.deviceFile(of: $0) != nil || known.contains($0)) }
        for other in others {
            let file = opened.deviceFile(of: other)
            let lacking = try tables.operationCount(device: device, after: claims.mergedOfOwn[other] ?? 0)
            guard lacking > 0 else { continue }
            found.append(.init(device: other, name: file?.name, changes: lacking, lastMerge: file?.updated))
        }
        return (found, others.count)
    }

    /// The devices the family retired: forgotten here or on another machine, or replaced by a
    /// new id of the same log (a re-join, a twin found).
    static func retiredDevices(_ store: RecordStore, folder: OpenedSyncFolder, now: Int64) throws -> Set<String> {
        try deviceClaims(store, folder: folder, now: now).retired
    }

    /// What the device files in `folder` claim, weighed for this log's device.
    static func deviceClaims(_ store: RecordStore, folder: OpenedSyncFolder, now: Int64) throws -> DeviceClaims {
        let tables = SyncTables(store)
        return try DeviceClaims(tables, folder: folder, own: try tables.value(.device) ?? "", now: now)
    }

    /// Retires `device` (an id, an id's first characters, or a device name): the family's
    /// machines stop waiting for it, and status shows it no more. Its changes stay: what it
    /// wrote to the folder is merged first, and it is retired as of its last change there.
    public static func forget(_ store: RecordStore, device query: String, journal: SyncJournal) throws(SyncError) -> String {
        let tables = SyncTables(store)
        // Merged first, so the device is retired as of its last change in the folder: changes of
        // it still unmerged here would otherwise make it a device waited for again once merged.
        // A folder that cannot be merged now does not stop the retirement.
        _ = try? mergeNow(store, journal: journal)
        let device = try SyncError.run { () throws -> String in
            let opened = try? journal.folder.open()
            let known = Set(try tables.devices().map(\.device) + (opened?.deviceIDs() ?? []))
            let names = Dictionary(known.compactMap { id in opened?.deviceFile(of: id)?.name.map { (id, $0) } }) { a, _ in a }
            let forgotten = Set(try tables.list(.forgottenDevices))
            let retired = opened.map { (try? retiredDevices(store, folder: $0, now: journal.wallClockNow)) ?? forgotten } ?? forgotten
            let lowered = query.lowercased()
            let all = known.filter { $0.hasPrefix(lowered) || names[$0] == query }.sorted()
            // A retired device is not a candidate beside a live one.
            let matches = all.count > 1 && all.contains(where: { !retired.contains($0) }) ? all.filter { !retired.contains($0) } : all
            guard !matches.isEmpty else {
                throw SyncError.refused(Phrase("no device of this shared log is called '{device}'; 'healthlog sync status' lists them", ["device": query]))
            }
            guard matches.count == 1 else {
                let shown = DeviceIDs.shortForms(of: matches, among: known)
                throw SyncError.refused(Phrase("'{device}' could be any of {devices}; give more of its id", ["device": query, "devices": matches.map { shown[$0] ?? $0 }.joined(separator: ", ")]))
            }
            guard matches[0] != journal.device else {
                throw SyncError.refused(Phrase("'{device}' is this machine; 'healthlog sync leave' ends its membership", ["device": query]))
            }
            if retired.contains(matches[0]) {
                throw SyncError.refused(Phrase("{device} is retired already: nobody waits for it", ["device": DeviceIDs.shortForms(of: matches, among: known)[matches[0]] ?? matches[0]]))
            }
            // Retired as of its last change here: should it write again, it is waited for again.
            let last = try tables.devices().first { $0.device == matches[0] }?.lastClock ?? 0
            try store.write { try tables.forget(matches[0], after: last) }
            return matches[0]
        }
        try? writeDeviceFile(store, journal: journal)
        return device
    }

    /// Merges what the other machines wrote since the last merge.
    public static func mergeNow(_ store: RecordStore, journal: SyncJournal) throws(SyncError) -> MergeReport {
        let report = try SyncMerge.merge(store: store, journal: journal, now: journal.wallClockNow)
        // The device file only names this device: a folder that cannot take it does not stop a merge.
        if !report.isEmpty || deviceFileIsStale(store, journal) { try? writeDeviceFile(store, journal: journal) }
        return report
    }

    /// True when the log is shared and its folder holds anything the last merge did not read,
    /// or this device has changes its journal lacks: a few `stat` calls, on a log open for
    /// reading or writing.
    public static func hasNews(_ store: RecordStore, now: Int64) throws(SyncError) -> Bool {
        let tables = SyncTables(store)
        guard let folder = try SyncError.run({ try tables.value(.folder) }) else { return false }
        let device = try SyncError.run { try tables.value(.device) } ?? ""
        return try SyncMerge.hasNews(store: store, folder: SyncFolder(path: folder), device: device, now: now)
    }

    /// Refuses a folder that holds the log itself (the engine would copy the SQLite file).
    static func refuseFolderHoldingLog(_ folder: SyncFolder, databasePath: String) throws(SyncError) {
        var directory = FileSystem.parentDirectory(of: FileSystem.resolvedPath(databasePath))
        while true {
            if directory == folder.path || (FileSystem.exists(folder.path) && FileSystem.sameFile(directory, folder.path)) {
                throw .refused(
                    Phrase("{path} holds the log itself ({databasePath}); share a folder of its own, apart from the log, so the sync engine never copies the database", ["path": "\(folder.path)", "databasePath": "\(databasePath)"]))
            }
            let parent = FileSystem.parentDirectory(of: directory)
            if parent == directory || directory == "." { break }
            directory = parent
        }
    }

    /// Refuses a folder inside a shared log, or one holding a shared log in a folder of its own:
    /// a mistyped path there would start a second family log beside the first.
    static func refuseNestedSharedLog(_ folder: SyncFolder) throws(SyncError) {
        guard !folder.holdsSharedLog else { return }
        var directory = FileSystem.parentDirectory(of: folder.path)
        while directory != FileSystem.parentDirectory(of: directory) {
            if SyncFolder(path: directory).holdsSharedLog {
                throw .refused(Phrase("{path} is inside the shared log in {directory}; give that folder itself", ["path": "\(folder.path)", "directory": "\(directory)"]))
            }
            directory = FileSystem.parentDirectory(of: directory)
        }
        guard FileSystem.isDirectory(folder.path) else { return }
        let inside = FileSystem.names(in: folder.path, endingIn: "").map { folder.path + "/" + $0 }
            .filter { FileSystem.isDirectory($0) && SyncFolder(path: $0).holdsSharedLog }
        if let shared = inside.first {
            throw .refused(Phrase("{path} holds the shared log in {shared}; give that folder itself", ["path": "\(folder.path)", "shared": "\(shared)"]))
        }
    }

    // MARK: - The device file

    private static func deviceFileIsStale(_ store: RecordStore, _ journal: SyncJournal) -> Bool {
        guard let value = try? journal.folder.open().deviceFile(of: journal.device) else { return true }
        let held = (try? SyncTables(store).heldByDevice().count) ?? 0
        // A file of an earlier HealthLog retires devices without saying as of which change.
        return value.app != HealthLogVersion.current || value.held.count != held || value.retired.contains { value.retiredAfter[$0] == nil }
    }

    /// Writes this device's name, version, what it has merged of each device, which devices it
    /// retired or wrote as before, and whose changes it holds for their time.
    static func writeDeviceFile(_ store: RecordStore, journal: SyncJournal) throws(SyncError) {
        let tables = SyncTables(store)
        let (devices, forgotten, forgottenAfter, former, held) = try SyncError.run {
            (try tables.devices(), try tables.list(.forgottenDevices), try tables.forgottenAfter(), try tables.list(.formerDevices), try tables.heldByDevice())
        }
        var (retired, retiredAfter) = (forgotten, forgottenAfter)
        // A device forgotten before HealthLog kept the clock is retired as of its last change
        // here; one that wrote after it was forgotten is no longer retired, nor named so.
        let lapsed = DeviceClaims.lapsedForgotten(retired, forgottenAfter: retiredAfter, summaries: devices)
        let lastClock = Dictionary(devices.map { ($0.device, $0.lastClock) }) { a, _ in a }
        let kept = retired.filter { !lapsed.contains($0) }
        var keptAfter = retiredAfter.filter { !lapsed.contains($0.key) }
        for device in kept where keptAfter[device] == nil { keptAfter[device] = lastClock[device] ?? 0 }
        if kept != retired || keptAfter != retiredAfter {
            try? store.write {
                try tables.set(.forgottenDevices, to: kept.isEmpty ? nil : kept.joined(separator: "\n"))
                try tables.setForgottenAfter(keptAfter)
            }
            (retired, retiredAfter) = (kept, keptAfter)
        }
        let now = journal.wallClockNow
        let merged = JSONValue.object(devices.map { ($0.device, .number(String($0.lastClock))) })
        let heldValue = JSONValue.object(held.map { entry in
            (entry.device, .object([("operations", .int(entry.count)), ("aheadMs", .number(String(entry.ahead)))]))
        })
        let value = JSONValue.object([
            ("device", .string(journal.device)), ("name", .string(SyncJournal.hostName())), ("app", .string(HealthLogVersion.current)),
            ("updated", .number(String(now))), ("merged", merged), ("retired", .array(retired.map(JSONValue.string))),
            ("retiredAfter", .object(retired.compactMap { id in retiredAfter[id].map { (id, .number(String($0))) } })),
            ("former", .array(former.map(JSONValue.string))), ("held", heldValue),
        ])
        try journal.folder.open().writeDeviceFile(of: journal.device, value)
        journal.noteFolderWrite()
    }

    /// The host names the devices of the shared log in `folder` gave, by device id.
    public static func deviceNames(folder: String) -> [String: String] {
        guard let opened = try? SyncFolder(path: folder).open() else { return [:] }
        var names: [String: String] = [:]
        for device in opened.deviceIDs() {
            if let name = opened.deviceFile(of: device)?.name { names[device] = name }
        }
        return names
    }
}
