/// A table's columns and their widths, fitted to a terminal: the one routine behind `list`,
/// `stats`' tables, `profile list` and `tag list`. Each table says, as steps, how it gives way
/// when it is wider than the terminal (which column is cut, to how little, which is left out,
/// which takes a narrower form); a step applies only while the table is still too wide. Through
/// a pipe (no width) every column stays whole.
public struct TerminalTable<Key: Hashable> {
    public struct Column {
        public let key: Key
        public let title: String
        /// The column's width in terminal columns: never narrower than its title.
        public fileprivate(set) var width: Int
        /// Its width in its narrow form (a date without its year); nil when it has none.
        let narrowWidth: Int?
        /// True once the table has switched the column to its narrow form.
        public fileprivate(set) var isNarrow = false

        /// A column at least as wide as its title.
        public init(_ key: Key, _ title: String, _ width: Int, narrow: Int? = nil) {
            self.key = key
            self.title = title
            self.width = Swift.max(width, title.displayWidth)
            narrowWidth = narrow.map { Swift.max($0, title.displayWidth) }
        }
    }

    /// How a table gives way.
    public enum Step {
        /// The column is left out.
        case drop(Key)
        /// The column takes what the others leave, but at least `least` columns (it may claim more
        /// than its cells need: a column is not kept that leaves less than `least` to another).
        case cut(Key, least: Int)
        /// The column takes its narrow form.
        case narrow(Key)
    }

    /// Two spaces between columns.
    public static var gap: Int { 2 }

    public private(set) var columns: [Column]
    /// Columns taken before the first (a row's indent).
    public let indent: Int

    public init(_ columns: [Column], indent: Int = 0) {
        self.columns = columns
        self.indent = indent
    }

    /// The width of a row.
    public var width: Int { columns.reduce(indent) { $0 + $1.width } + TerminalTable.gap * Swift.max(0, columns.count - 1) }

    /// The table fitted to `limit` columns by `steps`, in order, each only while it is too wide;
    /// nil (a pipe) keeps every column whole.
    public mutating func fit(_ limit: Int?, _ steps: [Step]) {
        guard let limit else { return }
        for step in steps where width > limit {
            switch step {
            case .drop(let key): columns.removeAll { $0.key == key }
            case .cut(let key, let least):
                guard let index = columns.firstIndex(where: { $0.key == key }) else { continue }
                columns[index].width = Swift.max(least, columns[index].width - (width - limit))
            case .narrow(let key):
                guard let index = columns.firstIndex(where: { $0.key == key }), let narrow = columns[index].narrowWidth else { continue }
                columns[index].width = narrow
                columns[index].isNarrow = true
            }
        }
    }

    /// The column of `key`, or nil when it was left out.
    public func column(_ key: Key) -> Column? { columns.first { $0.key == key } }

    /// One row from its cells, in the columns' order, two spaces apart.
    public func row(_ cells: [String]) -> String { cells.joined(separator: String(repeating: " ", count: TerminalTable.gap)) }
}
