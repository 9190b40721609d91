/// A setting of this machine's membership of a shared log, kept in the log's `sync_settings`
/// table and never shared: each machine has its own.
struct SyncSetting: Hashable, Sendable {
    let key: String

    private init(_ key: String) { self.key = key }

    /// The shared folder's absolute path; set while this log is a member of a shared log.
    static let folder = SyncSetting("folder")
    /// This device's id (16 hex digits).
    static let device = SyncSetting("device")
    /// The machine and log path the device id was made for (see ``SyncJournal/machineIdentity(databasePath:)``).
    static let machine = SyncSetting("machine")
    /// The greatest clock this device has stamped or seen.
    static let clock = SyncSetting("clock")
    /// The greatest ``clock`` ever was, kept when a clock repair sets it back (see
    /// ``ClockRepair``): no other device can have merged a change of this one stamped later.
    static let highestClock = SyncSetting("highest-clock")
    /// Set by a restore: the next merge shows every record as the shared log decides, and
    /// publishes what only the backup had.
    static let reconcile = SyncSetting("reconcile")
    /// The HealthLog version that last merged: a new one reads every file again.
    static let reader = SyncSetting("reader-version")
    /// Devices this log wrote as before it moved or was copied while some of its changes were
    /// unpublished, each with the last clock it had published ("device clock", one per line):
    /// the next merge publishes those changes again as this device's own.
    static let orphaned = SyncSetting("orphaned-operations")
    /// Device ids this log wrote as before (a re-join, a twin found), one per line: named in its
    /// device file so the other machines show it once and stop waiting for the old ids.
    static let formerDevices = SyncSetting("former-devices")
    /// Devices the family retired on this machine (`healthlog sync forget`), one per line.
    static let forgottenDevices = SyncSetting("forgotten-devices")
    /// For each device forgotten here, the clock of its last change this log had when it was
    /// ("device clock", one per line): a device that writes later is waited for again.
    static let forgottenAfter = SyncSetting("forgotten-after")
    /// Set by a join until its first merge is committed: that merge does not report the
    /// folder's old concurrent edits, which were reported where they happened.
    static let joining = SyncSetting("joining")

    /// The id of the Syncthing folder `healthlog sync setup` shares the folder as: after each
    /// change this machine writes there, Syncthing is asked to rescan it.
    static let syncthingFolder = SyncSetting("syncthing-folder")
    /// The folder of the Syncthing configuration (`config.xml`) that folder is in.
    static let syncthingHome = SyncSetting("syncthing-home")

    /// How far this device's own clock ran ahead before it was set right, in milliseconds, and
    /// when that was found ("ahead found-at"): status says so for a week.
    static let ownClockRanAhead = SyncSetting("own-clock-ran-ahead")

    /// How far `device`'s clock ran ahead of this machine's, in milliseconds, when it did.
    static func skew(of device: String) -> SyncSetting { SyncSetting(skewPrefix + device) }
    static let skewPrefix = "skew."

    /// The setting stored under `key` (for reading settings back by prefix).
    static func stored(_ key: String) -> SyncSetting { SyncSetting(key) }

    /// Settings that outlive leaving the shared log: what this log was known as, and whom it retired.
    static let keptOnLeaving: [SyncSetting] = [.formerDevices, .forgottenDevices, .forgottenAfter]
}
