import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthUseCases
import HealthPresentation

/// `healthlog list`: one profile's readings as a table, CSV or JSON.
struct ListCommand: Command {
    static let spec = CommandSpec(
        ["list"], abstract: "List readings, newest last.",
        options: DateRangeOptions.declarations + ReadingFilterOptions.declarations + [limitOption, formatOption, GlobalOptions.noPager],
        examples: ["healthlog list --last 7d", "healthlog list --period morning --tag bp-med", "healthlog list --format json --last 30d"])
    static let pages = true

    /// A listing's table or JSON, and for readings also HealthLog's CSV.
    enum Format: String, CaseIterable, Sendable { case table, csv, json }
    static let formatOption = Option<Format>(
        "--format", value: "FORMAT", help: "table (default; also called text), json or csv.", expected: "a format (table, text, csv or json)"
    ) { $0 == "text" ? .table : Format(rawValue: $0) }.completing(.words(["table", "text", "csv", "json"]))
    static let limitOption = Option<Int>(
        "--limit", value: "N", help: "Only the latest N readings. A table with no filters shows the latest 20.",
        expected: "a whole number of at least 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }

    let filter: ReadingFilter
    let limit: Int?
    let format: Format
    let range: DateRange
    /// No dates and no filters (a `--limit` may be given).
    let isWholeLog: Bool
    let isUnfiltered: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions.range(arguments, today: context.today)
        format = try arguments.value(ListCommand.formatOption) ?? .table
        filter = try ReadingFilterOptions.filter(arguments)
        let limit = try arguments.value(ListCommand.limitOption)
        isWholeLog = range.from == nil && range.to == nil && filter.isEmpty
        isUnfiltered = isWholeLog && limit == nil
        self.limit = limit ?? (isUnfiltered && format == .table ? 20 : nil)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        if format != .table { return try stream(context) }
        let words = try context.words()
        // Through a pipe every row carries its date, and hints go to standard error, so
        // `list | grep 2026-11-29` finds every reading of the day and nothing else.
        let piped = !context.stdout.isTerminal
        let hints = piped ? context.stderr : context.stdout
        var table: ReadingTable?
        var counts: ListingCounts?
        var profile: Profile?
        // The table is made in two walks over the log (one to size its columns, one to write its
        // rows), so a listing of any size takes flat memory.
        try context.run { log in
            var text: ReadingText?
            var survey: ReadingTableSurvey?
            do {
                try log.forEachListedTwice(
                    range, filter: filter, limit: limit, stopped: { context.stdout.failure != nil },
                    survey: { listed, tags in
                        profile = listed
                        text = ReadingText(tags: tags, words: words, style: context.style)
                        survey = text!.tableSurvey(width: context.tableWidth)
                        return { survey!.add($0) }
                    },
                    rows: { listed in
                        counts = listed
                        heading(listed, profile: profile!, text: text!, words: words, context)
                        guard listed.listed > 0 else { return nil }
                        table = text!.table(survey!, profile: profile!, datesOnEveryRow: piped, width: context.tableWidth)
                        context.stdout.write(table!.titles)
                        return { context.stdout.write(table!.row($0)) }
                    })
            } catch {
                // A failed output is the news (reported as every command's is); the read stopped because of it.
                if context.stdout.failure != nil { return }
                throw error
            }
        }
        guard let counts, let profile else { return }
        guard let table else {
            if counts.total == 0 {
                hints.line(words.cli("list.empty", ["profile": profile.id]))
            } else {
                context.stdout.line(words.cli("list.noMatch"))
            }
            return
        }
        context.stdout.write(table.legend)
        // A hint follows the table only when the table got through (never beside a full disk's error).
        if piped { context.stdout.flush() }
        if isUnfiltered, counts.total > counts.listed, context.stdout.failure == nil {
            hints.line(context.style.dim(words.cli("list.more", ["n": String(counts.listed), "total": String(counts.total)])))
        }
    }

    /// The line above the table: whose readings, the range, what the filter keeps and how many are shown.
    private func heading(_ counts: ListingCounts, profile: Profile, text: ReadingText, words: StringTable, _ context: CommandContext) {
        let shown = counts.matching > counts.listed
            ? words.cli("list.latestOf", ["n": String(counts.listed), "total": words.counted(counts.matching, "reading")])
            : words.counted(counts.listed, "reading")
        // A filtered listing says what it keeps, so its count is never read as the whole log's.
        let kept = filter.description(strings: words, tagLabel: text.labels.label(of:)).map { $0.visibleControls() }
        let whose = profile.heading
        // On a narrow terminal the heading breaks between its parts, never inside one.
        var heading = [context.style.bold(whose)]
        var width = whose.displayWidth
        for part in [words.range(range)] + (kept.map { [$0] } ?? []) + [shown] {
            if let limit = context.tableWidth, width + 3 + part.displayWidth > limit {
                heading.append("\n  " + part)
                width = 2 + part.displayWidth
            } else {
                heading.append(" · " + part)
                width += 3 + part.displayWidth
            }
        }
        context.stdout.line(heading.joined())
    }

    /// JSON and CSV, streamed from the log reading by reading: a listing of any size in flat memory.
    private func stream(_ context: CommandContext) throws(CLIError) {
        let sink = StandardOutputSink(context.stdout)
        _ = try context.run { try $0.listedProfile(filter: filter) }
        try context.run { log in
            let readings = { (emit: (Reading) -> Void) throws(HealthLogError) in
                try log.forEachListed(range, filter: filter, limit: limit, stopped: { context.stdout.failure != nil }, emit)
            }
            do {
                switch format {
                case .json:
                    try ReadingListJSON.write(into: sink, readings: readings)
                    sink.write("\n")
                case .csv, .table:
                    try ReadingCSVCodec.write(into: sink, readings: readings)
                }
            } catch {
                // A failed output is the news (reported as every command's is); the read stopped because of it.
                if context.stdout.failure != nil { return }
                throw error
            }
        }
    }
}
