public import HealthRecords

/// The Syncthing folder a shared log's folder was set up as (`healthlog sync setup`), kept in
/// the log's own sync settings: this machine's, never shared, forgotten on leaving.
public struct SyncthingRecord: Equatable, Sendable {
    /// The Syncthing folder's id.
    public var folderID: String
    /// The folder holding that Syncthing's `config.xml`.
    public var home: String

    public init(folderID: String, home: String) {
        self.folderID = folderID
        self.home = home
    }
}

extension FamilySync {
    /// The Syncthing folder set up for this log's shared folder, or nil.
    public static func syncthingRecord(of store: RecordStore) throws(SyncError) -> SyncthingRecord? {
        let tables = SyncTables(store)
        return try SyncError.run {
            guard try tables.value(.folder) != nil, let id = try tables.value(.syncthingFolder), let home = try tables.value(.syncthingHome) else { return nil }
            return SyncthingRecord(folderID: id, home: home)
        }
    }

    /// Records the Syncthing folder this log's shared folder is (the log must be a member).
    public static func record(_ record: SyncthingRecord, in store: RecordStore) throws(SyncError) {
        let tables = SyncTables(store)
        guard try SyncError.run({ try tables.value(.folder) }) != nil else { throw .notSetUp }
        try SyncError.run {
            try store.write {
                try tables.set(.syncthingFolder, to: record.folderID)
                try tables.set(.syncthingHome, to: record.home)
            }
        }
    }

    /// True when the folder at `path` holds a shared log (another machine's arrived there).
    public static func holdsSharedLog(_ path: String) -> Bool { SyncFolder(path: path).holdsSharedLog }

    /// Asks the Syncthing of `record` to rescan its folder now, so a change reaches the other
    /// machines in about a second rather than after its watcher's delay. Best effort: a
    /// Syncthing that is not running, or slower than `timeout` seconds, is left be.
    public static func askToRescan(_ record: SyncthingRecord, timeout: Double) {
        guard let config = try? SyncthingConfig.read(home: record.home) else { return }
        try? SyncthingClient(config, timeout: timeout).scan(folder: record.folderID)
    }
}
