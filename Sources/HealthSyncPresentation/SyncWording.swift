public import HealthCore
import HealthPresentation
public import HealthSync

/// One line of a sync report, and whether it is a warning (standard error on the command line).
public struct SyncLine: Equatable, Sendable {
    public let text: String
    public let isWarning: Bool

    init(_ text: String, warning: Bool = false) {
        self.text = text
        isWarning = warning
    }
}

/// One thing `sync setup` shows: a line, or a text (this machine's id) drawn as a QR code.
public enum SyncSetupOutput: Equatable, Sendable {
    case line(SyncLine)
    case qrCode(String)
}

/// How sync's reports read, for every front end: merges, joins and the status, as lines in the
/// reader's words and as JSON.
public struct SyncWording {
    let words: StringTable
    let zone: any TimeZoneRule

    /// Sync's words in `words`, times told in `zone`.
    public init(words: StringTable, zone: any TimeZoneRule) {
        self.words = words
        self.zone = zone
    }

    /// "laptop-dad (3f9a1c2b)" or the short id alone; `shortForms` gives longer ids where the
    /// first 8 digits are shared (see ``DeviceIDs``).
    public static func deviceName(_ id: String, names: [String: String], shortForms: [String: String] = [:]) -> String {
        let short = shortForms[id] ?? String(id.prefix(8))
        guard let name = names[id], !name.isEmpty else { return short }
        return "\(name.visibleControls()) (\(short))"
    }

    /// What a merge brought in, one line per device, devices named by `names`.
    public func merge(_ report: MergeReport, names: [String: String], quietWhenEmpty: Bool = false) -> [SyncLine] {
        let say = { (key: String, values: [String: String]) in words.cli("sync.\(key)", values) }
        if report.tallies.isEmpty && report.refused == 0 && report.conflicts == 0 && report.republished == 0 && report.keptDefaultProfile == nil
            && report.held == 0 && report.formerDevice == nil && report.ownClockRanAhead == nil
        {
            return quietWhenEmpty ? [] : [SyncLine(say("nothingNew", [:]))]
        }
        var lines: [SyncLine] = []
        for device in report.tallies.keys.sorted() {
            var parts: [String] = []
            for entity in [RecordKind.reading, .event, .profile, .tag] {
                guard let tally = report.tallies[device]?[entity] else { continue }
                var counts: [String] = []
                if tally.added > 0 { counts.append(say("added", ["n": String(tally.added)])) }
                if tally.changed > 0 { counts.append(say("changed", ["n": String(tally.changed)])) }
                if tally.deleted > 0 { counts.append(say("deleted", ["n": String(tally.deleted)])) }
                if tally.hidden > 0 { counts.append(say("hidden", ["n": String(tally.hidden)])) }
                let total = tally.added + tally.changed + tally.deleted + tally.hidden
                let noun = say("entity.\(entity.rawValue)" + (total == 1 ? ".one" : ""), [:])
                parts.append(say("entityCounts", ["entity": noun, "counts": counts.joined(separator: say("countSeparator", [:]))]))
            }
            lines.append(SyncLine(say("from", ["device": Self.deviceName(device, names: names), "parts": parts.joined(separator: say("partSeparator", [:]))])))
        }
        if report.conflicts > 0 {
            lines.append(SyncLine(say(report.conflicts == 1 ? "conflicts.one" : "conflicts", ["n": String(report.conflicts)])))
        }
        if report.refused > 0 {
            lines.append(SyncLine(say(report.refused == 1 ? "refused.one" : "refused", ["n": String(report.refused)]), warning: true))
        }
        if report.republished > 0 {
            lines.append(SyncLine(say(report.republished == 1 ? "republished.one" : "republished", ["n": String(report.republished)])))
        }
        if let kept = report.keptDefaultProfile {
            lines.append(SyncLine(say("keptDefault", ["profile": kept])))
        }
        if report.held > 0 {
            lines.append(SyncLine(say("held", ["changes": words.counted(report.held, "change")]), warning: true))
        }
        if let former = report.formerDevice {
            lines.append(SyncLine(say("twin", ["former": String(former.prefix(8))]), warning: true))
        }
        if let ahead = report.ownClockRanAhead {
            lines.append(SyncLine(say("ownClockRanAhead", ["duration": duration(ahead)]), warning: true))
        }
        return lines
    }

