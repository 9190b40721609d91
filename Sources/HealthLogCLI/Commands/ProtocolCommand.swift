import HealthAnalytics
import HealthCore
import HealthUseCases

/// `healthlog protocol`: was the week measured the way the guideline asks (7 days, 2 morning
/// and 2 evening readings a day, the first day not counted)?
struct ProtocolCommand: Command {
    static let spec = CommandSpec(
        ["protocol"], abstract: "Check a measurement week against the guideline: 2 morning + 2 evening readings for 7 days.",
        options: [startOption, DateRangeOptions.from, DateRangeOptions.to, Options.textFormat],
        examples: [
            "healthlog protocol", "healthlog -p dad protocol --start 2026-12-07", "healthlog protocol --to 2026-11-30",
            "healthlog protocol --format json",
        ],
        discussion: """
            Without --start it shows the 7 days ending today; with --start (or --from), a planned week, such as the \
            week before a clinic visit; with --to, the 7 days ending that day. The verdict and average are the same as \
            stats' 7-day protocol average.
            """)

    static let startOption = Option<String>("--start", value: "DATE", help: "First day of the week, YYYY-MM-DD (also today, yesterday).")

    let start: CivilDate?
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let today = context.today
        let date = { (option: Option<String>, name: String) throws(CLIError) -> CivilDate? in
            try arguments.value(option).map { (text) throws(CLIError) in try DateArgument.date(text, option: name, today: today, arguments: arguments) }
        }
        let started = try date(ProtocolCommand.startOption, "--start")
        let from = try date(DateRangeOptions.from, "--from")
        let to = try date(DateRangeOptions.to, "--to")
        if started != nil, from != nil { throw arguments.usage(key: "error.startAndFrom") }
        let first = started ?? from
        let days = ProtocolAverage.windowDays
        if let first, let to, to != first.adding(days: days - 1) {
            throw .data(arguments.say("error.protocolWeek", [
                "days": String(days), "from": first.description, "end": first.adding(days: days - 1).description, "to": to.description,
            ]))
        }
        start = first ?? to.map { $0.adding(days: -(days - 1)) }
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let status = try context.run { try $0.protocolWeek(start: start) }
        let (profile, week, today) = (status.profile, status.week, status.today)
        let excluded = week.average?.excludedDay
        if json {
            context.stdout.line(JSONValue.object([
                ("profile", .string(profile.id)), ("start", .string(week.start.description)), ("end", .string(week.end.description)),
                ("days", .array(week.days.map { day in
                    .object([
                        ("date", .string(day.date.description)), ("morning", .int(day.morning)), ("evening", .int(day.evening)),
                        ("night", .int(day.night)),
                    ])
                })),
                ("excludedDay", .optional(excluded?.description)), ("count", .int(week.count)), ("sufficient", .bool(week.sufficient)),
                ("average", week.average.map { .object([("systolic", .double($0.systolic)), ("diastolic", .double($0.diastolic))]) } ?? .null),
                ("missingToday", .array(status.missingToday.map { .string($0.rawValue) })),
            ]).serialized())
            return
        }
        let style = context.style
        let words = try context.words()
        let name = { (date: CivilDate) in words.weekdayAndDate(date) }
        // On a terminal no line is wider than it: sentences wrap, and a day's remark that does
        // not fit beside its row goes on the line below.
        let width = context.tableWidth
        let say = { (text: String) in
            for line in width.map({ text.wrapped(toWidth: $0) }) ?? [text] { context.stdout.line(line) }
        }
        say(style.bold("\(profile.id) (\(profile.name.visibleControls()))") + " · "
            + words.cli("protocol.week", ["from": name(week.start), "to": name(week.end)]))
        say(words.cli("protocol.asks"))
        say(words.cli("protocol.sessions"))
        context.stdout.line("")
        // Columns as wide as their titles, in either language: day, morning, evening.
        let titles = ["day", "morning", "evening"].map { words.cli("protocol.col.\($0)") }
        let dayWidth = max(15, titles[0].displayWidth, name(week.start).displayWidth)
        let slotWidth = max(7, titles[1].displayWidth, titles[2].displayWidth)
        context.stdout.line(style.bold("  \(titles[0].padding(dayWidth))  \(titles[1].padding(slotWidth))  \(titles[2])".trimmingTrailingSpaces()))
        let perSlot = ProtocolWeek.readingsPerSlot
        for day in week.days {
            let cell = { (count: Int) -> String in
                let text = "\(count)/\(perSlot)".padding(slotWidth)
                return count >= perSlot ? style.green(text) : day.date > today ? style.dim(text) : style.yellow(text)
            }
            var remarks: [String] = []
            if day.date == (excluded ?? week.start) { remarks.append(words.cli("protocol.notCounted")) }
            if day.night > 0 {
                // 02:00–03:59 is night, not the evening session (the same rule as the report's week grid).
                remarks.append(words.cli(day.night == 1 ? "protocol.night.one" : "protocol.night.many", ["n": String(day.night)]))
            }
            if day.date == today {
                let missing = status.missingToday
                remarks.append(
                    missing.isEmpty
                        ? words.cli("protocol.todayDone")
                        : words.cli("protocol.todayMissing", ["periods": words.conjunction(missing.map(words.periodName))]))
            } else if day.date > today {
                remarks.append(words.cli("protocol.planned"))
            }
            let remark = remarks.joined(separator: words.cli("protocol.remarkSeparator"))
            let row = "  \(name(day.date).padding(dayWidth))  \(cell(day.morning))  \(cell(day.evening))"
            let rowWidth = 2 + dayWidth + 2 + slotWidth + 2 + slotWidth + 2
            if let width, !remark.isEmpty, rowWidth + remark.displayWidth > width {
                context.stdout.line(row.trimmingTrailingSpaces())
                for line in ("    " + remark).wrapped(toWidth: width) { context.stdout.line(style.dim(line)) }
            } else {
                context.stdout.line("\(row)  \(style.dim(remark))".trimmingTrailingSpaces())
            }
        }
        context.stdout.line("")
        guard let average = week.average else {
            say(words.cli("protocol.nothing"))
            return
        }
        let mean = "\(average.mean.shown) mmHg"
        if average.sufficient {
            say(
                style.green(words.cli("protocol.sufficient"))
                    + words.cli("protocol.sufficientDetail", [
                        "readings": words.counted(average.count, "reading"), "days": words.counted(average.days, "day"), "mean": style.bold(mean),
                    ]))
        } else {
            say(
                style.yellow(words.cli("protocol.tooFew"))
                    + words.cli("protocol.tooFewDetail", ["n": String(average.count), "needed": String(ProtocolAverage.minimumCount), "mean": mean]))
        }
    }
}
