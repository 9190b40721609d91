/// A step of `healthlog sync setup`, as it happens, for a front end to say.
public enum SyncSetupEvent: Sendable {
    /// This log joined the shared log in the folder, as `sync init` does.
    case joined(JoinReport)
    /// Syncthing shares the folder as this one: `added` now, or already.
    case folder(SyncthingFolder, added: Bool)
    /// Waiting, from now, for the other machine to ask to connect to this one.
    case waitingForPeer(own: SyncthingDeviceID, seconds: Int)
    /// The other machine was accepted, and the folder shared with it.
    case accepted(SyncthingPendingDevice, folder: SyncthingFolder)
    /// The other machine was added; waiting for it to accept this one.
    case added(SyncthingDeviceID, address: String?)
    /// Connected to the other machine; waiting for its folder (or sharing this one with it).
    case connected(SyncthingDeviceID)
    /// The folder was shared with the other machine, or its folder accepted.
    case sharedFolder(SyncthingFolder, with: SyncthingDeviceID)
    /// Waiting for the shared log to arrive in the folder accepted.
    case waitingForDelivery
}