    /// What joining a shared log did: started, joined or already a member, what came in, and
    /// what was published.
    public func join(_ report: JoinReport, names: [String: String]) -> [SyncLine] {
        let joined = report.alreadyMember ? "sync.alreadyMember" : report.joinedExisting ? "sync.joined" : "sync.started"
        var lines = [SyncLine(words.cli(joined, ["folder": report.folder.visibleControls(), "device": report.device]))]
        lines += merge(report.merge, names: names, quietWhenEmpty: true)
        if report.merge.published > 0 {
            lines.append(SyncLine(words.cli("sync.published", ["records": words.counted(report.merge.published, "record")])))
        }
        return lines
    }

    /// What `sync setup` says at `event`, in order; while waiting for the other machine, this
    /// machine's id is also drawn as a QR code. `names` (the devices' names) is read only for a join.
    public func setup(_ event: SyncSetupEvent, names: @autoclosure () -> [String: String]) -> [SyncSetupOutput] {
        let said = { (key: String, values: [String: String]) in SyncSetupOutput.line(SyncLine(words.cli(key, values))) }
        switch event {
        case .joined(let join):
            return self.join(join, names: names()).map { .line($0) }
        case .folder(let folder, let added):
            return [said(added ? "sync.setup.folderAdded" : "sync.setup.folderFound", ["id": folder.id.visibleControls(), "folder": folder.path.visibleControls()])]
        case .waitingForPeer(let own, let seconds):
            return [
                said("sync.setup.ownID", [:]), .line(SyncLine("  " + own.text)), .qrCode(own.text),
                said("sync.setup.runThere", ["command": "healthlog sync setup --with " + own.text]),
                said("sync.setup.waiting", ["duration": duration(Int64(seconds) * 1000)]),
            ]
        case .accepted(let device, let folder):
            let name = device.name.isEmpty ? device.id.short : "\(device.id.short) (\(device.name.prefix(64)))"
            return [said("sync.setup.accepted", ["device": name.visibleControls(), "id": folder.id.visibleControls()])]
        case .added(let device, let address):
            return [
                said("sync.setup.added", ["device": device.short, "address": address?.visibleControls() ?? words.cli("sync.setup.discovery")]),
                said("sync.setup.waitingForAcceptance", [:]),
            ]
        case .connected(let device):
            return [said("sync.setup.connected", ["device": device.short])]
        case .sharedFolder(let folder, let device):
            return [said("sync.setup.shared", ["id": folder.id.visibleControls(), "folder": folder.path.visibleControls(), "device": device.short])]
        case .waitingForDelivery:
            return [said("sync.setup.waitingForDelivery", [:])]
        }
    }

    /// A time in the machine's zone, `2026-12-02 08:15`.
    public func localTime(_ milliseconds: Int64) -> String { zone.zoned(utcSeconds: milliseconds / 1000).localDateAndTime }

    /// `3 days`, `5 h`, `12 min`, `40 s` / `3 天`: to the nearest whole unit, so a skew of
    /// 259,199 seconds reads as 3 days, never as 2.
    public func duration(_ milliseconds: Int64) -> String {
        let seconds = (milliseconds + 500) / 1000
        let nearest = { (unit: Int64) in (seconds + unit / 2) / unit }
        if seconds >= 2 * 86_400 - 1800 { return words.counted(Int(nearest(86_400)), "day") }
        if seconds >= 2 * 3600 - 30 { return "\(nearest(3600)) h" }
        if seconds >= 2 * 60 { return "\(nearest(60)) min" }
        return "\(seconds) s"
    }

