import HealthAnalytics
import HealthCore
import HealthPresentation

/// The blocks of the report's summary sections, made from the request; each is nil when its
/// figure does not apply (no events, no tags, a weight-only range, …).
struct SummaryBlocks: DrawnFromRequest {
    let request: ReportRequest

    private var wording: SummaryWording { request.wording }

    /// The `summary` section: the headline, the verdicts and the period table.
    var summarySection: [any ReportBlock] {
        var blocks: [any ReportBlock] = []
        if let clinicalSummary { blocks.append(clinicalSummary) }
        blocks.append(HeadlineBlock(request: request))
        if let verdicts { blocks.append(verdicts) }
        if let periodTable { blocks.append(periodTable) }
        return blocks
    }

    /// The clinical summary at the top of page 1: a specialist's one or two sentences, from the figures below it.
    var clinicalSummary: TextLinesBlock? {
        guard let text = wording.clinicalSummary else { return nil }
        return TextLinesBlock(heading: nil, lines: [TextLinesBlock.Line(text: text, color: template.color("accent"))])
    }

    /// One sentence per verdict: threshold, target, pattern, office, device findings, medication, deviations.
    var verdicts: TextLinesBlock? {
        var lines: [TextLinesBlock.Line] = []
        if summary.verdict == nil {
            lines.append(TextLinesBlock.Line(text: strings.text("weightOnly"), color: template.color("muted")))
        }
        let headline = Headline(summary: summary, strings: strings) { request.tagAppearance($0).label }
        let line = { (verdict: Headline.Verdict) -> TextLinesBlock.Line in
            let color: Color? = switch verdict.tone {
            case .good: template.color("good")
            case .bad: template.color("bad")
            case .muted: template.color("muted")
            case .plain: nil
            }
            return TextLinesBlock.Line(text: verdict.text, color: color, bold: verdict.emphasised)
        }
        // The alerts follow the findings: what the readings say, before what was done.
        let beforeAlerts: Set<Headline.Verdict.Kind> = [.threshold, .target, .low, .recentWeek, .weekQuality, .medicationChange, .isolatedSystolic, .isolatedDiastolic, .widePulsePressure, .office,
            .findings,
        ]
        lines += headline.verdicts.filter { beforeAlerts.contains($0.kind) }.map(line)
        for text in wording.alertLines { lines.append(TextLinesBlock.Line(text: text, color: template.color("bad"), bold: true)) }
        lines += headline.verdicts.filter { !beforeAlerts.contains($0.kind) }.map(line)
        lines.append(TextLinesBlock.Line(text: targets, color: template.color("muted")))
        return TextLinesBlock(heading: nil, lines: lines)
    }

    /// "Target 125/80 mmHg (set for Dad) · home threshold 135/85 mmHg (ESH 2023)".
    private var targets: String {
        (summary.goals.targetSource == .threshold ? strings.text("noTarget")
            : summary.goals.targetSource == .treatedBand ? strings.text("targetBand", ["guideline": summary.options.guideline.label(in: strings)])
            : strings.text("target", ["target": summary.goals.target.description])) + " · "
            + strings.text("threshold", ["target": summary.goals.threshold.description, "guideline": summary.options.guideline.label(in: strings)])
    }

