import HealthCore
import HealthSync

/// How sync's reports read: merges, joins and the status, as text and JSON.
enum SyncText {
    /// "laptop-dad (3f9a1c2b)" or the short id alone.
    static func deviceName(_ id: String, names: [String: String]) -> String {
        let short = String(id.prefix(8))
        guard let name = names[id], !name.isEmpty else { return short }
        return "\(name.visibleControls()) (\(short))"
    }

    private static let nouns: [SyncEntity: String] = [.profile: "profile", .tag: "tag definition", .event: "event", .reading: "reading"]

    /// What a merge brought in, one line per device.
    static func printMerge(_ report: MergeReport, names: [String: String], context: CommandContext, quietWhenEmpty: Bool = false) {
        if report.tallies.isEmpty && report.refused == 0 && report.conflicts == 0 && report.republished == 0 && report.keptDefaultProfile == nil {
            if !quietWhenEmpty { context.stdout.line("Nothing new in the shared folder.") }
            return
        }
        for device in report.tallies.keys.sorted() {
            var parts: [String] = []
            for entity in [SyncEntity.reading, .event, .profile, .tag] {
                guard let tally = report.tallies[device]?[entity], let noun = nouns[entity] else { continue }
                var counts: [String] = []
                if tally.added > 0 { counts.append("\(tally.added) added") }
                if tally.changed > 0 { counts.append("\(tally.changed) changed") }
                if tally.deleted > 0 { counts.append("\(tally.deleted) deleted") }
                if tally.hidden > 0 { counts.append("\(tally.hidden) hidden (profile not known)") }
                let total = tally.added + tally.changed + tally.deleted + tally.hidden
                parts.append("\(total == 1 ? noun : noun + "s") " + counts.joined(separator: ", "))
            }
            context.stdout.line("From \(deviceName(device, names: names)): \(parts.joined(separator: "; ")).")
        }
        if report.conflicts > 0 {
            context.stdout.line("\(counted(report.conflicts, "concurrent edit")): the later change won; see 'healthlog sync status'.")
        }
        if report.refused > 0 {
            context.stderr.line("\(counted(report.refused, "line")) in the shared folder refused; see 'healthlog sync status'.")
        }
        if report.republished > 0 {
            context.stdout.line("Wrote \(counted(report.republished, "change")) of this device's to its journal again (it was missing or cut short).")
        }
        if let kept = report.keptDefaultProfile {
            context.stdout.line(
                "\(kept) stays this machine's default profile now that the shared log has others ('healthlog profile default ID' changes it).")
        }
    }

    /// A time in the machine's zone, `2026-12-02 08:15`.
    static func localTime(_ milliseconds: Int64, context: CommandContext) -> String {
        let instant = context.zone.zoned(utcSeconds: milliseconds / 1000)
        return "\(instant.localDate) \(instant.localTimeText)"
    }

    /// `3 h`, `12 min`, `40 s`.
    static func duration(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        if seconds >= 2 * 86_400 { return "\(seconds / 86_400) days" }
        if seconds >= 3600 { return "\(seconds / 3600) h" }
        if seconds >= 60 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }

    static func printStatus(_ status: SyncStatus, context: CommandContext) {
        let out = context.stdout
        let names = Dictionary(status.devices.compactMap { device in device.name.map { (device.id, $0) } }) { a, _ in a }
        out.line("Shared folder: \(status.folder.visibleControls())\(status.folderPresent ? "" : " (MISSING: is the drive mounted, or was it moved?)")")
        out.line("This device: \(status.device)")
        out.line("Devices:")
        for device in status.devices {
            var parts = [deviceName(device.id, names: names) + (device.isThisDevice ? ", this device" : "")]
            if let app = device.app { parts.append("HealthLog \(app.visibleControls())") }
            parts.append(counted(device.operations, "change"))
            if let last = device.lastChange { parts.append("last change \(localTime(last, context: context))") }
            if !device.isThisDevice {
                if let merge = device.lastMerge { parts.append("last merged \(localTime(merge, context: context))") }
                switch device.waiting {
                case nil: parts.append("has not merged this device's changes yet")
                case 0?: parts.append("has every change of this device")
                case let count?: parts.append("\(counted(count, "change")) of this device not merged there yet")
                }
            }
            if let ahead = device.clockAhead { parts.append("its clock ran \(duration(ahead)) ahead of this machine's") }
            out.line("  " + parts.joined(separator: "; "))
        }
        if status.unmerged { out.line("Waiting: the folder holds changes this log has not merged (run 'healthlog sync').") }
        if status.journalBehind { out.line("Waiting: some of this device's changes are not in the folder yet; they are written at the next merge.") }
        if status.hiddenReadings + status.hiddenEvents > 0 {
            out.line("Hidden, not lost: \(counted(status.hiddenReadings, "reading")) and \(counted(status.hiddenEvents, "event")) whose profile is deleted or not yet known.")
        }
        if !status.conflictCopies.isEmpty {
            out.line("Conflict copies (read as extra journal segments; nothing in them is lost):")
            for copy in status.conflictCopies { out.line("  \(copy.visibleControls())") }
        }
        if !status.ignored.isEmpty {
            out.line("Not read (remove them, or find what put them there):")
            for entry in status.ignored { out.line("  \(entry.path.visibleControls()): \(entry.reason)") }
        }
        if status.conflictTotal > 0 {
            out.line("Concurrent edits: \(status.conflictTotal) (the later change wins):")
            for conflict in status.conflicts {
                let winner = deviceName(conflict.winnerDevice, names: names)
                let loser = deviceName(conflict.loserDevice, names: names)
                let won = conflict.winnerDeleted ? "deletion" : "change"
                let lost = conflict.loserDeleted ? "deletion" : "change"
                out.line(
                    "  \(conflict.entity.rawValue) \(conflict.entityID.prefix(8).visibleControls()): \(winner)'s \(won) of \(localTime(HybridClock.milliseconds(conflict.winnerClock), context: context)) won over \(loser)'s \(lost) of \(localTime(HybridClock.milliseconds(conflict.loserClock), context: context))"
                        + (conflict.loserDeleted ? " (kept: it was changed elsewhere after the deletion was made)" : ""))
                if !conflict.lost.isEmpty, !conflict.loserDeleted {
                    let values = conflict.lost.map { "\($0.name) \($0.value.isEmpty ? "(empty)" : "\"" + $0.value.visibleControls() + "\"")" }
                    out.line("    the losing change had: " + values.joined(separator: ", "))
                }
            }
        }
        if status.refusedTotal > 0 {
            out.line("Refused lines: \(status.refusedTotal)\(status.refusedTotal > status.refusals.count ? " (the first \(status.refusals.count))" : ""):")
            for refusal in status.refusals {
                let place = refusal.line > 0 ? ":\(refusal.line)" : ""
                out.line("  \(refusal.path.visibleControls())\(place): \(refusal.reason.visibleControls())")
            }
        }
        if status.unmerged == false, status.refusedTotal == 0, status.conflictTotal == 0, status.folderPresent {
            out.line("In step: every change in the folder is merged.")
        }
    }

    /// `sync status --format json`, version 1 (keys are added, never renamed or removed).
    static func json(_ status: SyncStatus) -> JSONValue {
        let time = { (milliseconds: Int64?) -> JSONValue in
            milliseconds.map { .string(ZonedInstant(utcSeconds: $0 / 1000, offsetMinutes: 0).iso8601) } ?? .null
        }
        return .object([
            ("schema", .int(1)), ("folder", .string(status.folder)), ("folderPresent", .bool(status.folderPresent)),
            ("device", .string(status.device)),
            ("devices", .array(status.devices.map { device in
                .object([
                    ("id", .string(device.id)), ("name", .optional(device.name)), ("app", .optional(device.app)),
                    ("thisDevice", .bool(device.isThisDevice)), ("operations", .int(device.operations)),
                    ("lastChange", time(device.lastChange)), ("lastMerge", time(device.lastMerge)), ("waiting", .optional(device.waiting)),
                    ("clockAheadSeconds", device.clockAhead.map { .int(Int($0 / 1000)) } ?? .null),
                ])
            })),
            ("unmerged", .bool(status.unmerged)), ("journalBehind", .bool(status.journalBehind)),
            ("hidden", .object([("readings", .int(status.hiddenReadings)), ("events", .int(status.hiddenEvents))])),
            ("conflictCopies", .array(status.conflictCopies.map(JSONValue.string))),
            ("ignored", .array(status.ignored.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("conflicts", .object([
                ("total", .int(status.conflictTotal)),
                ("latest", .array(status.conflicts.map { conflict in
                    .object([
                        ("entity", .string(conflict.entity.rawValue)), ("id", .string(conflict.entityID)),
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