    /// `sync status` as text (the folder's refusal and ignore reasons are the journal's own, in English).
    public func status(_ status: SyncStatus) -> [String] {
        var lines: [String] = []
        let say = { (key: String, values: [String: String]) in words.cli("sync.status.\(key)", values) }
        let changes = { (count: Int) in words.counted(count, "change") }
        let names = Dictionary(status.devices.compactMap { device in device.name.map { (device.id, $0) } }) { a, _ in a }
        let everyID = status.devices.flatMap { [$0.id] + $0.formerIDs } + status.retired + status.retiredBy
        let short = DeviceIDs.shortForms(of: everyID, among: everyID)
        let shortName = { (id: String) in Self.deviceName(id, names: names, shortForms: short) }
        lines.append(say(status.folderPresent ? "folder" : "folderMissing", ["folder": status.folder.visibleControls()]))
        if let refusal = status.folderRefusal {
            lines.append(say("folderRefused", ["reason": words.say(refusal).visibleControls()]))
        }
        if !status.retiredBy.isEmpty {
            lines.append(say("retiredBy", ["devices": status.retiredBy.map(shortName).joined(separator: ", ")]))
        }
        lines.append(say("device", ["device": status.device]))
        if let folder = status.syncthingFolder { lines.append(say("syncthing", ["id": folder.visibleControls()])) }
        lines.append(say("devices", [:]))
        for device in status.devices {
            var parts = [shortName(device.id) + (device.isThisDevice ? say("thisDevice", [:]) : "")]
            if !device.formerIDs.isEmpty {
                parts.append(say("formerly", ["ids": device.formerIDs.map { short[$0] ?? $0 }.joined(separator: ", ")]))
            }
            if let app = device.app { parts.append("HealthLog \(app.visibleControls())") }
            parts.append(changes(device.operations))
            if let last = device.lastChange { parts.append(say("lastChange", ["time": localTime(last)])) }
            if !device.isThisDevice {
                if let merge = device.lastMerge { parts.append(say("lastMerged", ["time": localTime(merge)])) }
                switch device.waiting {
                case nil: parts.append(say("notMergedYet", [:]))
                case 0?: parts.append(say("hasEverything", [:]))
                case let count?: parts.append(say("waiting", ["changes": changes(count)]))
                }
            }
            if let ahead = device.clockAhead { parts.append(say("clockAhead", ["duration": duration(ahead)])) }
            if device.journalMissing { parts.append(say("journalMissing", [:])) }
            lines.append("  " + parts.joined(separator: say("separator", [:])))
        }
        if !status.retired.isEmpty {
            lines.append(say("retired", ["devices": status.retired.map { short[$0] ?? $0 }.joined(separator: ", ")]))
        }
        if status.unmerged { lines.append(say("unmerged", [:])) }
        if status.journalBehind { lines.append(say("journalBehind", [:])) }
        if !status.partial.isEmpty { lines.append(say("partial", ["devices": status.partial.map(shortName).joined(separator: ", ")])) }
        for held in status.held {
            lines.append(say("held", [
                "changes": changes(held.operations), "device": shortName(held.device),
                "duration": duration(held.ahead), "until": localTime(held.until),
                "now": localTime(status.now),
            ]))
        }
        for held in status.heldElsewhere {
            lines.append(say(held.isClockAhead ? "heldElsewhere" : "heldElsewhereDatedAhead", [
                "changes": changes(held.operations), "device": Self.deviceName(held.device, names: held.name.map { [held.device: $0] } ?? names),
                "duration": duration(held.ahead),
            ]))
        }
        if let own = status.ownClockRanAhead {
            lines.append(say("ownClockRanAhead", ["duration": duration(own.ahead), "time": localTime(own.foundAt)]))
        }
        if status.hiddenReadings + status.hiddenEvents > 0 {
            lines.append(say("hidden", ["readings": words.counted(status.hiddenReadings, "reading"), "events": words.counted(status.hiddenEvents, "event")]))
        }
        if !status.conflictCopies.isEmpty {
            lines.append(say("conflictCopies", [:]))
            for copy in status.conflictCopies { lines.append("  \(copy.visibleControls())") }
        }
        if !status.ignored.isEmpty {
            lines.append(say("ignored", [:]))
            for entry in status.ignored { lines.append("  \(entry.path.visibleControls()): \(words.say(entry.phrase).visibleControls())") }
        }
        if status.conflictTotal > 0 {
            lines.append(say("conflicts", ["n": String(status.conflictTotal)]))
            for conflict in status.conflicts {
                let time = { (clock: Int64) in localTime(HybridClock.milliseconds(clock)) }
                lines.append(
                    "  " + say(conflict.loserDeleted ? "conflict.kept" : "conflict", [
                        "entity": words.cli("sync.conflictEntity.\(conflict.kind.rawValue)"), "id": String(conflict.entityID.prefix(8)).visibleControls(),
                        "winner": shortName(conflict.winnerDevice), "won": say(conflict.winnerDeleted ? "deletion" : "change", [:]),
                        "winnerAt": time(conflict.winnerClock),
                        "loser": shortName(conflict.loserDevice), "lost": say(conflict.loserDeleted ? "deletion" : "change", [:]),
                        "loserAt": time(conflict.loserClock),
                    ]))
                if !conflict.lost.isEmpty, !conflict.loserDeleted {
                    // Each field by its name in the terminal's words (JSON keeps the record's keys).
                    let values = conflict.lost.map { field in
                        let name = words.has("cli.sync.field.\(field.name)") ? words.cli("sync.field.\(field.name)") : field.name
                        return field.value.isEmpty
                            ? say("lost.emptyField", ["field": name]) : say("lost.field", ["field": name, "value": field.value.visibleControls()])
                    }
                    lines.append("    " + say("lost", ["values": words.list(values)]))
                }
            }
        }
        if status.refusedTotal > 0 {
            lines.append(
                say(status.refusedTotal > status.refusals.count ? "refusedFirst" : "refused", [
                    "n": String(status.refusedTotal), "shown": String(status.refusals.count),
                ]))
            for refusal in status.refusals {
                let place = refusal.line > 0 ? ":\(refusal.line)" : ""
                lines.append("  \(refusal.path.visibleControls())\(place): \(words.say(refusal.phrase).visibleControls())")
            }
        }
        let missing = status.devices.filter(\.journalMissing)
        if !missing.isEmpty {
            lines.append(say("journalsMissing", ["devices": missing.map { shortName($0.id) }.joined(separator: ", "), "folder": status.folder.visibleControls()]))
        }
        if status.unmerged == false, status.refusedTotal == 0, status.conflictTotal == 0, status.folderPresent, missing.isEmpty,
            !status.journalBehind, status.held.isEmpty, status.heldElsewhere.isEmpty, status.folderRefusal == nil, status.partial.isEmpty
        {
            lines.append(say("inStep", [:]))
        }
        return lines
    }