    var periodTable: TableBlock? {
        guard summary.overall.systolic.count > 0 else { return nil }
        let columns = [
            TableBlock.Column(title: strings.text("period"), share: 0.13, alignment: .left),
            TableBlock.Column(title: strings.text("count"), share: 0.06, alignment: .right),
            TableBlock.Column(title: strings.text("meanBP"), share: 0.16, alignment: .center, fitsContent: true),
            TableBlock.Column(title: strings.text("sd"), share: 0.13, alignment: .center),
            TableBlock.Column(title: strings.text("pulse"), share: 0.08, alignment: .center),
            TableBlock.Column(title: strings.text("lowest"), share: 0.22, alignment: .center),
            TableBlock.Column(title: strings.text("highest"), share: 0.22, alignment: .center),
        ]
        let groups: [(String, GroupStatistics)] = [
            (strings.text("morning"), summary.periods[.morning]!), (strings.text("noon"), summary.periods[.noon]!),
            (strings.text("evening"), summary.periods[.evening]!), (strings.text("all"), summary.overall),
        ]
        let rows = groups.enumerated().map { index, entry -> TableBlock.Row in
            let (name, group) = entry
            let mean = group.systolic.mean.map { "\(Figures.whole($0))/\(Figures.whole(group.diastolic.mean!))" } ?? "—"
            let sd = group.systolic.sd.map { "\(Figures.oneDecimal($0))/\(Figures.oneDecimal(group.diastolic.sd!))" } ?? "—"
            let pulse = group.pulse.mean.map(Figures.whole) ?? "—"
            // The day an extreme was taken, as the calendar has it: 170 at 03:50 on Mon 30 Nov is "30 Nov".
            let lowest = group.systolic.min.map { "\($0.value) (\(request.date($0.takenAt.localDate)))" } ?? "—"
            let highest = group.systolic.max.map { "\($0.value) (\(request.date($0.takenAt.localDate)))" } ?? "—"
            let isTotal = index == groups.count - 1
            return TableBlock.Row(cells: [name, String(group.count), mean, sd, pulse, lowest, highest], emphasis: isTotal ? .bold : .normal, ruleAbove: isTotal)
        }
        return TableBlock(heading: strings.text("periodTable"), columns: columns, rows: rows, template: template)
    }

    /// Week by week or month by month, with the first and last compared in words.
    var trendTable: TableBlock? {
        guard let trend = summary.trend, trend.rows.count >= 2 else { return nil }
        let title = strings.text("trend.\(trend.step.rawValue)")
        let columns = [
            TableBlock.Column(title: strings.text("trend.col.\(trend.step.rawValue)"), share: 0.5, alignment: .left, fitsContent: true),
            TableBlock.Column(title: strings.text("count"), share: 0.15, alignment: .right),
            TableBlock.Column(title: strings.text("meanBP"), share: 0.35, alignment: .center, fitsContent: true),
        ]
        let rows = trend.rows.map { row in
            TableBlock.Row(cells: [wording.trendLabel(row), String(row.mean.count), SummaryWording.pressure(row.mean)])
        }
        return TableBlock(
            heading: title, columns: columns, rows: rows,
            caption: wording.trendWords.map { [$0] } ?? [], maxLines: 1, rowsPerColumn: trend.rows.count <= 14 ? 7 : 13,
            template: template)
    }

    /// Tags compared within the same time of day, never raw.
    var tagTable: TableBlock? {
        guard !summary.tags.isEmpty else { return nil }
        let columns = [
            TableBlock.Column(title: strings.text("tag"), share: 0.24, alignment: .left),
            TableBlock.Column(title: strings.text("with"), share: 0.19, alignment: .center),
            TableBlock.Column(title: strings.text("without"), share: 0.19, alignment: .center),
            TableBlock.Column(title: strings.text("tags.adjustedDifference"), share: 0.20, alignment: .center),
            TableBlock.Column(title: strings.text("tags.periods"), share: 0.18, alignment: .left),
        ]
        let side = { (side: TagComparison.Side) in
            side.systolic.map { strings.text("events.window", ["mean": "\(Figures.whole($0))/\(Figures.whole(side.diastolic!))", "n": String(side.count)]) } ?? "—"
        }
        let rows = summary.tags.map { comparison -> TableBlock.Row in
            let (label, color) = request.tagAppearance(comparison.tag)
            let periods = strings.list(comparison.periodsCompared.map { strings.text($0.rawValue) })
            return TableBlock.Row(
                cells: [label, side(comparison.with), side(comparison.without), wording.adjustedDifference(comparison), periods],
                emphasis: comparison.sufficient ? .normal : .muted, marker: color)
        }
        return TableBlock(
            heading: strings.text("tags.adjusted"), columns: columns, rows: Array(rows), caption: [strings.text("tags.caveat")],
            maxLines: 2, template: template)
    }

