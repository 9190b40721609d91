import HealthPresentation

/// The blocks of the report's summary sections, set from the document's sections; each is nil
/// when its section is (no events, no tags, a weight-only range, …).
struct SummaryBlocks {
    let document: SummaryDocument
    let template: ReportTemplate

    /// True when the template has a details section: page 1 then says each fact once, in the
    /// headline week's time frame, and the details say the rest.
    var hasDetails: Bool { template.sections.contains(.details) }

    /// The `summary` section: the clinical summary, the headline, the verdicts and the period
    /// table; with a details section, the verdicts the clinical summary does not say, and no table.
    var summarySection: [any ReportBlock] {
        var blocks: [any ReportBlock] = []
        if !document.clinicalLines.isEmpty { blocks.append(TextLinesBlock(heading: nil, lines: document.clinicalLines, template: template)) }
        blocks.append(HeadlineBlock(document: document, template: template, figures: hasDetails ? document.pageOneFigures : document.keyFigures))
        let lines = hasDetails ? document.pageOneBrief : document.pageOneLines
        if !lines.isEmpty { blocks.append(TextLinesBlock(heading: nil, lines: lines, template: template)) }
        if !hasDetails, let periodTable { blocks.append(periodTable) }
        return blocks
    }

    /// The `details` section: every verdict, alert and target line with the whole range's key
    /// figures, and the period table.
    var detailsSection: [any ReportBlock] {
        var blocks: [any ReportBlock] = [TextLinesBlock(heading: document.detailsHeading, lines: document.detailLines, template: template)]
        if let periodTable { blocks.append(periodTable) }
        return blocks
    }

    var periodTable: TableBlock? {
        guard document.hasHomePressure else { return nil }
        let periods = document.periods
        let shares = [0.13, 0.06, 0.16, 0.13, 0.08, 0.22, 0.22]
        let alignments: [TextStyle.Alignment] = [.left, .right, .center, .center, .center, .center, .center]
        let columns = periods.columns.indices.map { index in
            TableBlock.Column(title: periods.columns[index], share: shares[index], alignment: alignments[index], fitsContent: index == 2)
        }
        let rows = periods.rows.map { row in
            TableBlock.Row(
                cells: [row.name, row.count, row.mean, row.sd, row.pulse, row.lowest, row.highest], emphasis: row.isTotal ? .bold : .normal,
                ruleAbove: row.isTotal)
        }
        return TableBlock(heading: periods.title, columns: columns, rows: rows, template: template)
    }

    /// Week by week or month by month, with the first and last compared in words.
    var trendTable: TableBlock? {
        guard let trend = document.trend else { return nil }
        let columns = [
            TableBlock.Column(title: trend.columns[0], share: 0.5, alignment: .left, fitsContent: true),
            TableBlock.Column(title: trend.columns[1], share: 0.15, alignment: .right),
            TableBlock.Column(title: trend.columns[2], share: 0.35, alignment: .center, fitsContent: true),
        ]
        return TableBlock(
            heading: trend.title, columns: columns, rows: trend.rows.map { TableBlock.Row(cells: [$0.label, $0.count, $0.mean]) },
            caption: trend.words.map { [$0] } ?? [], maxLines: 1, rowsPerColumn: trend.rows.count <= 14 ? 7 : 13, template: template)
    }

    /// Tags compared within the same time of day, never raw.
    var tagTable: TableBlock? {
        guard let tags = document.tags else { return nil }
        let shares = [0.24, 0.19, 0.19, 0.20, 0.18]
        let alignments: [TextStyle.Alignment] = [.left, .center, .center, .center, .left]
        let columns = tags.columns.indices.map { TableBlock.Column(title: tags.columns[$0], share: shares[$0], alignment: alignments[$0]) }
        let rows = tags.rows.map { row in
            TableBlock.Row(
                cells: [row.label, row.with, row.without, row.difference, row.periods], emphasis: row.sufficient ? .normal : .muted,
                marker: Color(tag: row.color))
        }
        return TableBlock(heading: tags.title, columns: columns, rows: rows, caption: [tags.caveat], maxLines: 2, template: template)
    }

    /// Each event, numbered as on the chart, with before, after and the difference.
    var eventTable: TableBlock? {
        guard let events = document.events else { return nil }
        let shares = [0.04, 0.11, 0.21, 0.14, 0.14, 0.36]
        let alignments: [TextStyle.Alignment] = [.left, .left, .left, .center, .center, .left]
        let columns = events.columns.indices.map {
            TableBlock.Column(title: events.columns[$0], share: shares[$0], alignment: alignments[$0], fitsContent: $0 == 1)
        }
        let rows = events.rows.map { row in
            TableBlock.Row(cells: [row.number, row.date, row.text, row.before, row.after, row.difference], emphasis: row.sufficient ? .normal : .muted)
        }
        return TableBlock(heading: events.title, columns: columns, rows: rows, caption: [events.caveat], maxLines: 3, template: template)
    }

    /// The readings with a note, newest first. A template without the log is one page: it shows
    /// the notes at alert readings before the others (the document's one-page selection).
    var notesTable: TableBlock? {
        guard let notes = document.notes else { return nil }
        let withLog = template.sections.contains(.log)
        let columns = [
            TableBlock.Column(title: notes.columns[0], share: 0.16, alignment: .left, fitsContent: true),
            TableBlock.Column(title: notes.columns[1], share: 0.07, alignment: .left, fitsContent: true),
            TableBlock.Column(title: notes.columns[2], share: 0.10, alignment: .center, fitsContent: true),
            TableBlock.Column(title: notes.columns[3], share: 0.67, alignment: .left),
        ]
        let (shown, more) = withLog ? (notes.rows, notes.more) : notes.onePage()
        let rows = shown.map { TableBlock.Row(cells: [$0.date, $0.time, $0.pressure, $0.note]) }
        return TableBlock(heading: notes.title, columns: columns, rows: rows, caption: more.map { [$0] } ?? [], maxLines: 2, template: template)
    }
}

extension Color {
    /// A tag's colour (`#RRGGBB`), or the neutral grey of a tag without a definition.
    init(tag hex: String?) {
        self = hex.flatMap(Color.init(hex:)) ?? .neutralGrey
    }
}
