import HealthCore

/// What the devices of a shared log say of one another in their device files: which ids they
/// wrote as before, and which devices they retired, weighed once for status, leaving and
/// forgetting alike.
///
/// A device file is written by whoever can write the folder, so a claim is honoured only where
/// it cannot take what is not the claimant's: no device may claim this machine's id as its
/// own former one, nor a device that went on writing after the claim was made. A claim is
/// made when the claimant begins to write as itself (its first change here); a claimant with
/// no change yet made it when it wrote its file. A file dated ahead of this machine's clock
/// (beyond the tolerance changes have) claims nothing until that time.
/// A device file that claims to have merged a change of this machine later than any it made
/// is not believed on what it merged. A claim not honoured is named in status; a machine
/// another device retired is told so.
struct DeviceClaims {
    /// The former ids each device is shown with, by device.
    var formerOf: [String: [String]] = [:]
    /// Devices retired here, by another device, or replaced by a new id of the same log.
    var retired: Set<String> = []
    /// The devices whose files retire this machine.
    var retiredBy: [String] = []
    /// Claims not honoured, and why (for status).
    var refused: [SyncStatus.IgnoredEntry] = []
    /// What each device has merged of this machine's changes, by its file: the clock of the
    /// latest, or 0 when its file claims a change this machine never stamped (nothing it says
    /// of this machine is believed then).
    var mergedOfOwn: [String: Int64] = [:]

    /// Weighs the device files in `folder` for the machine `own`, with the operations this log
    /// holds (`summaries`) and this machine's own former and forgotten ids.
    /// `now` is this machine's wall clock, in milliseconds; `ownHighest` the greatest clock this
    /// machine ever stamped or saw (see ``SyncTables/highestClock(of:)``).
    init(
        folder: OpenedSyncFolder?, own: String, summaries: [SyncDeviceSummary], former: [String], forgotten: [String], now: Int64,
        ownHighest: Int64
    ) {
        let lastMilliseconds = Dictionary(summaries.map { ($0.device, HybridClock.milliseconds($0.lastClock)) }) { a, _ in a }
        let firstMilliseconds = Dictionary(summaries.map { ($0.device, HybridClock.milliseconds($0.firstClock)) }) { a, _ in a }
        retired = Set(forgotten).union(former)
        formerOf[own] = former.filter { $0 != own }
        for device in folder?.deviceIDs() ?? [] where device != own {
            guard let file = folder?.deviceFile(of: device) else { continue }
            let path = "\(SyncFolder.journalName)/\(device)/\(SyncFolder.deviceFileName)"
            if let merged = file.merged[own] {
                if merged > ownHighest {
                    refused.append(.init(path: path, reason: Phrase("claims to have merged changes this machine never made: not believed")))
                    mergedOfOwn[device] = 0
                } else {
                    mergedOfOwn[device] = merged
                }
            }
            if file.former.contains(own) {
                refused.append(.init(path: path, reason: Phrase("claims this machine's id as a former one of its own: not honoured")))
            }
            // A file dated ahead of this machine's clock claims nothing: its date would make any
            // later change of the claimed device look older than the claim.
            if let updated = file.updated, updated > now + ClockTolerance.ahead {
                if file.former.contains(where: { $0 != own }) || !file.retired.isEmpty {
                    refused.append(.init(path: path, reason: Phrase("dated ahead of this machine's clock: its claims on other devices are not honoured")))
                }
                continue
            }
            // A claim made before the claimed device's last change is not the claimant's to make.
            let claimedAt = firstMilliseconds[device] ?? file.updated ?? 0
            let wroteAfter = { (claimed: String) -> Bool in
                guard let last = lastMilliseconds[claimed] else { return false }
                return last > claimedAt
            }
            for claimed in file.former {
                if claimed == own {
                    continue
                } else if wroteAfter(claimed) {
                    refused.append(.init(path: path, reason: Phrase("claims {device} as a former id of its own, but {device} wrote after it: not honoured", ["device": String(claimed.prefix(8))])))
                } else {
                    formerOf[device, default: []].append(claimed)
                    retired.insert(claimed)
                }
            }
            for claimed in file.retired {
                if claimed == own {
                    retiredBy.append(device)
                } else {
                    retired.insert(claimed)
                }
            }
        }
        retired.remove(own)
        for (device, ids) in formerOf { formerOf[device] = Array(Set(ids)).sorted() }
    }
}
