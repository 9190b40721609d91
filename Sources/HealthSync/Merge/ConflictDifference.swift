import HealthCore
import HealthRecords

/// What the losing side of a concurrent edit held that the winning side set otherwise: the
/// values a family member typed that the log no longer shows, so they can be entered again.
enum ConflictDifference {
    /// The loser's fields that differ from the winner's, with the loser's values (none when the
    /// loser deleted the record; every field when the winner did).
    static func lost(winner: LogChange?, loser: LogChange) -> [SyncConflict.Field] {
        let losing = fields(of: loser)
        let winning = winner.map(fields(of:)) ?? []
        return losing.filter { field in !winning.contains(field) }
    }

    /// A put's fields as text, in a fixed order; none for a deletion.
    private static func fields(of change: LogChange) -> [SyncConflict.Field] {
        let field = { (name: String, value: String) in SyncConflict.Field(name: name, value: value) }
        switch change {
        case .readingPut(let r):
            return [
                field("takenAt", r.takenAt.iso8601), field("bp", r.bloodPressure.map { "\($0.systolic)/\($0.diastolic)" } ?? ""),
                field("pulse", r.pulse.map(String.init) ?? ""), field("weightKg", r.weightGrams.map(formatKilograms) ?? ""),
                field("tags", r.tagIDs.joined(separator: ",")), field("note", r.note), field("site", r.site.rawValue),
            ]
        case .profilePut(let p):
            return [
                field("name", p.name), field("birthYear", p.birthYear.map(String.init) ?? ""), field("sex", p.sex?.rawValue ?? ""),
                field("target", p.target.map { "\($0.systolic)/\($0.diastolic)" } ?? ""),
                field("conditions", p.conditions.map(\.rawValue).joined(separator: ",")), field("pregnancyDue", p.pregnancyDue?.description ?? ""),
                field("frail", String(p.frail)), field("sleep", p.sleep?.description ?? ""),
            ]
        case .tagPut(let t):
            return [
                field("label", t.label), field("labelZh", t.labelZh ?? ""), field("color", t.color), field("symbol", t.symbol),
                field("deviation", String(t.deviation)), field("removed", String(t.removed)),
            ]
        case .eventPut(let e):
            return [
                field("at", e.at.iso8601), field("kind", e.kind.rawValue), field("text", e.text),
                field("medicine", e.medicine.map { [$0.name, $0.action.rawValue, $0.dose ?? "", $0.timesText, $0.reason ?? ""].joined(separator: "|") } ?? ""),
            ]
        case .readingDeleted, .profileDeleted, .eventDeleted, .defaultProfileSet, .restored:
            return []
        }
    }
}
