import HealthCore

/// Rows one at a time: a CSV file's records, or a sheet's rows.
protocol TableRows: AnyObject {
    /// The next row and the line (or sheet row) it is on; nil after the last.
    func nextRecord() throws -> CSVReader.Record?
}

extension CSVReader: TableRows {}

/// One table of an input: a CSV file, or one sheet of a workbook. Its first rows are kept to
/// tell its header line and its dates' order; its rows are then read from the start, once,
/// or twice when a date's order must be looked for in the whole of it.
protocol TableSource: AnyObject {
    /// How messages name the table: the file, or `book.xlsx:Sheet2`.
    var name: String { get }
    /// The table's first rows (those of a CSV file's first 64 KiB), for its header and dates.
    var headRecords: [CSVReader.Record] { get }
    /// True when ``headRecords`` are all its rows.
    var headIsWhole: Bool { get }
    /// How a cell count that does not fit is explained (`a comma`), or nil for a sheet.
    var separatorWords: String? { get }
    /// The rows from the start. After ``rowsAgain()`` it reads from where that could.
    func rows() throws(InterchangeError) -> any TableRows
    /// The rows from the start for a look through all of them, before ``rows()``.
    func rowsAgain() throws(InterchangeError) -> any TableRows
}

extension TableSource {
    /// Every row from the start once more (``rowsAgain()``), for a look through all of them before
    /// they are read: a row whose bytes are wrong is passed over, and a break in the file's
    /// structure ends the look (the reading itself says either on its line). `see` returns false
    /// to stop early.
    func lookThroughAllRows(_ see: (CSVReader.Record) -> Bool) throws(InterchangeError) {
        do {
            let rows = try rowsAgain()
            while true {
                let record: CSVReader.Record?
                do { record = try rows.nextRecord() } catch let error as CSVReader.SyntaxError where error.canContinue { continue }
                guard let record, see(record) else { return }
            }
        } catch let error as InterchangeError {
            throw error
        } catch {
            return
        }
    }
}

/// A CSV input as one table.
final class CSVTable: TableSource {
    let name: String
    let headRecords: [CSVReader.Record]
    let headIsWhole: Bool
    private let input: ImportInput
    private let separator: UInt8
    /// The copy a look through all rows opened, which the rows then come from too (a pipe is
    /// read only once).
    private var copy: String?

    init(_ input: ImportInput, separator: UInt8) {
        self.input = input
        self.separator = separator
        name = input.name
        headIsWhole = input.head.count < InputLimits.headBytes
        // Only whole records: the last one in a full head may be cut.
        let reader = CSVReader(bytes: input.head, separator: separator)
        var records: [CSVReader.Record] = []
        while let record = try? reader.nextRecord() { records.append(record) }
        if !headIsWhole && !records.isEmpty { records.removeLast() }
        headRecords = records
    }

    var separatorWords: String? {
        separator == UInt8(ascii: ",") ? "a comma" : separator == UInt8(ascii: ";") ? "a semicolon" : separator == UInt8(ascii: "|") ? "a bar" : "a tab"
    }

    func rows() throws(InterchangeError) -> any TableRows {
        guard let copy else {
            let input = input
            return CSVReader(maximumRecordBytes: InputLimits.csvRecordBytes, separator: separator) { buffer in try input.read(into: buffer) }
        }
        let progress = input.progress
        let source = try FileByteSource(path: copy, progress: progress.map { report in { @Sendable done, total in report(done, total) } })
        return CSVReader(maximumRecordBytes: InputLimits.csvRecordBytes, separator: separator) { buffer in try source.read(into: buffer) }
    }

    func rowsAgain() throws(InterchangeError) -> any TableRows {
        let path = try input.reopenablePath()
        copy = path
        let source = try FileByteSource(path: path, progress: nil)
        return CSVReader(maximumRecordBytes: InputLimits.csvRecordBytes, separator: separator) { buffer in try source.read(into: buffer) }
    }
}
