import HealthCore

/// How one CSV format reads its rows: it finds its columns in the header, then turns each row
/// into a reading (or a problem, or a device-error row) in the sink.
protocol CSVRowDecoder {
    /// Finds the columns in `header`; throws when a column the format needs is missing.
    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError)
    /// Reads one data row. A value the user can fix is a ``ValidationError`` (it becomes a
    /// `FILE:LINE` problem); a fault of the whole file is an ``InterchangeError``.
    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault)
    /// One line the import prints about how the file was read (nil for none).
    func note(_ header: CSVColumns) -> Phrase?
    /// Lines before the header (Samsung Health names its data type on line 1).
    static var preambleLines: Int { get }
    /// True when `header` is this format's header, so a row above it is an app's report line.
    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool
    /// The column whose dates may be written without a year, so the rows' years are surveyed
    /// first (a notebook's `11月3日`); nil for a format that always writes the year.
    static func yearSurveyColumn(_ header: CSVColumns) -> Int?
    /// True when the first data rows under `header` read as this format writes them, so a file
    /// whose header only looks like it (a Livongo file's `Date,…,Heart Rate`) is not taken for it.
    static func agrees(_ header: CSVColumns, rows: [CSVRow]) -> Bool
}

/// The steps every row decoder takes alike.
extension CSVRowDecoder {
    func note(_ header: CSVColumns) -> Phrase? { nil }
    static var preambleLines: Int { 0 }
    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { true }
    static func yearSurveyColumn(_ header: CSVColumns) -> Int? { nil }
    static func agrees(_ header: CSVColumns, rows: [CSVRow]) -> Bool { true }

    /// Whose readings a file of `format`, which names no person, holds; refused when no profile was chosen.
    static func profile(for format: InterchangeFormat, _ context: DecodeContext) throws(InterchangeError) -> String {
        guard let profile = context.profile else { throw .profileRequired(format: format) }
        return profile
    }

    /// Refuses a header without the columns the format needs, saying what its header looks like.
    static func requireColumns(_ present: Bool, _ context: DecodeContext, expected: Phrase) throws(InterchangeError) {
        guard present else {
            throw .malformed(path: context.name, reason: Phrase("line {line}: {expected}", ["line": String(context.headerLineNumber)], terms: ["expected": expected]))
        }
    }

    /// What a date that could not be read makes of its row at `line`: a file whose dates' order
    /// must be given, a date not in `--date-format`'s form or `--date-order`'s order, or else
    /// `example` (how the format writes its dates).
    static func dateFault(_ problem: WallClockText.DateProblem, _ written: String, line: Int, context: DecodeContext, example: Phrase) -> RowFault {
        switch problem {
        case .ambiguous:
            return .file(.dateOrderRequired(path: context.name, line: line, date: written))
        case .notInFormat(let format):
            return .invalid(Phrase("date '{written}' is not written as {format} (--date-format)", ["written": written, "format": format.pattern]))
        case .unreadable:
            if let order = context.dateOrder, written.contains(where: \.isNumber), !written.contains(where: \.isLetter) {
                return .invalid(
                    Phrase(
                        "date '{value}' is not a date in {words} order (--date-order {order})", ["value": written, "order": order.rawValue],
                        terms: ["words": order.term]))
            }
            return .invalid(example)
        }
    }

    /// Hands the reading of `line` to the import; a fault of the import itself stops the file.
    func take(_ reading: Reading, rule: DuplicateRule, line: Int, context: DecodeContext, into sink: ImportSink) throws(RowFault) {
        do { try sink.add(reading, rule: rule, at: context.location(line: line)) } catch { throw .file(error) }
    }
}

/// Why a row was not taken.
enum RowFault: Error {
    /// This row is wrong; the rest of the file is still read.
    case invalid(ValidationError)
    /// The whole file is wrong (e.g. its dates' order cannot be told).
    case file(InterchangeError)

    static func invalid(_ phrase: Phrase) -> RowFault { .invalid(ValidationError(phrase)) }
}

/// Reads a table row by row for a ``CSVRowDecoder``: its header first, then every row, each bad
/// row a `FILE:LINE: reason` problem rather than a stop. One record at a time is held.
///
/// The header is the first of the table's first rows that the format recognizes (report lines
/// an app writes above it, as Beurer HealthManager does, are left out and the import says which
/// line it took), or the line `--header-line` names. Without `--date-order` or `--date-format`,
/// numeric dates are read in the order the table's own dates settle: its first rows, or all of
/// them when those hold a date either order reads.
enum CSVFileDecoder {
    /// How many of a table's first rows are looked through for its header.
    static let headerSearchRows = 30

