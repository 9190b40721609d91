import HealthCore

/// The document as `stats` prints it for an 80-column terminal: the verdict first, then the
/// detail. It walks ``SummaryDocument``: every sentence and figure is the document's.
///
/// With a `width` (a narrower terminal's), no line is wider: sentences wrap, tables leave out
/// columns (ranges, then pulse, then diastolic; a tag's periods, then its sides) and notes and
/// daily bars are shortened.
public struct SummaryText {
    let document: SummaryDocument
    let emphasis: any TerminalEmphasis
    /// The terminal's columns; nil through a pipe (80-column text, tables whole).
    let width: Int?

    public init(_ document: SummaryDocument, emphasis: any TerminalEmphasis, width: Int?) {
        self.document = document
        self.emphasis = emphasis
        self.width = width
    }

    /// Sentences wrap at 80 columns, or the terminal's when it is narrower.
    private var proseWidth: Int { Swift.min(80, width ?? 80) }

    /// The whole text, each line ended.
    public func render() -> String {
        var lines: [String] = []
        let header = document.header
        var first = emphasis.bold("\(header.profileID) (\(header.name.visibleControls()))") + " · \(header.isoRange) · \(header.homeReadings) · \(header.guideline)"
        if let filter = header.filterLine { first += " · " + filter }
        lines.append(first)
        lines.append("")
        guard document.hasPressure else {
            lines.append(document.weightOnly)
            if let weight = document.weight { lines.append(weight) }
            return finish(lines)
        }
        if let clinical = document.clinicalSummary {
            lines += wrapped(clinical.visibleControls())
            lines.append("")
        }
        verdict(into: &lines)
        lines.append("")
        let periods = document.periods
        lines.append(emphasis.bold(columns([""] + periods.terminalColumns)))
        for row in periods.rows { lines.append(self.row(row)) }
        if let buckets = document.buckets {
            lines.append("")
            for bucket in buckets { lines.append(row(bucket)) }
        }
        lines.append("")
        let whole = document.wholeRange
        lines += [whole.morningEvening, whole.shares, whole.meanArterialPressure].compactMap { $0 }
        trend(into: &lines)
        tags(into: &lines)
        events(into: &lines)
        notes(into: &lines)
        if let daily = document.daily {
            lines.append("")
            let names = [document.strings.text("cli.stats.dailySystolic"), document.strings.text("cli.stats.dailyDiastolic")]
            let nameWidth = names.map(\.displayWidth).max()!
            for (name, (values, range)) in zip(names, [(daily.systolic, daily.systolicRange), (daily.diastolic, daily.diastolicRange)]) {
                let bars = Swift.max(4, Swift.min(60, width.map { $0 - nameWidth - 4 - range.displayWidth } ?? 60))
                lines.append(name.padding(nameWidth) + "  " + SummaryText.sparkline(values, bars: bars) + "  " + range)
            }
        }
        lines.append("")
        let alerts = document.alerts
        if alerts.isEmpty {
            lines.append(alerts.heading)
        } else {
            lines.append(emphasis.red(alerts.heading))
            for line in alerts.latest { lines.append("  " + line) }
            if let earlier = alerts.earlier { lines.append("  " + earlier) }
        }
        if let weight = document.weight { lines.append(weight) }
        return finish(lines)
    }

