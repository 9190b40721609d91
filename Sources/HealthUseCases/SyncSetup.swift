import HealthCore
import HealthRecords
public import HealthSync

extension HealthLogError {
    init(_ error: SyncthingError) {
        switch error {
        case .notFound: self = .other(.unreadableInput, error.phrase)
        case .misconfigured: self = .other(.misconfigured, error.phrase)
        case .notRunning: self = .other(.unavailable, error.phrase)
        case .failed: self = .other(.failed, error.phrase)
        case .refused: self = .other(.refused, error.phrase)
        case .timedOut: self = .other(.timedOut, error.phrase)
        }
    }
}

/// What `healthlog sync setup` is asked to do.
public struct SyncSetupRequest: Sendable {
    /// The folder to share; nil for the one this log syncs through, else ``defaultFolder``.
    public var folder: String?
    /// The folder of Syncthing's `config.xml`; nil to look where Syncthing keeps it.
    public var syncthingHome: String?
    /// The other machine's device id: add it, share with it, accept its folder. Nil: show this
    /// machine's id and wait for the other to ask.
    public var peer: SyncthingDeviceID?
    /// Where the other machine's Syncthing listens (`tcp://HOST:PORT`); nil: found by discovery.
    public var address: String?
    /// How long to wait for the other machine, in seconds, all steps together.
    public var timeout: Double

    public init(folder: String? = nil, syncthingHome: String? = nil, peer: SyncthingDeviceID? = nil, address: String? = nil, timeout: Double = 600) {
        self.folder = folder
        self.syncthingHome = syncthingHome
        self.peer = peer
        self.address = address
        self.timeout = timeout
    }

    /// The folder shared when none is given and the log does not sync yet: in the home folder,
    /// apart from Syncthing's own `~/Sync` (which a shared log must not be inside).
    public static let defaultFolder = "~/healthlog-sync"
}

/// What `healthlog sync setup` did.
public struct SyncSetupReport: Sendable {
    /// This machine's Syncthing device id.
    public var own: SyncthingDeviceID
    /// The other machine's.
    public var peer: SyncthingDeviceID
    /// The Syncthing folder the shared log's folder is.
    public var folder: SyncthingFolder
    /// False when the other machine's log had not all arrived when set-up ended (it still comes).
    public var delivered: Bool
}

extension HealthLog {
    /// Pairs this machine's Syncthing with another one for the shared log's folder, with no step
    /// in Syncthing's own pages: joins the shared log when this log does not sync yet, makes
    /// (or finds) the Syncthing folder, then either waits for the other machine to ask and
    /// accepts it (no `peer`), or adds `peer`, waits for it to accept this one, and accepts its
    /// folder. Syncthing is asked for everything before the log is touched, so a Syncthing that
    /// is missing, not running or misconfigured leaves the log as it was.
    public func syncSetup(_ request: SyncSetupRequest, progress: (SyncSetupEvent) -> Void) throws(HealthLogError) -> SyncSetupReport {
        let deadline = MonotonicDeadline(seconds: request.timeout)
        let config = try HealthLog.run { try SyncthingConfig.locate(home: request.syncthingHome, environment: settings.environment) }
        let share = try HealthLog.run { try SyncthingShare(SyncthingClient(config)) }
        if let peer = request.peer { try HealthLog.run { try share.refuseOwn(peer) } }
        let member = try sharedFolderPath()
        let path = try folderToShare(request, member: member)
        _ = try HealthLog.run { try share.existingFolder(at: path) }
        try refuseOtherFiles(in: path)
        let record = { (folder: SyncthingFolder) throws(HealthLogError) in
            let store = try self.writer()
            try HealthLog.run { try FamilySync.record(SyncthingRecord(folderID: folder.id, home: config.home), in: store) }
        }

        guard let peer = request.peer else {
            // The first machine, or one the family's others will add: show the id, and wait.
            if member == nil { progress(.joined(try syncInit(folder: path))) }
            let (folder, added) = try HealthLog.run { try share.folder(at: path, label: "HealthLog") }
            try record(folder)
            progress(.folder(folder, added: added))
            progress(.waitingForPeer(own: share.ownID, seconds: Int(request.timeout)))
            let pending = try HealthLog.run { try share.waitForPendingDevice(until: deadline) }
            try HealthLog.run { try share.accept(pending) }
            // The folder is offered once the other machine is connected as a known device:
            // offered earlier, the connection is dropped and the first delivery waits a minute.
            try? share.waitUntilConnected(to: pending.id, until: deadline.capped(at: 30))
            let shared = try HealthLog.run { try share.share(folder, with: pending.id) }
            progress(.accepted(pending, folder: shared))
            FamilySync.askToRescan(SyncthingRecord(folderID: shared.id, home: config.home), timeout: 2)
            return SyncSetupReport(own: share.ownID, peer: pending.id, folder: shared, delivered: true)
        }

        // The second machine: ask the first to connect, and take its folder.
        try HealthLog.run { try share.add(peer, address: request.address) }
        progress(.added(peer, address: request.address))
        try HealthLog.run { try share.waitUntilConnected(to: peer, until: deadline) }
        progress(.connected(peer))
        let folder: SyncthingFolder
        var delivered = true
        if member != nil {
            let found = try HealthLog.run { try share.folder(at: path, label: "HealthLog") }
            folder = try HealthLog.run { try share.share(found.folder, with: peer) }
            progress(.sharedFolder(folder, with: peer))
        } else {
            let offer = try HealthLog.run { try share.waitForOffer(from: peer, until: deadline) }
            do {
                try FileSystem.createPrivateDirectories(path)
            } catch {
                throw .other(.cannotCreate, Phrase("cannot make the shared folder {path}: {reason}", ["path": error.path], terms: ["reason": error.reason]))
            }
            folder = try HealthLog.run { try share.accept(offer, from: peer, into: path) }
            progress(.sharedFolder(folder, with: peer))
            progress(.waitingForDelivery)
            delivered = share.waitForDelivery(folder, until: deadline) { FamilySync.holdsSharedLog(path) }
            progress(.joined(try syncInit(folder: path)))
        }
        try record(folder)
        FamilySync.askToRescan(SyncthingRecord(folderID: folder.id, home: config.home), timeout: 2)
        return SyncSetupReport(own: share.ownID, peer: peer, folder: folder, delivered: delivered)
    }

