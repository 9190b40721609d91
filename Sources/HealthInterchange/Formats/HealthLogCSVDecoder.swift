import HealthCore

/// HealthLog's own CSV. A row with an id is matched by that id only, so two real readings with
/// the same minute and values both come back; a row without one (written by hand) is matched
/// by its values, and gets an id made from its profile, time and values. With `--profile`, other profiles' rows are checked and left out.
struct HealthLogCSVDecoder: CSVRowDecoder {
    private let columns: ReadingCSVCodec.Columns
    private let context: DecodeContext
    /// HealthLog writes every cell of every row: a shorter row with an id is a cut-off line.
    /// (A row without an id was written by hand, and may leave trailing empty cells out.)
    private let width: Int
    /// Whose readings rows without a profile are: a file with only some of HealthLog's columns
    /// (`taken_at,systolic,diastolic`) names no one, and `--profile` says who.
    private let defaultProfile: String?
    private var wallClock = WallClockResolver()

    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { header.has(["taken_at"]) }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        try Self.requireColumns(
            header.has(["taken_at"]), context,
            expected: Phrase("a HealthLog CSV file starts with the header {ReadingCSVCodec} (or some of its columns, taken_at among them)", ["ReadingCSVCodec": "\(ReadingCSVCodec.header.joined(separator: ","))"]))
        columns = ReadingCSVCodec.Columns(header)
        defaultProfile = header.has(["profile"]) ? context.profile : try Self.profile(for: .csv, context)
        width = header.width
        self.context = context
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        guard row.cells.count >= width || row[columns.id].isEmpty else {
            throw .invalid(Phrase("{count} cells where the header has {width}: a cut-off or hand-edited row (give every column, empty where there is no value)", ["count": "\(row.cells.count)", "width": "\(width)"]))
        }
        let decoded: (reading: Reading, hasOffset: Bool)
        do {
            decoded = try ReadingCSVCodec.decode(row, columns: columns, now: context.now, profile: defaultProfile) { date, clock, _ in
                wallClock.instant(date, clock, in: context.zone, line: line, sink: sink)
            }
        } catch {
            throw .invalid(error)
        }
        guard context.includes(decoded.reading.profileID) else { return }
        var reading = decoded.reading
        if row[columns.id].isEmpty {
            // A row written by hand gets the id its time and values name, the same on every
            // machine: two machines importing one file make one family log's readings, not two
            // copies of each once their logs are shared.
            let r = reading
            let values = [r.systolic, r.diastolic, r.pulse, r.weightGrams].map { $0.map(String.init) ?? "" }.joined(separator: "/")
            reading.id = NameBasedUUID.make("healthlog-csv/\(r.profileID)/\(row[columns.takenAt])/\(values)")
        }
        let rule: DuplicateRule = !row[columns.id].isEmpty ? .sameID : decoded.hasOffset ? .sameValues : .sameValuesOrLocalTime
        try take(reading, rule: rule, line: line, context: context, into: sink)
    }
}