    static func decode<Decoder: CSVRowDecoder>(
        _ input: ImportInput, as decoder: Decoder.Type, context: DecodeContext, into sink: ImportSink
    ) throws(InterchangeError) {
        if input.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let kind = try ZipContents.of(path: try input.reopenablePath(), name: input.name)
            guard kind == .xlsx || kind == .ods else {
                throw .malformed(path: input.name, reason: Phrase("the zip holds no spreadsheet (.xlsx or .ods)"))
            }
            let workbook = try WorkbookTable(input, kind: kind)
            if let note = workbook.note { sink.note(note) }
            try decode(workbook, as: decoder, context: context, into: sink)
            return
        }
        if let refusal = BinaryWorkbook.refusal(input) { throw refusal }
        let separator = context.table.separator ?? CSVReader.separator(ofHead: input.head)
        try decode(CSVTable(input, separator: separator), as: decoder, context: context, into: sink)
    }

    static func decode<Decoder: CSVRowDecoder>(
        _ table: any TableSource, as _: Decoder.Type, context: DecodeContext, into sink: ImportSink
    ) throws(InterchangeError) {
        var context = context
        let headerLine = headerLine(in: table, for: Decoder.self, context: context)
        if headerLine.found > 1 + Decoder.preambleLines || (context.table.headerLine != nil && headerLine.found > 1) {
            sink.note(Phrase("took line {line} as the header; the lines above it were left out", ["line": String(headerLine.found)]))
        }
        if context.dateOrder == nil && context.table.dateFormat == nil {
            try settleDateOrder(of: table, after: headerLine.found, context: &context, sink: sink)
        }
        if let header = table.headRecords.first(where: { $0.line == headerLine.found }),
            let column = Decoder.yearSurveyColumn(CSVColumns(header: header.cells))
        {
            context.datedRows = try DatedRows.survey(table, column: column, after: headerLine.found)
        }
        var decoder: Decoder?
        var width = 0
        do {
            let rows = try table.rows()
            while let record = try nextRecord(rows, sink: sink, context: context, inHeader: decoder == nil, headerLine: headerLine.found) {
                if decoder == nil {
                    if record.line < headerLine.found { continue }
                    // A sheet with no header (`--header-line 0`): its columns are named by number.
                    let headerless = headerLine.found == 0
                    // Rows may be ragged, so the columns run to the widest a mapping may name.
                    let header = CSVColumns(header: headerless ? (1...max(record.cells.count, Self.headerlessColumns)).map(String.init) : record.cells)
                    let made = try Decoder(header: header, context: context.withHeader(on: headerless ? 0 : record.line))
                    if let note = made.note(header) { sink.note(note) }
                    decoder = made
                    width = header.width
                    if !headerless { continue }
                }
                guard var current = decoder else { continue }
                do throws(RowFault) {
                    // A trailing separator on every row (Samsung Health writes one) adds empty cells only.
                    // A sheet's cells past its header are columns nobody named: not read.
                    guard table.separatorWords == nil || record.cells.count <= width || record.cells[width...].allSatisfy({ $0.trimmingWhitespace().isEmpty }) else {
                        throw RowFault.invalid(
                            Phrase(
                                "{count} cells where the header has {width}; quote a value that holds {separator}",
                                ["count": "\(record.cells.count)", "width": "\(width)", "separator": table.separatorWords ?? "a comma"]))
                    }
                    try current.decode(CSVRow(cells: record.cells), line: record.line, into: sink)
                } catch .invalid(let error) {
                    try sink.problem(at: context.location(line: record.line), error.phrase)
                } catch .file(let error) {
                    throw error
                }
                decoder = current
            }
        } catch let error as InterchangeError {
            throw error
        } catch let error as CSVReader.SyntaxError {
            throw .malformed(path: "\(context.name):\(error.line)", reason: error.reason)
        } catch {
            throw .malformed(path: context.name, reason: Phrase(verbatim: "\(error)"))
        }
        guard decoder != nil else {
            if let given = context.table.headerLine, given > 0 {
                throw .malformed(path: context.name, reason: Phrase("--header-line {line} is past the end of the file", ["line": String(given)]))
            }
            throw .malformed(path: context.name, reason: Phrase("the file is empty"))
        }
        try sink.flush()
    }

    /// How many columns a sheet with no header (`--header-line 0`) has at least, by number.
    static let headerlessColumns = 256

    /// The line of the table's header: the one `--header-line` names, else the first of its
    /// first rows (after a format's fixed preamble) that the format recognizes, else its first.
    static func headerLine<Decoder: CSVRowDecoder>(
        in table: any TableSource, for _: Decoder.Type, context: DecodeContext
    ) -> (found: Int, recognized: Bool) {
        if let given = context.table.headerLine { return (given, true) }
        let candidates = table.headRecords.dropFirst(Decoder.preambleLines).prefix(headerSearchRows)
        if let header = candidates.first(where: { Decoder.recognizes(CSVColumns(header: $0.cells), context: context) }) {
            return (header.line, true)
        }
        return (candidates.first?.line ?? 1, false)
    }

    /// Sets `context`'s date order to the one the table's dates settle: its first rows', or,
    /// when those hold a date either order reads and are not the whole table, all its rows'.
    /// Dates that settle both orders refuse the file.
    private static func settleDateOrder(
        of table: any TableSource, after headerLine: Int, context: inout DecodeContext, sink: ImportSink
    ) throws(InterchangeError) {
        var evidence = DateOrderEvidence()
        for record in table.headRecords where record.line > headerLine { evidence.see(record) }
        if evidence.settled == nil && evidence.conflict(in: context.name) == nil && evidence.firstAmbiguous != nil && !table.headIsWhole {
            evidence = DateOrderEvidence()
            try table.lookThroughAllRows { record in
                if record.line > headerLine { evidence.see(record) }
                return evidence.dayFirst == nil || evidence.monthFirst == nil
            }
        }
        if let conflict = evidence.conflict(in: context.name) { throw conflict }
        if let settled = evidence.settled {
            context.dateOrder = settled.order
            sink.settle(settled)
        }
    }

    /// The next record; a data row whose own bytes are wrong (bad UTF-8) is a problem on its line
    /// and the one after it is read (a line above the header is passed over). A header that
    /// cannot be read, or a break in the file's structure, stops the reading: rows after it are
    /// never silently dropped.
    private static func nextRecord(
        _ reader: any TableRows, sink: ImportSink, context: DecodeContext, inHeader: Bool, headerLine: Int
    ) throws -> CSVReader.Record? {
        while true {
            do {
                return try reader.nextRecord()
            } catch let error as CSVReader.SyntaxError where error.canContinue && (!inHeader || error.line < headerLine) {
                if !inHeader { try sink.problem(at: context.location(line: error.line), error.reason) }
            }
        }
    }
}
