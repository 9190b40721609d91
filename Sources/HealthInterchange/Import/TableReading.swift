/// How to read a table that cannot explain itself: the options `import` takes for a CSV file or
/// workbook (`--columns`, `--separator`, `--decimal-comma`, `--date-format`, `--time`,
/// `--header-line`). The command fills it, the import request carries it, and the readers read
/// it, so an option is declared once.
public struct TableReading: Sendable {
    /// Which column holds what, for a spreadsheet read with `--columns`; nil to read a header
    /// HealthLog knows.
    public var columns: ColumnMapping?
    /// The byte between cells (`--separator`), or nil to tell it from the header line.
    public var separator: UInt8?
    /// True with `--decimal-comma`: numbers are written `72,5` and `1.234,5`.
    public var decimalComma = false
    /// How dates are written (`--date-format`, `DD-MMM-YY`): only dates written so are read.
    public var dateFormat: DateFormat?
    /// The time of day for a `--columns` sheet with dates but no time column (`--time`).
    public var sheetTime: SheetTime?
    /// The line of a table's header (`--header-line`, when an app writes report lines above it),
    /// or nil to find it among the first rows.
    public var headerLine: Int?

    public init(
        columns: ColumnMapping? = nil, separator: UInt8? = nil, decimalComma: Bool = false, dateFormat: DateFormat? = nil,
        sheetTime: SheetTime? = nil, headerLine: Int? = nil
    ) {
        self.columns = columns
        self.separator = separator
        self.decimalComma = decimalComma
        self.dateFormat = dateFormat
        self.sheetTime = sheetTime
        self.headerLine = headerLine
    }
}
