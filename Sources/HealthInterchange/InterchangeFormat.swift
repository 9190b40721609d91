public import HealthCore
/// The file formats `import` reads and `export` writes.
public enum InterchangeFormat: String, CaseIterable, Sendable {
    /// HealthLog's own CSV.
    case csv
    /// HealthLog's full backup: profiles, tag definitions and readings.
    case json
    /// FHIR R4: a Bundle of any type, a single resource, or NDJSON (one resource per line).
    case fhir
    /// Omron Connect's CSV export (9, 16 or 17 columns, or the newer "Measurement Date" layout).
    case omron
    /// Withings Health Mate's `bp.csv` or `weight.csv`.
    case withings
    /// The CSV export of the open-source blood-pressure-monitor app.
    case bpMonitor = "bp-monitor"
    /// Apple Health's `export.xml`, or the `export.zip` holding it.
    case appleHealth = "apple-health"
    /// Samsung Health's blood-pressure or weight CSV.
    case samsungHealth = "samsung-health"
    /// Any spreadsheet saved as CSV, read by a ``ColumnMapping`` (`--columns`); never told from a file.
    case spreadsheet
    /// A blood-pressure notebook kept in Chinese, typed into a sheet (CSV, `.xlsx`, `.ods`):
    /// `日期,时间,高压,低压,脉搏,体重(斤),备注` and its variants, read with no mapping.
    case notebook

    /// The name with its article, as a sentence names a file of the format: `an Omron Connect`
    /// (`… file`), said in the reader's language.
    public var withArticle: Phrase {
        switch self {
        case .csv: Phrase("a HealthLog CSV")
        case .json: Phrase("a HealthLog JSON backup")
        case .fhir: Phrase("a FHIR")
        case .omron: Phrase("an Omron Connect")
        case .withings: Phrase("a Withings")
        case .bpMonitor: Phrase("a blood-pressure-monitor app")
        case .appleHealth: Phrase("an Apple Health")
        case .samsungHealth: Phrase("a Samsung Health")
        case .spreadsheet: Phrase("a spreadsheet")
        case .notebook: Phrase("a blood-pressure notebook")
        }
    }

    /// Device and app exports name no person: their readings belong to the profile the profile
    /// rule chooses.
    public var namesNoPerson: Bool {
        switch self {
        case .omron, .withings, .bpMonitor, .appleHealth, .samsungHealth, .spreadsheet, .notebook: true
        case .csv, .json, .fhir: false
        }
    }

    /// True where records with HealthLog's ids merge: the same id with different contents is a
    /// conflict the newer `updatedAt` wins.
    var mergesByID: Bool { self == .json || self == .fhir }

    // MARK: - Detection

    /// The format of the file at `path`, told from its first bytes.
    public static func detect(path: String) throws(InterchangeError) -> InterchangeFormat {
        try detect(try ImportInput(path: path))
    }

