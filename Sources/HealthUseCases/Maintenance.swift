public import HealthCore
import HealthRecords

extension HealthLog {
    /// Checks integrity, references, value ranges and undefined tags.
    public func check() throws(HealthLogError) -> HealthCheckReport {
        try read { try $0.check() }
    }

    /// Copies the whole log to `path` (mode 0600, replaced atomically), consistent even while
    /// others write.
    public func backup(to path: String) throws(HealthLogError) {
        let store = try reader()
        do {
            try store.backup(to: path)
        } catch .output(let error) {
            throw HealthLogError(error)
        } catch {
            throw .other(.cannotCreate, error.description)
        }
    }

    /// Refuses a `path` that cannot be a backup to restore (missing, a folder, a device), before
    /// anyone is asked to confirm.
    public func checkRestorable(_ path: String) throws(HealthLogError) {
        guard FileSystem.exists(path) else { throw .other(.unreadableInput, "\(path) does not exist") }
        if let kind = FileSystem.nonRegularKind(path) { throw .other(.unreadableInput, "\(path) is \(kind), not a backup file") }
    }

    /// Puts the backup at `path` back in one transaction of its own (it attaches a checked copy
    /// first, which cannot happen inside one); returns where the log as it was is kept.
    public func restore(from path: String) throws(HealthLogError) -> String {
        try checkRestorable(path)
        return try change(inOneTransaction: false) { try $0.restore(from: path) }
    }
}
