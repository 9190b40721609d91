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

/// Family sync as a front end uses it: join a shared folder, merge it, and say how it stands.
///
/// HealthLog never lets the engine that copies the folder (Syncthing) touch the SQLite file:
/// each device appends its own operations to its own journal in the folder (``SyncJournal``),
/// and merges what the others wrote (``SyncMerge``).
public enum FamilySync {
    /// The journal of a shared log, to observe its changes; nil when the log is not shared.
    public static func journal(for store: RecordStore, wallClock: @escaping () -> Int64) throws(SyncError) -> SyncJournal? {
        try SyncJournal.attached(to: store, wallClock: wallClock)
    }

    /// Makes the log of `store` a member of the shared log in `folderPath` (an absolute path),
    /// creating it or joining the one there: this log takes every operation already there and
    /// publishes what it had before as its own.
    public static func join(
        _ store: RecordStore, folder folderPath: String, existingJournal: SyncJournal?, wallClock: @escaping () -> Int64
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
        let existing = folder.holdsSharedLog
        let journal = try SyncJournal.join(store, folder: folder, wallClock: wallClock)
        do {
            try folder.prepare(device: journal.device)
            let merge = try SyncMerge.merge(store: store, journal: journal, now: wallClock(), publishingUnsynced: true)
            try writeDeviceFile(store, journal: journal)
            return JoinReport(folder: folder.path, device: journal.device, joinedExisting: existing, alreadyMember: false, merge: merge)
        } catch {
            // A join that failed leaves the log as it was: not a member.
            try? store.setSyncSetting(SyncJournal.Key.folder, to: nil)
            throw error
        }
    }

    /// Ends this log's membership of its shared log. Its records stay; its journal stays in the
    /// folder for the other machines. Refused while this device has changes the folder lacks,
    /// unless `force`. Returns the folder left.
    public static func leave(_ store: RecordStore, force: Bool) throws(SyncError) -> String {
        // Decided inside the write lock; the refusal is thrown once it is released.
        let outcome = try SyncError.run {
            try store.write { () throws -> (folder: String?, behind: Bool) in
                guard let folder = try store.syncSetting(SyncJournal.Key.folder) else { return (nil, false) }
                if !force, try store.syncSetting(SyncJournal.Key.behind) != nil || store.syncSetting(SyncJournal.Key.orphaned) != nil {
                    return (folder, true)
                }
                try store.forgetSyncMembership()
                return (folder, false)
            }
        }
        guard let folder = outcome.folder else { throw .notSetUp }
        if outcome.behind {
            throw .refused(
                Phrase("this log has changes not yet written to {folder}; run 'healthlog sync' with the folder present first, or leave with --force (the other machines will not get them)", ["folder": "\(folder)"]))
        }
        return folder
    }

    /// Merges what the other machines wrote since the last merge.
    public static func mergeNow(_ store: RecordStore, journal: SyncJournal) throws(SyncError) -> MergeReport {
        let report = try SyncMerge.merge(store: store, journal: journal, now: currentMilliseconds(journal))
        // The device file only names this device: a folder that cannot take it does not stop a merge.
        if !report.isEmpty || deviceFileIsStale(journal) { try? writeDeviceFile(store, journal: journal) }
        return report
    }

    /// True when the log is shared and its folder holds anything the last merge did not read:
    /// a few `stat` calls, on a log open for reading or writing.
    public static func hasNews(_ store: RecordStore) throws(SyncError) -> Bool {
        guard let folder = try SyncError.run({ try store.syncSetting(SyncJournal.Key.folder) }) else { return false }
        let device = try SyncError.run { try store.syncSetting(SyncJournal.Key.device) } ?? ""
        return try SyncMerge.hasNews(store: store, folder: SyncFolder(path: folder), device: device)
    }

    private static func currentMilliseconds(_ journal: SyncJournal) -> Int64 { journal.wallClockNow }

    /// Refuses a folder that holds the log file itself (the engine would copy the SQLite file).
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
        let inside = SyncFolder.entries(of: folder.path).sorted().map { folder.path + "/" + $0 }
            .filter { FileSystem.isDirectory($0) && SyncFolder(path: $0).holdsSharedLog }
        if let shared = inside.first {
            throw .refused(Phrase("{path} holds the shared log in {shared}; give that folder itself", ["path": "\(folder.path)", "shared": "\(shared)"]))
        }
    }

    // MARK: - The device file

    static func deviceFilePath(_ journal: SyncJournal) -> String {
        journal.folder.deviceFolder(journal.device) + "/" + SyncFolder.deviceFileName
    }

    private static func deviceFileIsStale(_ journal: SyncJournal) -> Bool {
        guard let value = readDeviceFile(deviceFilePath(journal)) else { return true }
        return value["app"]?.string != HealthLogVersion.current
    }

    /// Writes this device's name, version and what it has merged of each device.
    static func writeDeviceFile(_ store: RecordStore, journal: SyncJournal) throws(SyncError) {
        let devices = try SyncError.run { try store.syncDevices() }
        let merged = JSONValue.object(devices.map { ($0.device, .number(String($0.lastClock))) })
        let value = JSONValue.object([
            ("device", .string(journal.device)), ("name", .string(SyncJournal.hostName())), ("app", .string(HealthLogVersion.current)),
            ("updated", .number(String(journal.wallClockNow))), ("merged", merged),
        ])
        try journal.folder.prepare(device: journal.device)
        try SyncFolder.writeAtomically(value.serialized(indent: "  ") + "\n", to: deviceFilePath(journal))
    }

    /// The host names the devices of the shared log in `folder` gave, by device id.
    public static func deviceNames(folder: String) -> [String: String] {
        let folder = SyncFolder(path: folder)
        var names: [String: String] = [:]
        for device in folder.devices() {
            if let name = readDeviceFile(folder.deviceFolder(device) + "/" + SyncFolder.deviceFileName)?["name"]?.string {
                names[device] = String(name.prefix(64))
            }
        }
        return names
    }

    static func readDeviceFile(_ path: String) -> JSONValue? {
        // Another machine's file: only a regular file under 1 MiB, never through a link, so a
        // link to /dev/zero or a pipe put there cannot hang this machine or fill its memory.
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size < 1 << 20,
            let file = try? InputFile(path: path), let bytes = try? file.read(1 << 20)
        else { return nil }
        return try? JSONReader(bytes: bytes).readValue()
    }
}
