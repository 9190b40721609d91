public import HealthCore
import HealthRecords
public import HealthSync

extension HealthLogError {
    init(_ error: SyncError) {
        switch error {
        case .notSetUp, .refused, .unsafe: self = .other(.refused, error.phrase)
        case .folderMissing: self = .other(.unreadableInput, error.phrase)
        case .journal: self = .other(.failed, error.phrase)
        case .store(let records): self = HealthLogError(records)
        }
    }
}

extension HealthLog {
    /// Makes this log a member of the shared log in `folder` (created, or joined when another
    /// machine made it): it takes every operation there and publishes what it had as its own.
    public func syncInit(folder: String) throws(HealthLogError) -> JoinReport {
        let absolute = FileSystem.resolvedPath(folder)
        let parent = FileSystem.parentDirectory(of: absolute)
        guard FileSystem.isDirectory(parent) else {
            if FileSystem.exists(parent) {
                throw .other(.refused, Phrase("{parent} is a file, not a folder; give a folder inside the one the machines share", ["parent": "\(parent)"]))
            }
            throw .other(.unreadableInput, Phrase("{parent} does not exist; check the path, or make the folder first (the sync engine's folder, such as ~/Sync)", ["parent": "\(parent)"]))
        }
        let store = try writer()
        do {
            let report = try FamilySync.join(
                store, folder: absolute, existingJournal: syncJournal, wallClock: settings.clock, temporaryFolder: temporaryFolder)
            close()
            wroteToSharedFolder = true
            keepCreatedLog()
            return report
        } catch {
            throw HealthLogError(error)
        }
    }

    /// Ends this log's membership of its shared log (its records stay): refused while another
    /// machine lacks some of its changes, unless `force`.
    public func syncLeave(force: Bool) throws(HealthLogError) -> LeaveReport {
        _ = try reader()
        let store = try writer()
        do {
            let report = try FamilySync.leave(store, force: force, now: settings.clock())
            close()
            return report
        } catch {
            throw HealthLogError(error)
        }
    }

    /// Retires another device of the shared log (an id, its first characters, or its name):
    /// no machine waits for it any more. Returns its id.
    public func syncForget(device: String) throws(HealthLogError) -> String {
        _ = try reader()
        let store = try writer()
        guard let journal = syncJournal else { throw HealthLogError(SyncError.notSetUp) }
        do {
            return try FamilySync.forget(store, device: device, journal: journal)
        } catch {
            throw HealthLogError(error)
        }
    }

    /// Merges what the other machines wrote since the last merge.
    public func syncNow() throws(HealthLogError) -> MergeReport {
        _ = try reader()  // a missing log is named as every command names it
        let store = try writer()
        guard let journal = syncJournal else { throw HealthLogError(SyncError.notSetUp) }
        do {
            return try FamilySync.mergeNow(store, journal: journal)
        } catch {
            throw HealthLogError(error)
        }
    }

    /// Why this device's latest changes could not be written to the shared folder (they are
    /// kept in the log and written at the next merge), or nil.
    public var syncJournalProblem: Phrase? { syncJournal?.unwrittenReason }

    /// The host names the shared log's devices gave, by device id.
    public func syncDeviceNames() throws(HealthLogError) -> [String: String] {
        let store = try reader()
        guard let folder = try HealthLog.run({ try FamilySync.folderPath(of: store) }) else { return [:] }
        return FamilySync.deviceNames(folder: folder)
    }

    /// How the shared log stands (after a merge when the log can be written, unless not `merging`).
    public func syncStatus(merging: Bool = true) throws(HealthLogError) -> SyncStatus {
        let store = try reader()
        guard let folder = try HealthLog.run({ try FamilySync.folderPath(of: store) }) else { throw HealthLogError(SyncError.notSetUp) }
        if merging { _ = mergeQuietly() }
        do {
            if let writer = try writerIfPossible(), let journal = syncJournal {
                return try FamilySync.status(writer, journal: journal)
            }
            // A read-only log: as it records itself, unmerged changes shown as waiting.
            let current = try reader()
            let device = try HealthLog.run { try FamilySync.deviceID(of: current) } ?? ""
            return try FamilySync.status(current, folder: SyncFolder(path: folder), device: device, now: settings.clock())
        } catch {
            throw HealthLogError.from(error)
        }
    }

    /// Merges first, as every command does, in milliseconds when nothing is new. Skips a log
    /// that is missing, not shared or read-only, and a missing folder; returns a one-line
    /// warning when a merge was due but failed, or could not take the log at once because
    /// another command is writing it (this command goes on without the merge, and never waits
    /// silently for one).
    public func mergeQuietly() -> Phrase? {
        let path = settings.databasePath
        guard FileSystem.exists(path), FileSystem.nonRegularKind(path) == nil, let store = try? reader(),
            (try? FamilySync.hasNews(store, now: settings.clock())) == true,
            FileSystem.isWritable(path), FileSystem.isWritableDirectory(FileSystem.parentDirectory(of: path))
        else { return nil }
        do {
            // A connection of its own that does not wait for the lock.
            let merger = try RecordStore.open(path: path, access: .readWrite, clock: settings.clock, lockWait: LockWait(limit: 0))
            guard let journal = try FamilySync.journal(for: merger, wallClock: settings.clock, temporaryFolder: temporaryFolder) else { return nil }
            merger.changeObserver = journal
            _ = try FamilySync.mergeNow(merger, journal: journal)
            if journal.wroteToFolder { wroteToSharedFolder = true }
            return nil
        } catch {
            let failure = HealthLogError.from(error)
            if (error as? RecordsError)?.isBusy == true || (error as? SyncError)?.isBusy == true {
                return Phrase("sync: another healthlog command is writing the log, so the shared folder was not merged first; this command goes on without it")
            }
            return Phrase("sync: the shared folder was not merged ({error}); this command goes on without it", terms: ["error": failure.phrase])
        }
    }

    /// The store for writing, or nil when the log cannot be written here.
    private func writerIfPossible() throws(HealthLogError) -> RecordStore? {
        let path = settings.databasePath
        guard FileSystem.isWritable(path), FileSystem.isWritableDirectory(FileSystem.parentDirectory(of: path)) else { return nil }
        return try writer()
    }
}
