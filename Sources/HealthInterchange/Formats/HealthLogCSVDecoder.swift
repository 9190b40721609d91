import HealthCore

/// HealthLog's own CSV. A row with an id is matched by that id only, so two real readings with
/// the same minute and values both come back; a row without one (written by hand) is matched
/// by its values. With `--profile`, other profiles' rows are checked and left out.
struct HealthLogCSVDecoder: CSVRowDecoder {
    private let columns: ReadingCSVCodec.Columns
    private let context: DecodeContext

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        try Self.requireColumns(
            header.has(["profile"]) && header.has(["taken_at"]), context,
            expected: "a HealthLog CSV file starts with the header \(ReadingCSVCodec.header.joined(separator: ","))")
        columns = ReadingCSVCodec.Columns(header)
        self.context = context
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let decoded: (reading: Reading, hasOffset: Bool)
        do {
            decoded = try ReadingCSVCodec.decode(row, columns: columns, zone: context.zone, now: context.now)
        } catch {
            throw .invalid(error)
        }
        guard context.includes(decoded.reading.profileID) else { return }
        let rule: DuplicateRule = !row[columns.id].isEmpty ? .sameID : decoded.hasOffset ? .sameValues : .sameValuesOrLocalTime
        try take(decoded.reading, rule: rule, line: line, context: context, into: sink)
    }
}
