public import HealthAnalytics
public import HealthCore

/// A measurement week against the guideline (7 days, 2 morning and 2 evening readings a day,
/// the first day not counted), as `protocol` says it: day by day, with what today still needs.
public struct ProtocolWeekText {
    /// The days of a protocol week.
    public static let days = ProtocolAverage.windowDays

    let profile: Profile
    let week: ProtocolWeek
    let today: CivilDate
    /// Today's morning or evening readings still to take.
    let missingToday: [DayPeriod]
    let words: StringTable
    let emphasis: any TerminalEmphasis

    public init(
        profile: Profile, week: ProtocolWeek, today: CivilDate, missingToday: [DayPeriod], words: StringTable, emphasis: any TerminalEmphasis
    ) {
        self.profile = profile
        self.week = week
        self.today = today
        self.missingToday = missingToday
        self.words = words
        self.emphasis = emphasis
    }

    /// `protocol --format json` of `week`, with the slots today still needs.
    public static func json(profile: Profile, week: ProtocolWeek, missingToday: [DayPeriod]) -> JSONValue {
        .object([
            ("profile", .string(profile.id)), ("start", .string(week.start.description)), ("end", .string(week.end.description)),
            ("days", .array(week.days.map { day in
                .object([
                    ("date", .string(day.date.description)), ("morning", .int(day.morning)), ("evening", .int(day.evening)),
                    ("night", .int(day.night)),
                ])
            })),
            ("excludedDay", .optional(week.average?.excludedDay.description)), ("count", .int(week.count)), ("sufficient", .bool(week.sufficient)),
            ("average", week.average.map { .object([("systolic", .double($0.systolic)), ("diastolic", .double($0.diastolic))]) } ?? .null),
            ("missingToday", .array(missingToday.map { .string($0.rawValue) })),
        ])
    }

    /// The lines `protocol` prints. On a terminal `width` columns wide, no line is wider:
    /// sentences wrap, and a day's remark that does not fit beside its row goes on the line below.
    public func lines(width: Int?) -> [String] {
        var lines: [String] = []
        let name = { (date: CivilDate) in words.weekdayAndDate(date) }
        let say = { (text: String) in lines += width.map { text.wrapped(toWidth: $0) } ?? [text] }
        say(emphasis.bold(profile.heading) + " · "
            + words.cli("protocol.week", ["from": name(week.start), "to": name(week.end)]))
        say(words.cli("protocol.asks"))
        say(words.cli("protocol.sessions"))
        lines.append("")
        // Columns as wide as their titles, in either language: day, morning, evening.
        let titles = ["day", "morning", "evening"].map { words.cli("protocol.col.\($0)") }
        let dayWidth = max(15, titles[0].displayWidth, name(week.start).displayWidth)
        let slotWidth = max(7, titles[1].displayWidth, titles[2].displayWidth)
        lines.append(emphasis.bold("  \(titles[0].padding(dayWidth))  \(titles[1].padding(slotWidth))  \(titles[2])".trimmingTrailingSpaces()))
        let perSlot = ProtocolWeek.readingsPerSlot
        let excluded = week.average?.excludedDay
        for day in week.days {
            let cell = { (count: Int) -> String in
                let text = "\(count)/\(perSlot)".padding(slotWidth)
                return count >= perSlot ? emphasis.green(text) : day.date > today ? emphasis.dim(text) : emphasis.yellow(text)
            }
            var remarks: [String] = []
            if day.date == (excluded ?? week.start) { remarks.append(words.cli("protocol.notCounted")) }
            if day.night > 0 {
                // 02:00–03:59 is night, not the evening session (the same rule as the report's week grid).
                remarks.append(words.cli(day.night == 1 ? "protocol.night.one" : "protocol.night.many", ["n": String(day.night)]))
            }
            if day.date == today {
                remarks.append(
                    missingToday.isEmpty
                        ? words.cli("protocol.todayDone")
                        : words.cli("protocol.todayMissing", ["periods": words.conjunction(missingToday.map(words.periodName))]))
            } else if day.date > today {
                remarks.append(words.cli("protocol.planned"))
            }
            let remark = remarks.joined(separator: words.cli("protocol.remarkSeparator"))
            let row = "  \(name(day.date).padding(dayWidth))  \(cell(day.morning))  \(cell(day.evening))"
            let rowWidth = 2 + dayWidth + 2 + slotWidth + 2 + slotWidth + 2
            if let width, !remark.isEmpty, rowWidth + remark.displayWidth > width {
                lines.append(row.trimmingTrailingSpaces())
                for line in ("    " + remark).wrapped(toWidth: width) { lines.append(emphasis.dim(line)) }
            } else {
                lines.append("\(row)  \(emphasis.dim(remark))".trimmingTrailingSpaces())
            }
        }
        lines.append("")
        guard let average = week.average else {
            say(words.cli("protocol.nothing"))
            return lines
        }
        let mean = "\(average.mean.shown) mmHg"
        if average.sufficient {
            say(
                emphasis.green(words.cli("protocol.sufficient"))
                    + words.cli("protocol.sufficientDetail", [
                        "readings": words.counted(average.count, "reading"), "days": words.counted(average.days, "day"), "mean": emphasis.bold(mean),
                    ]))
        } else {
            say(
                emphasis.yellow(words.cli("protocol.tooFew"))
                    + words.cli("protocol.tooFewDetail", ["n": String(average.count), "needed": String(ProtocolAverage.minimumCount), "mean": mean]))
        }
        return lines
    }
}
