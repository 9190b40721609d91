#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// The steps that make the local Syncthing share a shared log's folder with one other machine,
/// each safe to run again (a set-up stopped with Ctrl-C goes on where it was).
///
/// The order avoids the stall of the first delivery (Syncthing drops a connection that offers
/// a folder before the device is known, and dials again only a minute later): the machine
/// given the other's id adds it and dials; the other accepts it; only then is the folder
/// shared, and accepted.
public struct SyncthingShare: Sendable {
    public let client: SyncthingClient
    /// This Syncthing's device id.
    public let ownID: SyncthingDeviceID
    /// What `~` stands for in Syncthing's folder paths.
    private let tilde: String

    /// The folder id a new share takes (Syncthing's own ids are random; this one is the same
    /// on every machine, so two machines set up apart still meet in one folder).
    public static let folderID = "healthlog"
    /// How often a wait asks Syncthing again, in seconds.
    static let pollInterval = 0.25

    /// The Syncthing `client` reaches; fails unless it runs and takes the key.
    public init(_ client: SyncthingClient) throws(SyncthingError) {
        self.client = client
        let status = try client.systemStatus()
        ownID = status.id
        tilde = status.tilde
    }

    // MARK: - The folder

    /// The folder Syncthing already shares at `path` (the same folder, however written), or
    /// nil. A Syncthing folder inside `path`, or holding it, is refused: one would share the
    /// other's files with machines that have no business with them.
    public func existingFolder(at path: String) throws(SyncthingError) -> SyncthingFolder? {
        let wanted = FileSystem.resolvedPath(path)
        for folder in try client.folders() {
            let there = FileSystem.resolvedPath(expanded(folder.path))
            if there == wanted { return folder }
            if wanted.hasPrefix(there + "/") || there.hasPrefix(wanted + "/") {
                throw .refused(
                    Phrase(
                        "{path} overlaps Syncthing's folder '{id}' ({there}), which shares what is in it with its own devices; give a folder apart from every Syncthing folder",
                        ["path": wanted, "id": folder.id, "there": there]))
            }
        }
        return nil
    }

    /// The folder Syncthing shares at `path`, added (shared with this device only) when there
    /// is none; true with it when it was added now.
    public func folder(at path: String, label: String) throws(SyncthingError) -> (folder: SyncthingFolder, added: Bool) {
        if let existing = try existingFolder(at: path) { return (existing, false) }
        let taken = Set(try client.folders().map(\.id))
        let id = ([SyncthingShare.folderID] + (2...99).map { "\(SyncthingShare.folderID)-\($0)" }).first { !taken.contains($0) } ?? SyncthingShare.folderID + "-" + ownID.short
        let absolute = FileSystem.resolvedPath(path)
        try client.addFolder(id: id, label: label, path: absolute, devices: [ownID.text])
        return (SyncthingFolder(id: id, label: label, path: absolute, devices: [ownID.text]), true)
    }

    /// Shares `folder` with `device` too (nothing when it is already).
    public func share(_ folder: SyncthingFolder, with device: SyncthingDeviceID) throws(SyncthingError) -> SyncthingFolder {
        guard !folder.devices.contains(device.text) else { return folder }
        var shared = folder
        shared.devices.append(device.text)
        if !shared.devices.contains(ownID.text) { shared.devices.insert(ownID.text, at: 0) }
        try client.setFolderDevices(folder.id, devices: shared.devices)
        return shared
    }

    /// Accepts the folder `offer` of `device` into `path`, shared with it: refused when this
    /// Syncthing has another folder of that id.
    public func accept(_ offer: SyncthingPendingFolder, from device: SyncthingDeviceID, into path: String) throws(SyncthingError) -> SyncthingFolder {
        if let existing = try existingFolder(at: path) {
            guard existing.id == offer.id else {
                throw .refused(
                    Phrase(
                        "{device} offers its folder '{offer}', but Syncthing here shares {path} as folder '{id}'; share one folder by hand (docs/sync.md)",
                        ["device": device.short, "offer": offer.id, "path": path, "id": existing.id]))
            }
            return try share(existing, with: device)
        }
        if let other = try client.folders().first(where: { $0.id == offer.id }) {
            throw .refused(
                Phrase(
                    "{device} offers its folder '{offer}', but Syncthing here has a folder of that id at {there}; give that folder (healthlog sync setup --with … {there}), or share by hand (docs/sync.md)",
                    ["device": device.short, "offer": offer.id, "there": expanded(other.path)]))
        }
        let absolute = FileSystem.resolvedPath(path)
        let devices = [ownID.text, device.text]
        try client.addFolder(id: offer.id, label: offer.label.isEmpty ? "HealthLog" : offer.label, path: absolute, devices: devices)
        return SyncthingFolder(id: offer.id, label: offer.label, path: absolute, devices: devices)
    }

    // MARK: - The other machine