    /// Asks Syncthing to rescan the shared folder now, when this session wrote to it and
    /// `healthlog sync setup` recorded the Syncthing folder: the change then reaches the
    /// other machines in about a second, not after the watcher's delay. Never fails, and never
    /// waits more than `timeout` seconds.
    public func askSyncEngineToRescan(timeout: Double = 0.5) {
        guard wroteToSharedFolder || syncJournal?.wroteToFolder == true, let store = try? reader(),
            let record = try? FamilySync.syncthingRecord(of: store)
        else { return }
        FamilySync.askToRescan(record, timeout: timeout)
    }

    /// The Syncthing folder `healthlog sync setup` recorded for this log, or nil.
    public func syncthingRecord() throws(HealthLogError) -> SyncthingRecord? {
        let store = try reader()
        return try HealthLog.run { try FamilySync.syncthingRecord(of: store) }
    }

    /// The shared folder this log is a member of; nil when it is not, or there is no log yet.
    private func sharedFolderPath() throws(HealthLogError) -> String? {
        guard FileSystem.exists(settings.databasePath) else { return nil }
        let store = try reader()
        return try HealthLog.run { try FamilySync.folderPath(of: store) }
    }

    /// The folder set-up shares: the log's own shared folder, else the one given, else the default.
    private func folderToShare(_ request: SyncSetupRequest, member: String?) throws(HealthLogError) -> String {
        if let member {
            if let given = request.folder, FileSystem.resolvedPath(expandingHome(given)) != FileSystem.resolvedPath(member) {
                throw .other(.refused, Phrase("this log already syncs through {path}; it can be a member of one shared log only", ["path": member]))
            }
            return member
        }
        return FileSystem.resolvedPath(expandingHome(request.folder ?? SyncSetupRequest.defaultFolder))
    }

    /// `~/…` in the home folder (a path given in the program, not through a shell).
    private func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = HomeFolder.path(environment: settings.environment) else { return path }
        return home + path.dropFirst()
    }

    /// Refuses a folder holding anything but a shared log: Syncthing would send it to the other
    /// machine too.
    private func refuseOtherFiles(in path: String) throws(HealthLogError) {
        guard FileSystem.isDirectory(path) else {
            if FileSystem.exists(path) { throw .other(.refused, Phrase("{path} is a file, not a folder; give the folder the machines share", ["path": path])) }
            return
        }
        let ours: Set<String> = ["healthlog-sync.json", "journal", ".stfolder", ".stignore", ".stversions"]
        if let other = FileSystem.names(in: path, endingIn: "").sorted().first(where: { !ours.contains($0) && !$0.hasPrefix(".syncthing.") }) {
            throw .other(
                .refused,
                Phrase("{path} holds other files ({name}), which Syncthing would send to the other machine too; give a folder of its own (a new one is made)", ["path": path, "name": other]))
        }
    }
}
