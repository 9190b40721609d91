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
}

/// The steps every row decoder takes alike.
extension CSVRowDecoder {
    func note(_ header: CSVColumns) -> Phrase? { nil }
    static var preambleLines: Int { 0 }

    /// Whose readings a file of `format`, which names no person, holds; refused when no profile was chosen.
    static func profile(for format: InterchangeFormat, _ context: DecodeContext) throws(InterchangeError) -> String {
        guard let profile = context.profile else { throw .profileRequired(format: format) }
        return profile
    }

    /// Refuses a header without the columns the format needs, saying what its header looks like.
    static func requireColumns(_ present: Bool, _ context: DecodeContext, expected: Phrase) throws(InterchangeError) {
        guard present else { throw .malformed(path: context.name, reason: Phrase("line 1: {expected}", terms: ["expected": expected])) }
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

/// Reads a CSV input row by row for a ``CSVRowDecoder``: the header first, then every row,
/// each bad row a `FILE:LINE: reason` problem rather than a stop. One record at a time is held.
/// Without `--date-order`, numeric dates are read in the order the file's first 64 KiB settle.
enum CSVFileDecoder {
    static func decode<Decoder: CSVRowDecoder>(
        _ input: ImportInput, as _: Decoder.Type, context: DecodeContext, into sink: ImportSink
    ) throws(InterchangeError) {
        let separator = context.separator ?? CSVReader.separator(ofFirstLineIn: input.head)
        let reader = CSVReader(maximumRecordBytes: InputLimits.csvRecordBytes, separator: separator) { buffer in try input.read(into: buffer) }
        var context = context
        if context.dateOrder == nil, let settled = SettledDateOrder.of(rowsIn: input.head, separator: separator) {
            context.dateOrder = settled.order
            sink.settle(settled)
        }
        var decoder: Decoder?
        var width = 0
        var preamble = Decoder.preambleLines
        do {
            while let record = try nextRecord(reader, sink: sink, context: context, inHeader: decoder == nil) {
                guard var current = decoder else {
                    if preamble > 0 {
                        preamble -= 1
                        continue
                    }
                    let header = CSVColumns(header: record.cells)
                    let made = try Decoder(header: header, context: context)
                    if let note = made.note(header) { sink.note(note) }
                    decoder = made
                    width = header.width
                    continue
                }
                do throws(RowFault) {
                    // A trailing separator on every row (Samsung Health writes one) adds empty cells only.
                    guard record.cells.count <= width || record.cells[width...].allSatisfy({ $0.trimmingWhitespace().isEmpty }) else {
                        let separator = reader.separator == UInt8(ascii: ",") ? "a comma" : reader.separator == UInt8(ascii: ";") ? "a semicolon" : "a tab"
                        throw RowFault.invalid(Phrase("{count} cells where the header has {width}; quote a value that holds {separator}", ["count": "\(record.cells.count)", "width": "\(width)", "separator": "\(separator)"]))
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
        guard decoder != nil else { throw .malformed(path: context.name, reason: Phrase("the file is empty")) }
        try sink.flush()
    }

    /// The next record; a data row whose own bytes are wrong (bad UTF-8) is a problem on its line
    /// and the one after it is read. A header that cannot be read, or a break in the file's
    /// structure, stops the reading: rows after it are never silently dropped.
    private static func nextRecord(_ reader: CSVReader, sink: ImportSink, context: DecodeContext, inHeader: Bool) throws -> CSVReader.Record? {
        while true {
            do {
                return try reader.nextRecord()
            } catch let error as CSVReader.SyntaxError where error.canContinue && !inHeader {
                try sink.problem(at: context.location(line: error.line), error.reason)
            }
        }
    }
}
