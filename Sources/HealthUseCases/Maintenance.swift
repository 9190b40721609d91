public import HealthCore
import HealthRecords
import HealthSync

extension HealthLog {
    /// Checks integrity, references, value ranges and undefined tags.
    public func check() throws(HealthLogError) -> HealthCheckReport {
        try read { try $0.check() }
    }

    /// Copies the whole log to `path` (mode 0600, replaced atomically), consistent even while
    /// others write.
    public func backup(to path: String) throws(HealthLogError) {
        try requireOutputApartFromLog(path)
        let store = try reader()
        do {
            try store.backup(to: path)
        } catch {
            throw HealthLogError(error)
        }
    }

    /// Refuses a `path` that cannot be a backup to restore (missing, a folder, a device), before
    /// anyone is asked to confirm.
    public func checkRestorable(_ path: String) throws(HealthLogError) {
        guard FileSystem.exists(path) else { throw .other(.unreadableInput, Phrase("{path} does not exist", ["path": "\(path)"])) }
        if let kind = FileSystem.nonRegularKind(path) { throw .other(.unreadableInput, Phrase("{path} is {kind}, not a backup file", ["path": "\(path)"], terms: ["kind": kind])) }
        if logFiles.contains(where: { FileSystem.sameFile(path, $0) }) {
            throw .other(.refused, Phrase("{path} is the log itself (or one of its files), not a backup of it", ["path": "\(path)"]))
        }
    }

    /// Puts the backup at `path` back in one transaction of its own (it attaches a checked copy
    /// first, which cannot happen inside one); returns where the log as it was is kept.
    public func restore(from path: String) throws(HealthLogError) -> String {
        try checkRestorable(path)
        let kept = try change(inOneTransaction: false, undoable: false) { try $0.restore(from: path) }
        // A shared log merges the backup with what the family log knows at once: what the
        // backup lacks comes back, what only it had is published.
        if let store = try? writer(), let journal = syncJournal { _ = try? FamilySync.mergeNow(store, journal: journal) }
        return kept
    }
}
