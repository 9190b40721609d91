public import HealthAnalytics
public import HealthCore

/// The protocol week before a visit as `due` says it: how many days are complete, the sessions
/// still to take day by day, those missed, and the one next step.
public struct DueText {
    let profile: Profile
    let due: ProtocolDue
    let today: CivilDate
    let words: StringTable
    let emphasis: any TerminalEmphasis

    public init(profile: Profile, due: ProtocolDue, today: CivilDate, words: StringTable, emphasis: any TerminalEmphasis) {
        self.profile = profile
        self.due = due
        self.today = today
        self.words = words
        self.emphasis = emphasis
    }

    /// `due --format json`: the week, every session's state, and the next one.
    public static func json(profile: Profile, due: ProtocolDue) -> JSONValue {
        let slot = { (slot: ProtocolDue.Slot) -> JSONValue in
            .object([
                ("date", .string(slot.date.description)), ("session", .string(slot.session.rawValue)), ("taken", .int(slot.taken)),
                ("state", .string(slot.state.rawValue)),
            ])
        }
        return .object([
            ("profile", .string(profile.id)), ("visit", .string(due.visit.description)), ("start", .string(due.week.start.description)),
            ("end", .string(due.week.end.description)), ("days", .int(due.week.days.count)), ("completeDays", .int(due.completeDays)),
            ("count", .int(due.week.count)), ("needed", .int(ProtocolAverage.minimumCount)), ("sufficient", .bool(due.week.sufficient)),
            ("readingsPerSession", .int(ProtocolWeek.readingsPerSlot)), ("slots", .array(due.slots.map(slot))),
            ("next", due.next.map(slot) ?? .null),
        ])
    }

    /// The lines `due` prints, none wider than `width` when given.
    public func lines(width: Int?) -> [String] {
        var lines: [String] = []
        let say = { (text: String) in lines += width.map { text.wrapped(toWidth: $0) } ?? [text] }
        let name = { (date: CivilDate) in words.weekdayAndDate(date) }
        let week = due.week
        say(emphasis.bold(profile.heading) + " · "
            + words.cli("due.visit", ["visit": name(due.visit), "from": week.start.description, "to": week.end.description]))
        let complete = words.cli("due.complete", ["done": String(due.completeDays), "days": String(week.days.count)])
        let counted = words.cli("due.counted", ["n": String(week.count), "needed": String(ProtocolAverage.minimumCount)])
        say((due.completeDays == week.days.count ? emphasis.green(complete) : complete) + " · " + counted)
        lines.append("")
        let session = { (slot: ProtocolDue.Slot) -> String in
            let word = words.periodName(slot.session == .morning ? .morning : .evening)
            return slot.taken > 0 ? "\(word) (\(slot.taken)/\(ProtocolWeek.readingsPerSlot))" : word
        }
        let dayWidth = max(15, name(week.start).displayWidth)
        let byDay = { (slots: [ProtocolDue.Slot]) -> [(CivilDate, [ProtocolDue.Slot])] in
            var days: [(CivilDate, [ProtocolDue.Slot])] = []
            for slot in slots {
                if days.last?.0 == slot.date { days[days.count - 1].1.append(slot) } else { days.append((slot.date, [slot])) }
            }
            return days
        }
        let stillDue = due.stillDue
        if stillDue.isEmpty {
            say(words.cli("due.noneLeft"))
        } else {
            say(emphasis.bold(words.cli("due.stillDue", ["n": String(ProtocolWeek.readingsPerSlot)])))
            for (date, slots) in byDay(stillDue) {
                let text = words.conjunction(slots.map(session))
                let remark = date == today ? "  " + emphasis.dim(words.cli("due.today")) : ""
                lines.append("  \(name(date).padding(dayWidth))  \(date == today ? emphasis.yellow(text) : text)\(remark)")
            }
        }
        let missed = due.missed
        if !missed.isEmpty {
            lines.append("")
            say(emphasis.bold(words.cli("due.missed")))
            for (date, slots) in byDay(missed) {
                lines.append("  \(name(date).padding(dayWidth))  \(words.conjunction(slots.map(session)))")
            }
        }
        lines.append("")
        say(next)
        return lines
    }

    /// The one next step.
    private var next: String {
        let perSlot = ProtocolWeek.readingsPerSlot
        guard let slot = due.next else {
            return due.week.sufficient
                ? emphasis.green(words.cli("due.next.sufficient"))
                : emphasis.yellow(words.cli("due.next.short", ["n": String(due.week.count), "needed": String(ProtocolAverage.minimumCount)]))
        }
        let period = words.periodName(slot.session == .morning ? .morning : .evening)
        let readings = words.counted(perSlot - slot.taken, "reading")
        if slot.state == .due {
            return words.cli("due.next.today", ["period": period, "readings": readings])
        }
        return words.cli("due.next.planned", ["date": words.weekdayAndDate(slot.date), "period": period, "readings": readings])
    }

    /// What a reminder says when today's sessions are open: `dad (爸爸): evening, 2 readings still to take`.
    public static func reminder(profile: Profile, due: ProtocolDue, words: StringTable) -> String? {
        let open = due.dueNow
        guard !open.isEmpty else { return nil }
        let sessions = open.map { words.periodName($0.session == .morning ? .morning : .evening) }
        let readings = open.reduce(0) { $0 + ProtocolWeek.readingsPerSlot - $1.taken }
        return words.cli("remind.due", [
            "profile": profile.heading, "periods": words.conjunction(sessions),
            "readings": words.counted(readings, "reading"),
        ])
    }
}