    private func finish(_ lines: [String]) -> String {
        // On a terminal, a line still wider than it wraps here, at a space, never mid-row by the terminal.
        let fitted = width.map { width in lines.flatMap { $0.displayWidth > width ? wrapped($0, width: width) : [$0] } } ?? lines
        return fitted.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// The columns of a table that fit the terminal: all through a pipe; else those in
    /// `dropOrder` are left out, first to last, until the row (with `indent` and two-column
    /// gaps) fits.
    private func kept(_ widths: [Int], indent: Int, dropOrder: [Int]) -> [Int] {
        var table = TerminalTable(widths.enumerated().map { TerminalTable.Column($0.offset, "", $0.element) }, indent: indent)
        table.fit(width, dropOrder.map { .drop($0) })
        return table.columns.map(\.key)
    }

    // MARK: - Sections

    /// The headline average, its week, and every one-line verdict.
    private func verdict(into lines: inout [String]) {
        let headline = document.headline
        let strings = document.strings
        if let figureText = headline.figureText, let badgeKind = headline.badge {
            let figure = emphasis.bold(figureText + " mmHg")
            let words = headline.badgeText(strings) ?? strings.text(badgeKind.stringKey)
            let badge: String
            switch badgeKind {
            case .tooFew, .tooEarly: badge = emphasis.yellow(words)
            case .aboveTarget: badge = emphasis.red(words.lowercased())
            case .atTarget: badge = headline.justBelow ? emphasis.yellow(words.lowercased()) : emphasis.green(words.lowercased())
            case .low: badge = headline.belowBand ? emphasis.yellow(words.lowercased()) : emphasis.red(words.lowercased())
            }
            if let average = headline.protocolAverage {
                lines.append(strings.text("cli.stats.homeProtocol", ["figure": figure, "badge": badge]))
                let days = strings.text(average.days == 1 ? "cli.count.day.one" : "cli.count.day", ["n": String(average.days)])
                let span = strings.text("cli.range.between", ["from": average.firstDay.description, "to": average.lastDay.description])
                lines.append("  \(span) · \(days) · n=\(average.count) · \(headline.excludedDay ?? "")")
                if let provisional = headline.provisionalReason { lines += wrapped("  " + emphasis.yellow(provisional)) }
                var week: [String] = []
                if let morning = headline.morning { week.append(strings.text("cli.stats.week.morning", ["mean": morning.text, "n": String(morning.count)])) }
                if let evening = headline.evening { week.append(strings.text("cli.stats.week.evening", ["mean": evening.text, "n": String(evening.count)])) }
                if let difference = headline.weekDifference { week.append(strings.text("cli.stats.week.difference", ["difference": difference])) }
                if !week.isEmpty { lines.append("  " + week.joined(separator: " · ")) }
            } else {
                lines.append(strings.text("cli.stats.meanHome", ["figure": figure, "badge": badge]))
                if let provisional = headline.provisionalReason { lines += wrapped("  " + emphasis.yellow(provisional)) }
            }
        }
        for verdict in headline.verdicts { lines += wrapped(verdict.text.visibleControls()) }
    }

    /// `text` broken at spaces into lines of at most 80 terminal columns (or `width`); later
    /// lines are indented two columns more than the first.
    private func wrapped(_ text: String, width: Int? = nil) -> [String] {
        text.wrapped(toWidth: width ?? proseWidth)
    }

    private func trend(into lines: inout [String]) {
        guard let trend = document.trend else { return }
        lines.append("")
        lines.append(emphasis.bold(trend.title))
        // Labels take 24 columns, or only as many as the longest where that is too wide.
        let labelWidth = 2 + 24 + 2 + 6 + 2 + 7 > (width ?? 80) ? trend.rows.map(\.label.displayWidth).max() ?? 24 : 24
        for row in trend.rows {
            lines.append("  \(row.label.padding(labelWidth))  n=\(row.count.padding(4))  \(row.mean)")
        }
        if let words = trend.words { lines.append("  " + words) }
    }

    private func tags(into lines: inout [String]) {
        guard let tags = document.tags else { return }
        lines.append("")
        lines.append(emphasis.bold(tags.title))
        let titles = tags.terminalColumns
        let rows = tags.rows.prefix(8).map { row in
            [row.label.visibleControls().clipped(toWidth: 14), row.terminalWith, row.terminalWithout, row.difference, row.terminalPeriods]
        }
        let widths = [14, 18, 18, 12, ([titles[4]] + rows.map { $0[4] }).map(\.displayWidth).max()!]
        let columns = kept(widths, indent: 2, dropOrder: [4, 2, 1])
        let row = { (cells: [String]) in
            "  " + columns.map { $0 == columns.last ? cells[$0] : cells[$0].padding(widths[$0]) }.joined(separator: "  ")
        }
        lines.append(emphasis.bold(row(titles)))
        for cells in rows { lines.append(row(cells)) }
        lines.append("  " + emphasis.dim(tags.caveat))
    }

    private func events(into lines: inout [String]) {
        guard let events = document.events else { return }
        lines.append("")
        lines.append(emphasis.bold(events.title))
        for row in events.rows {
            lines.append("  \(row.isoDate)  \(row.eventText.visibleControls(lineBreaks: .symbol)) (\(row.kind))")
            lines.append("    \(events.before) \(row.before) · \(events.after) \(row.after)")
            lines += wrapped("    " + row.difference)
        }
        lines += wrapped("  " + events.caveat).map(emphasis.dim)
    }

    private func notes(into lines: inout [String]) {
        guard let notes = document.notes else { return }
        lines.append("")
        lines.append(emphasis.bold(notes.title))
        for row in notes.rows {
            let start = "  \(row.calendarDate) \(row.terminalTime)  \(row.terminalPressure.padding(7))  "
            let note = row.note.visibleControls(lineBreaks: .symbol)
            lines.append(start + note.clipped(toWidth: Swift.max(4, Swift.min(60, width.map { $0 - start.displayWidth } ?? 60))))
        }
        if let more = notes.more { lines.append("  " + more) }
    }

    // MARK: - Table cells

    private func row(_ row: PeriodRow) -> String {
        columns([row.name, row.count, row.systolicMeanSD, row.diastolicMeanSD, row.pulseOneDecimal, row.systolicRange, row.diastolicRange])
    }

    /// The period table's cells at fixed widths (wider where a title is), so the header and
    /// every row line up; on a narrow terminal without the ranges, then the pulse, then DIA.
    private func columns(_ cells: [String]) -> String {
        let titles = document.periods.terminalColumns.map(\.displayWidth)
        let widths = zip([10, 4, 12, 12, 5, 9, 9], [0] + titles).map { Swift.max($0, $1) }
        let rightAligned: Set = [1, 4, 5, 6]
        return kept(widths, indent: 0, dropOrder: [6, 5, 4, 3]).map { index in
            rightAligned.contains(index) ? cells[index].leftPadding(widths[index]) : cells[index].padding(widths[index])
        }.joined(separator: "  ")
    }

    /// Daily means as ▁▂▃▄▅▆▇█, averaged down to at most `bars` characters.
    static func sparkline(_ values: [Double], bars: Int) -> String {
        let width = min(values.count, bars)
        let columns = (0..<width).map { column -> Double in
            let start = column * values.count / width
            let end = max(start + 1, (column + 1) * values.count / width)
            let slice = values[start..<end]
            return slice.reduce(0, +) / Double(slice.count)
        }
        let low = columns.min()!
        let high = columns.max()!
        let bars = Array("▁▂▃▄▅▆▇█")
        return String(columns.map { value in
            high == low ? bars[3] : bars[min(7, Int((value - low) / (high - low) * 7.999))]
        })
    }
}
