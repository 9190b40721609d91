import HealthCore

/// The first sheet of a workbook (`.xlsx` from Excel or WPS, `.ods` from LibreOffice) as a
/// table: its rows as records, each on its sheet row's number, its cells as the text the
/// decoders read. A date or time cell (Excel's serial days, OpenDocument's `date-value`) is
/// written as `2026-11-03`, `2026-11-03 07:30:00` or `7:30`, so no program's display format is
/// guessed at; a number as its shortest decimal. Rows with no cell are left out.
///
/// A sheet is held whole: a notebook or an export has thousands of rows, not millions, and the
/// parts of the zip are read within ``WorkbookTable/partBytes``.
final class WorkbookTable: TableSource {
    /// The most a workbook part (a sheet, its shared strings) may hold once inflated.
    static let partBytes = 64 << 20
    /// The most columns a row is read to (Excel's own limit).
    static let maximumColumns = 16_384
    /// The most cells a sheet's rows may hold, the empty ones before a written cell included:
    /// a real sheet of readings holds far fewer, and a small hostile workbook (a row repeated
    /// 65,536 times, a cell in column XFD of every row) cannot make the import hold billions.
    static let maximumCells = 2_000_000

    let name: String
    let headRecords: [CSVReader.Record]
    let headIsWhole = true
    let separatorWords: String? = nil
    /// The sheet read, and how many the workbook has.
    let sheetName: String
    let sheetCount: Int

    /// Reads the first sheet of the workbook `input` holds (`kind` says which format).
    init(_ input: ImportInput, kind: ZipContents) throws(InterchangeError) {
        name = input.name
        let path = try input.reopenablePath()
        let sheet: (name: String, count: Int, records: [CSVReader.Record])
        switch kind {
        case .ods: sheet = try OpenDocumentSheet.firstSheet(path: path, name: input.name)
        default: sheet = try OfficeOpenXMLSheet.firstSheet(path: path, name: input.name)
        }
        sheetName = sheet.name
        sheetCount = sheet.count
        headRecords = sheet.records
    }

    func rows() throws(InterchangeError) -> any TableRows { RecordList(headRecords) }
    func rowsAgain() throws(InterchangeError) -> any TableRows { RecordList(headRecords) }

    /// What the import says about the sheet it read, when the workbook has more than one.
    var note: Phrase? {
        sheetCount > 1 ? Phrase("read the first sheet, {sheet}, of {count}; the others were left out", ["sheet": sheetName, "count": String(sheetCount)]) : nil
    }
}

/// Records already read, handed out one at a time.
final class RecordList: TableRows {
    private var records: ArraySlice<CSVReader.Record>

    init(_ records: [CSVReader.Record]) { self.records = records[...] }

    func nextRecord() throws -> CSVReader.Record? { records.popFirst() }
}

/// A sheet's rows as they are read, within ``WorkbookTable/maximumCells``.
struct SheetRecords {
    private(set) var records: [CSVReader.Record] = []
    private var cells = 0
    let name: String

    init(name: String) { self.name = name }

    /// Adds `row` as the sheet row `line`; past the limit the workbook is refused.
    mutating func append(_ row: SheetRow, line: Int) throws(InterchangeError) {
        cells += max(row.cells.count, 1)
        guard cells <= WorkbookTable.maximumCells else {
            throw .malformed(
                path: name,
                reason: Phrase("the sheet holds more than {n} cells, more than a sheet of readings holds", ["n": String(WorkbookTable.maximumCells)]))
        }
        records.append(CSVReader.Record(line: line, cells: row.cells))
    }
}

/// Cells placed by column: a row's cells as a list, empty where nothing was written.
struct SheetRow {
    private(set) var cells: [String] = []

    /// Puts `text` in the column at `index` (0-based), `repeated` times.
    mutating func put(_ text: String, at index: Int, repeated: Int = 1) {
        guard index < WorkbookTable.maximumColumns, !text.isEmpty else { return }
        let end = min(index + repeated, WorkbookTable.maximumColumns)
        if cells.count < end { cells += Array(repeating: "", count: end - cells.count) }
        for column in index..<end { cells[column] = text }
    }

    var isEmpty: Bool { cells.allSatisfy { $0.trimmingWhitespace().isEmpty } }
}

/// How a date and a time of day read from a sheet are written for the decoders.
enum SheetDateText {
    /// `2026-11-03`, or with its time `2026-11-03 07:30:00`.
    static func date(_ date: CivilDate, seconds: Int?) -> String {
        guard let seconds else { return date.description }
        return "\(date) \(clock(seconds, withSeconds: true))"
    }

    /// `7:30`, or `7:30:15` with its seconds.
    static func clock(_ seconds: Int, withSeconds: Bool = false) -> String {
        let (hour, minute, second) = (seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)
        let text = withSeconds ? "\(pad(hour, 2)):\(pad(minute, 2))" : "\(hour):\(pad(minute, 2))"
        return withSeconds || second != 0 ? "\(text):\(pad(second, 2))" : text
    }

    /// A number as its shortest decimal: `135`, `127.6`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
