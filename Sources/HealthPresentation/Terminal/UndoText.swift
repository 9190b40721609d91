public import HealthCore

/// How `healthlog undo` tells what it takes back, in the words of `words`: when the change was
/// made, then each reading and profile it touched, a line each, as undoing leaves it (a reading
/// the change added is removed, one it deleted comes back, one it edited is put back as it was).
public struct UndoText {
    let readings: ReadingText
    let words: StringTable
    let profiles: [String: Profile]
    let zone: any TimeZoneRule

    public init(profiles: [Profile], tags: [StatusTag], words: StringTable, style: any TerminalEmphasis, zone: any TimeZoneRule) {
        readings = ReadingText(tags: tags, words: words, style: style)
        self.words = words
        self.profiles = Dictionary(profiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.zone = zone
    }

    /// `Sun 2026-12-06 20:45`: when `step` was made, in the local zone.
    public func when(_ step: UndoStep) -> String {
        let made = zone.zoned(utcSeconds: step.madeAt / 1000)
        return "\(words.weekdayAndDate(made.localDate)) \(made.localTimeText)"
    }

    /// The heading line: `The last change, made Sun 2026-12-06 20:45:`.
    public func heading(_ step: UndoStep) -> String {
        words.cli("undo.heading", ["when": when(step)])
    }

    /// A line a record: `Remove 3f2a9c1e · dad · …` before undoing (`done: false`), `Removed …`
    /// after; past `limit` readings, one line counts the rest, and one counts the events, tags
    /// and default-profile settings the change also touched.
    public func lines(_ step: UndoStep, done: Bool, limit: Int = 10) -> [String] {
        let tense = done ? "done" : "todo"
        var lines: [String] = []
        let touched = step.readings
        for (action, reading) in touched.prefix(limit) {
            let profile = profiles[reading.profileID] ?? Profile(id: reading.profileID, name: reading.profileID)
            lines.append("  " + readings.confirmation("undo.\(tense).\(action.word)", reading, profile: profile))
        }
        if touched.count > limit {
            lines.append("  " + words.cli("undo.more", ["readings": words.counted(touched.count - limit, "reading")]))
        }
        let edits = step.profileEdits
        for (action, id) in step.profiles {
            var line = "  " + words.cli("undo.\(tense).\(action.word)") + " " + words.cli("undo.profile", ["id": id.visibleControls()])
            // A profile edit says what undoing puts back: the name 老王 → 老爸, the target.
            if let edit = edits[id] {
                var changes: [String] = []
                if edit.before.name != edit.after.name {
                    changes.append(words.cli("undo.profile.name", ["from": edit.after.name.visibleControls(), "to": edit.before.name.visibleControls()]))
                }
                if edit.before.birthYear != edit.after.birthYear || edit.before.target != edit.after.target || edit.before.sex != edit.after.sex
                    || edit.before.conditions != edit.after.conditions || edit.before.pregnancyDue != edit.after.pregnancyDue
                    || edit.before.frail != edit.after.frail || edit.before.sleep != edit.after.sleep
                {
                    changes.append(words.cli("undo.profile.details"))
                }
                if !changes.isEmpty { line += ": " + changes.joined(separator: words.language == .chinese ? "；" : "; ") }
            }
            lines.append(line)
        }
        // Events (a medicine started, a dose, a visit) are named as `med` and `event` print them.
        let events = EventText(words: words)
        let touchedEvents = step.events
        for (action, event) in touchedEvents.prefix(limit) {
            lines.append(
                "  \(words.cli("undo.\(tense).\(action.word)")) \(String(event.id.prefix(8))) · \(event.profileID.visibleControls()) · \(events.when(event)) · \(events.text(event).visibleControls(lineBreaks: .symbol))")
        }
        let others =
            max(0, touchedEvents.count - limit) + step.count(of: .event) - touchedEvents.count + step.count(of: .tag)
            + step.touched.filter { $0.before?.record == nil && $0.after?.record == nil }.count
        if others > 0 { lines.append("  " + words.cli("undo.others", ["records": words.counted(others, "record")])) }
        return lines
    }
}

extension UndoStep.Action {
    /// The `cli.undo.<tense>.` key of what undoing does to a record the change did this to.
    var word: String {
        switch self {
        case .added: "remove"
        case .changed: "revert"
        case .deleted: "restore"
        }
    }
}