    /// Each event, numbered as on the chart, with before, after and the difference.
    var eventTable: TableBlock? {
        guard !summary.events.isEmpty else { return nil }
        let columns = [
            TableBlock.Column(title: "#", share: 0.04, alignment: .left),
            TableBlock.Column(title: strings.text("events.date"), share: 0.11, alignment: .left, fitsContent: true),
            TableBlock.Column(title: strings.text("events.text"), share: 0.21, alignment: .left),
            TableBlock.Column(title: strings.text("events.before"), share: 0.14, alignment: .center),
            TableBlock.Column(title: strings.text("events.after"), share: 0.14, alignment: .center),
            TableBlock.Column(title: strings.text("events.difference"), share: 0.36, alignment: .left),
        ]
        let rows = summary.events.enumerated().map { index, effect in
            TableBlock.Row(cells: [
                String(index + 1), request.date(effect.event.at.measurementDay),
                "\(effect.event.text) (\(strings.text("kind.\(effect.event.kind.rawValue)")))",
                wording.window(effect.before), wording.window(effect.after), wording.eventDifference(effect),
            ], emphasis: effect.sameTimeOfDay.sufficient ? .normal : .muted)
        }
        return TableBlock(
            heading: strings.text("events"), columns: columns, rows: rows, caption: [strings.text("events.caveat")], maxLines: 3,
            template: template)
    }

    /// Notes a one-page template (one without the log) shows at most.
    static let onePageNotes = 3

    /// The readings with a note, newest first. A template without the log is one page: it shows
    /// the notes at alert readings (a low reading's "dizzy on standing") before the others, up
    /// to ``onePageNotes``.
    var notesTable: TableBlock? {
        guard let digest = summary.notes else { return nil }
        var notes = (readings: digest.readings, more: digest.more)
        if !template.sections.contains(.log) {
            let noted = summary.readings.filter { !$0.note.trimmingWhitespace().isEmpty }
            let atAlerts = noted.filter { summary.alertIDs.contains($0.id) }
            let others = noted.filter { !summary.alertIDs.contains($0.id) }
            let shown = (atAlerts.reversed() + others.reversed()).prefix(SummaryBlocks.onePageNotes).sorted { $0.takenAt > $1.takenAt }
            notes = (shown, noted.count - shown.count)
        }
        let columns = [
            TableBlock.Column(title: strings.text("colDate"), share: 0.16, alignment: .left, fitsContent: true),
            TableBlock.Column(title: strings.text("colTime"), share: 0.07, alignment: .left, fitsContent: true),
            TableBlock.Column(title: strings.text("colBP"), share: 0.10, alignment: .center, fitsContent: true),
            TableBlock.Column(title: strings.text("colNote"), share: 0.67, alignment: .left),
        ]
        let shared = ZonedInstant.sharedWallClockTimes(notes.readings.map(\.takenAt))
        let rows = notes.readings.enumerated().map { index, reading in
            TableBlock.Row(cells: [
                strings.shortDate(reading.measurementDay, withYear: request.datesNeedYear),
                strings.timeAsTaken(reading.takenAt) + (shared.contains(index) ? " " + reading.takenAt.offsetText : ""),
                reading.bloodPressure.map { "\($0)" } ?? "—", reading.note,
            ])
        }
        return TableBlock(
            heading: strings.text("notes"), columns: columns, rows: rows,
            caption: notes.more > 0 ? [strings.text(template.sections.contains(.log) ? "notes.more" : "notes.moreInFullReport", ["n": String(notes.more)])] : [], maxLines: 2, template: template)
    }
}