    /// `sync status --format json`, version 1 (keys are added, never renamed or removed).
    public static func json(_ status: SyncStatus) -> JSONValue {
        let time = { (milliseconds: Int64?) -> JSONValue in
            milliseconds.map { .string(ZonedInstant(utcSeconds: $0 / 1000, offsetMinutes: 0).iso8601) } ?? .null
        }
        return .object([
            ("schema", .int(1)), ("folder", .string(status.folder)), ("folderPresent", .bool(status.folderPresent)),
            ("device", .string(status.device)), ("syncthingFolder", .optional(status.syncthingFolder)),
            ("devices", .array(status.devices.map { device in
                .object([
                    ("id", .string(device.id)), ("name", .optional(device.name)), ("app", .optional(device.app)),
                    ("thisDevice", .bool(device.isThisDevice)), ("operations", .int(device.operations)),
                    ("lastChange", time(device.lastChange)), ("lastMerge", time(device.lastMerge)), ("waiting", .optional(device.waiting)),
                    ("clockAheadSeconds", device.clockAhead.map { .int(Int($0 / 1000)) } ?? .null),
                    ("journalMissing", .bool(device.journalMissing)), ("formerIds", .array(device.formerIDs.map(JSONValue.string))),
                ])
            })),
            ("retired", .array(status.retired.map(JSONValue.string))), ("retiredBy", .array(status.retiredBy.map(JSONValue.string))),
            ("folderRefused", status.folderRefusal.map { .string($0.english) } ?? .null), ("partial", .array(status.partial.map(JSONValue.string))),
            ("unmerged", .bool(status.unmerged)), ("journalBehind", .bool(status.journalBehind)),
            ("held", .array(status.held.map {
                .object([("device", .string($0.device)), ("operations", .int($0.operations)), ("aheadSeconds", .int(Int($0.ahead / 1000))), ("until", time($0.until))])
            })),
            ("heldElsewhere", .array(status.heldElsewhere.map {
                .object([("device", .string($0.device)), ("name", .optional($0.name)), ("operations", .int($0.operations)), ("aheadSeconds", .int(Int($0.ahead / 1000)))])
            })),
            ("ownClockRanAheadSeconds", status.ownClockRanAhead.map { .int(Int($0.ahead / 1000)) } ?? .null),
            ("hidden", .object([("readings", .int(status.hiddenReadings)), ("events", .int(status.hiddenEvents))])),
            ("conflictCopies", .array(status.conflictCopies.map(JSONValue.string))),
            ("ignored", .array(status.ignored.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("conflicts", .object([
                ("total", .int(status.conflictTotal)),
                ("latest", .array(status.conflicts.map { conflict in
                    .object([
                        ("entity", .string(conflict.kind.rawValue)), ("id", .string(conflict.entityID)),
                        ("winner", .string(conflict.winnerDevice)), ("winnerAt", time(HybridClock.milliseconds(conflict.winnerClock))),
                        ("loser", .string(conflict.loserDevice)), ("loserAt", time(HybridClock.milliseconds(conflict.loserClock))),
                        ("winnerDeleted", .bool(conflict.winnerDeleted)), ("loserDeleted", .bool(conflict.loserDeleted)),
                        ("lost", .object(conflict.lost.map { ($0.name, JSONValue.string($0.value)) })),
                    ])
                })),
            ])),
            ("refused", .object([
                ("total", .int(status.refusedTotal)),
                ("lines", .array(status.refusals.map { .object([("path", .string($0.path)), ("line", .int($0.line)), ("reason", .string($0.reason))]) })),
            ])),
        ])
    }
}