    /// The format the input's first bytes show: a zip or XML root, a JSON root, or a CSV header
    /// read by its column names. Never the file's name.
    static func detect(_ input: ImportInput) throws(InterchangeError) -> InterchangeFormat {
        let head = input.head
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let kind = try ZipContents.of(path: try input.reopenablePath(), name: input.name)
            switch kind {
            case .appleHealth: return .appleHealth
            case .xlsx, .ods: return try tableFormat(WorkbookTable(input, kind: kind).headRecords, name: input.name)
            case .other: throw .malformed(path: input.name, reason: Phrase("the zip holds no export.xml (Apple Health) and no spreadsheet"))
            }
        }
        if let refusal = BinaryWorkbook.refusal(input) { throw refusal }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw .malformed(
                path: input.name, reason: Phrase("the file is UTF-16 text, as a spreadsheet saves \"Unicode text\": save it as CSV UTF-8 and import that"))
        }
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        let text = String(decoding: body.prefix(8192), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.isEmpty && body.count < InputLimits.headBytes {
            throw .malformed(path: input.name, reason: body.isEmpty ? Phrase("the file is empty") : Phrase("the file holds only blank lines"))
        }
        if trimmed.hasPrefix("<") {
            if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") { return .appleHealth }
            throw .unrecognized(path: input.name)
        }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
            if text.contains("\"healthlog-backup\"") { return .json }
            if text.contains("\"resourceType\"") { return .fhir }
            throw .malformed(
                path: input.name,
                reason: Phrase(
                    "it is JSON, but neither FHIR (no \"resourceType\") nor a HealthLog backup (no \"format\": \"healthlog-backup\"); HealthLog reads no other JSON, and --columns reads only tables"))
        }
        if SamsungHealthDecoder.recognizes(firstLine: String(trimmed.prefix(64))) { return .samsungHealth }
        guard let firstLine = body.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D }).first,
            firstLine.count < body.count || body.count < InputLimits.headBytes
        else { throw .unrecognized(path: input.name) }
        if String(validating: firstLine, as: UTF8.self) == nil, firstLine.allSatisfy({ $0 >= 0x20 || $0 == 0x09 }) {
            if ChineseEncoding.looksLikeGB18030(firstLine) {
                throw .malformed(
                    path: input.name,
                    reason: Phrase(
                        "line 1: the file is in GB18030 (GBK), as Excel or WPS saves CSV on a Chinese Windows, not UTF-8: save it as CSV UTF-8 (WPS: 另存为 > CSV UTF-8) and import that"))
            }
            // Text in another encoding, such as a sheet Excel saved as Windows-1252 (`Sistólica`).
            throw .malformed(
                path: input.name,
                reason: Phrase("line 1: the file is not UTF-8 (a spreadsheet may have saved it as Windows-1252 or Latin-1): save it as CSV UTF-8 and import that"))
        }
        let reader = CSVReader(bytes: Array(body), separator: CSVReader.separator(ofHead: body))
        var records: [CSVReader.Record] = []
        while records.count < CSVFileDecoder.headerSearchRows + 6, let record = try? reader.nextRecord() { records.append(record) }
        // Only whole records: the last one of a full head may be cut.
        if body.count >= InputLimits.headBytes - 3 && records.count > 1 && records.count < CSVFileDecoder.headerSearchRows + 6 { records.removeLast() }
        return try tableFormat(records, name: input.name, separator: reader.separator)
    }

    /// The format a table's first rows show: the first of them that is a header HealthLog knows,
    /// when the rows under it agree; else a refusal that suggests a `--columns` mapping built from
    /// the header, or says that nothing was recognized.
    /// A refusal quotes the header with the file's own `separator`.
    static func tableFormat(_ records: [CSVReader.Record], name: String, separator: UInt8 = UInt8(ascii: ",")) throws(InterchangeError) -> InterchangeFormat {
        let candidates = records.prefix(CSVFileDecoder.headerSearchRows)
        for (index, record) in candidates.enumerated() {
            let header = CSVColumns(header: record.cells)
            let found = csvFormat(header: header) ?? (NotebookDecoder.recognizes(header) ? .notebook : nil)
            // A format whose decoder finds its own header may have report lines above it.
            guard let format = found, index == 0 || format.findsItsHeader else { continue }
            let rows = records.dropFirst(index + 1).filter { !$0.cells.allSatisfy { $0.trimmingWhitespace().isEmpty } }.prefix(5)
            if format.agrees(header, rows: rows.map { CSVRow(cells: $0.cells) }) { return format }
            break
        }
        for record in candidates {
            let columns = CSVColumns(header: record.cells)
            guard let mapping = ColumnMapping.suggested(for: columns) else { continue }
            // A tab would reach the terminal as a space: a tab-separated header is said in words.
            let tabbed = separator == 0x09
            let values = [
                "line": String(record.line), "columns": columns.names.joined(separator: tabbed ? " | " : String(UnicodeScalar(separator))),
                "text": mapping.text,
            ]
            throw .malformed(
                path: name,
                reason: tabbed
                    ? Phrase(
                        "line {line}: the tab-separated header {columns} is no export HealthLog knows; say which column holds what, e.g. --columns '{text}'",
                        values)
                    : Phrase("line {line}: the header {columns} is no export HealthLog knows; say which column holds what, e.g. --columns '{text}'", values))
        }
        throw .unrecognized(path: name)
    }

    /// True for a format whose decoder looks for its header among the first rows.
    private var findsItsHeader: Bool { [.omron, .withings, .bpMonitor, .notebook].contains(self) }

    /// True when the first data rows read as this format writes them.
    private func agrees(_ header: CSVColumns, rows: [CSVRow]) -> Bool {
        switch self {
        case .withings: WithingsDecoder.agrees(header, rows: rows)
        default: true
        }
    }

    /// The CSV format a header names, by its columns.
    static func csvFormat(header: CSVColumns) -> InterchangeFormat? {
        // HealthLog's own columns, all or some of them (taken_at and a value, or the profile).
        if header.has(["taken_at"]) && (header.has(["profile"]) || header.has(["systolic"]) || header.has(["pulse"]) || header.has(["weight_kg"])) {
            return .csv
        }
        if header.has(["timestampUnixMs"]) { return .bpMonitor }
        if OmronDecoder.recognizes(header) { return .omron }
        if WithingsDecoder.recognizes(header) { return .withings }
        return nil
    }

    /// Refuses an input named as this format whose first bytes cannot be it, before any of it is
    /// read further (so `--format apple-health` on `/dev/zero` fails at once).
    func checkLooksRight(_ input: ImportInput) throws(InterchangeError) {
        let head = input.head.starts(with: [0xEF, 0xBB, 0xBF]) ? input.head.dropFirst(3) : input.head[...]
        let first = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let first else { throw .malformed(path: input.name, reason: Phrase("the file is empty")) }
        let fits: Bool
        switch self {
        case .appleHealth: fits = first == UInt8(ascii: "<") || input.head.starts(with: [0x50, 0x4B, 0x03, 0x04])
        case .json, .fhir: fits = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        case .csv, .omron, .withings, .bpMonitor, .samsungHealth, .spreadsheet, .notebook: fits = first >= 0x20 || first == 0x09
        }
        guard fits else {
            throw .malformed(path: input.name, reason: Phrase("it does not start like {format} file", terms: ["format": withArticle]))
        }
    }
}
