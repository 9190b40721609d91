import HealthCore
import HealthRecords

/// What the devices of a shared log say of one another in their device files: which ids they
/// wrote as before, which devices they retired, and whose changes they hold, weighed once for
/// status, leaving, forgetting and clock repair alike.
///
/// A device file is written by whoever can write the folder, so a claim is honoured only where
/// it cannot take what is not the claimant's: no device may claim this machine's id as its
/// own former one, nor a device that went on writing after the claim was made. A claim is
/// made when the claimant begins to write as itself (its first change here); a claimant with
/// no change yet made it when it wrote its file. A retirement (here or in a device file) holds
/// only while the retired device writes nothing after its change the retirement names: a
/// device file refreshed every day cannot keep a device that still writes retired. A file dated
/// ahead of this machine's clock (beyond the tolerance changes have) claims nothing until that
/// time.
/// A device file that claims to have merged a change of this machine later than any it made,
/// or to hold more of its changes, or stamped further ahead, than it ever made, is not
/// believed on that; nor is a claim to hold its changes from a device that made no change this
/// log holds (a file anyone could have put there, with no journal behind it). A claim not honoured is named in status; a machine another device retired
/// is told so.
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
    /// What each device holds of this machine's changes for their time, where believed.
    var heldOfOwn: [String: (operations: Int, aheadMs: Int64)] = [:]

    /// The earliest time a device can have seen a change of this one: before it, HealthLog
    /// did not share logs (1 January 2025, UTC, in milliseconds).
    static let earliestSight: Int64 = 1_735_689_600_000

    /// Weighs the device files in `folder` for the machine `own`, with what `tables` holds
    /// (`summaries`: its ``SyncTables/devices()``, when the caller has them already).
    init(_ tables: SyncTables, folder: OpenedSyncFolder?, own: String, now: Int64, summaries: [SyncDeviceSummary]? = nil) throws(RecordsError) {
        var known = summaries ?? []
        if summaries == nil { known = try tables.devices() }
        self.init(
            folder: folder, own: own, summaries: known, former: try tables.list(.formerDevices),
            forgotten: try tables.list(.forgottenDevices), forgottenAfter: try tables.forgottenAfter(), now: now,
            ownHighest: try tables.highestClock(of: own))
    }

    /// Weighs the device files in `folder` for the machine `own`, with the operations this log
    /// holds (`summaries`) and this machine's own former and forgotten ids (`forgottenAfter`:
    /// the clock of each forgotten device's last change when it was forgotten).
    /// `now` is this machine's wall clock, in milliseconds; `ownHighest` the greatest clock this
    /// machine ever stamped or saw (see ``SyncTables/highestClock(of:)``).
    init(
        folder: OpenedSyncFolder?, own: String, summaries: [SyncDeviceSummary], former: [String], forgotten: [String],
        forgottenAfter: [String: Int64] = [:], now: Int64, ownHighest: Int64
    ) {
        let lastClock = Dictionary(summaries.map { ($0.device, $0.lastClock) }) { a, _ in a }
        let lastMilliseconds = lastClock.mapValues(HybridClock.milliseconds)
        let firstMilliseconds = Dictionary(summaries.map { ($0.device, HybridClock.milliseconds($0.firstClock)) }) { a, _ in a }
        let ownOperations = summaries.first { $0.device == own }?.operations ?? 0
        // Why a retirement of `claimed` as of its change `after` no longer holds, or nil.
        let lapsed = { (claimed: String, after: Int64?) -> Phrase? in
            guard let after else {
                return Phrase("retires {device} without saying as of which change of it: not honoured", ["device": String(claimed.prefix(8))])
            }
            if HybridClock.milliseconds(after) > now {
                return Phrase("retires {device} as of a change dated ahead of this machine's clock: not honoured", ["device": String(claimed.prefix(8))])
            }
            guard let last = lastClock[claimed], last > after else { return nil }
            return Phrase("retires {device}, but {device} wrote after that: not honoured", ["device": String(claimed.prefix(8))])
        }
        retired = Set(former)
        // Forgotten here: a device forgotten before its clock was kept stays retired; one that
        // wrote after it was forgotten is waited for again (and dropped from the list at the next
        // write of this machine's device file, see ``lapsedForgotten(_:forgottenAfter:summaries:)``).
        for device in forgotten where device != own && forgottenAfter[device].map({ after in (lastClock[device] ?? 0) <= after }) ?? true {
            retired.insert(device)
        }
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
            if let held = file.held[own], held.operations > 0 {
                if lastClock[device] == nil {
                    refused.append(.init(path: path, reason: Phrase("claims to hold this machine's changes, but has made no change of its own that this log holds: not believed")))
                } else if held.operations > ownOperations {
                    refused.append(.init(path: path, reason: Phrase("claims to hold more of this machine's changes than it made: not believed")))
                } else if held.aheadMs > HybridClock.milliseconds(ownHighest) - Self.earliestSight {
                    refused.append(.init(path: path, reason: Phrase("claims this machine's changes came further ahead of its clock than any was stamped: not believed")))
                } else {
                    heldOfOwn[device] = held
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
                if let why = lapsed(claimed, file.retiredAfter[claimed]) {
                    refused.append(.init(path: path, reason: why))
                } else if claimed == own {
                    retiredBy.append(device)
                } else {
                    retired.insert(claimed)
                }
            }
        }
        retired.remove(own)
        for (device, ids) in formerOf { formerOf[device] = Array(Set(ids)).sorted() }
    }

    /// The devices forgotten here that wrote after they were forgotten: no longer retired, and
    /// to be dropped from this machine's list, so its device file stops retiring them.
    static func lapsedForgotten(_ forgotten: [String], forgottenAfter: [String: Int64], summaries: [SyncDeviceSummary]) -> Set<String> {
        let lastClock = Dictionary(summaries.map { ($0.device, $0.lastClock) }) { a, _ in a }
        return Set(forgotten.filter { device in
            guard let after = forgottenAfter[device], let last = lastClock[device] else { return false }
            return last > after
        })
    }
}