    /// Refuses this machine's own id where the other machine's is meant.
    public func refuseOwn(_ device: SyncthingDeviceID) throws(SyncthingError) {
        guard device != ownID else {
            throw .refused(Phrase("{device} is this machine's own Syncthing device id; give the other machine's (its 'healthlog sync setup' prints it)", ["device": device.text]))
        }
    }

    /// Adds `device` (reached at `address`, else found by discovery), so this Syncthing dials it.
    public func add(_ device: SyncthingDeviceID, address: String?) throws(SyncthingError) {
        try refuseOwn(device)
        try client.addDevice(device, name: "", addresses: [address ?? "dynamic"])
    }

    /// Accepts a device that asked to connect. Syncthing dials from the port it listens on, so
    /// where it came from is where it listens: dialled back there at once, the connection is
    /// up in a fraction of a second instead of at its next try, seconds later; found by
    /// discovery when that address no longer works.
    public func accept(_ pending: SyncthingPendingDevice) throws(SyncthingError) {
        var addresses = ["dynamic"]
        if LoopbackEndpoint.isHostAndPort(pending.address) { addresses.insert("tcp://" + pending.address, at: 0) }
        try client.addDevice(pending.id, name: pending.name, addresses: addresses)
    }

    /// The one device that asks to connect while this waits, once there is one; several at once
    /// are refused (which to accept is the person's to say, with `--with`). Syncthing keeps a
    /// device that once tried until it is dismissed: one that tried before the wait began is
    /// taken only when it tries again (a machine given this one's id dials every few seconds),
    /// so a stranger that tried months ago is never let in.
    public func waitForPendingDevice(until deadline: MonotonicDeadline) throws(SyncthingError) -> SyncthingPendingDevice {
        let before = Dictionary(try client.pendingDevices().map { ($0.id, $0.time) }) { first, _ in first }
        return try wait(until: deadline, timedOut: Phrase("no machine asked to connect in time; run 'healthlog sync setup --with ID' there (ID is the one printed above), then this again")) { () throws(SyncthingError) in
            let pending = try client.pendingDevices().filter { before[$0.id] != $0.time }
            guard pending.count <= 1 else {
                throw .refused(
                    Phrase(
                        "several machines ask to connect: {devices}; accept the right one with 'healthlog sync setup --with ID'",
                        ["devices": pending.map { $0.name.isEmpty ? $0.id.text : "\($0.id.text) (\($0.name))" }.joined(separator: ", ")]))
            }
            return pending.first
        }
    }

    /// Waits until this Syncthing is connected to `device` (it accepted this one).
    public func waitUntilConnected(to device: SyncthingDeviceID, until deadline: MonotonicDeadline) throws(SyncthingError) {
        _ = try wait(
            until: deadline,
            timedOut: Phrase("{device} did not accept this machine in time; run 'healthlog sync setup' there, then this again", ["device": device.short])
        ) { () throws(SyncthingError) in
            try client.isConnected(to: device) ? true : nil
        }
    }

    /// The folder `device` offers, once it does: the one of ``folderID`` when it offers several.
    public func waitForOffer(from device: SyncthingDeviceID, until deadline: MonotonicDeadline) throws(SyncthingError) -> SyncthingPendingFolder {
        try wait(
            until: deadline,
            timedOut: Phrase("{device} did not share its folder in time; run 'healthlog sync setup' there, then this again", ["device": device.short])
        ) { () throws(SyncthingError) in
            let offers = try client.pendingFolders(offeredBy: device)
            return offers.first { $0.id == SyncthingShare.folderID } ?? (offers.count == 1 ? offers[0] : nil)
        }
    }

    /// Waits until what the other machines shared has arrived in `folder` (`arrived` says when
    /// something is there at all, Syncthing says when it needs nothing more); false when the
    /// deadline came first.
    public func waitForDelivery(_ folder: SyncthingFolder, until deadline: MonotonicDeadline, arrived: () -> Bool) -> Bool {
        let complete = try? wait(until: deadline, timedOut: Phrase("the shared folder did not arrive in time")) { () throws(SyncthingError) -> Bool? in
            guard arrived() else { return nil }
            return try client.folderIsComplete(folder.id) ? true : nil
        }
        return complete ?? false
    }

    /// `found` asked again every ``pollInterval`` until it gives a value, or `timedOut` at the deadline.
    private func wait<T>(until deadline: MonotonicDeadline, timedOut: Phrase, _ found: () throws(SyncthingError) -> T?) throws(SyncthingError) -> T {
        while true {
            if let value = try found() { return value }
            guard !deadline.hasPassed else { throw .timedOut(timedOut) }
            usleep(useconds_t(min(SyncthingShare.pollInterval, max(0.01, deadline.secondsLeft)) * 1_000_000))
        }
    }

    /// A folder path as Syncthing writes it, with `~` for the home folder.
    private func expanded(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), !tilde.isEmpty else { return path }
        return tilde + path.dropFirst()
    }
}
