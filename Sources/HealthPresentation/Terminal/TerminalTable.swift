/// The columns of the `list` table and their widths, fitted to a terminal's width.
struct TableLayout {
    enum Kind: Hashable { case id, date, time, period, bp, pulse, weight, tags, note }

    struct Column {
        let kind: Kind
        let title: String
        var width: Int
        /// The width in the narrowest terminals (a date without its year, a time after
        /// midnight without its weekday); nil when the column has no narrow form.
        let narrow: Int?

        /// A column at least as wide as its title.
        init(_ kind: Kind, _ title: String, _ width: Int, narrow: Int? = nil) {
            self.kind = kind
            self.title = title
            self.width = Swift.max(width, title.displayWidth)
            self.narrow = narrow.map { Swift.max($0, title.displayWidth) }
        }
    }

    private(set) var columns: [Column]
    /// Dates as `11-29 Sun` instead of `2026-11-29 Sun` (the narrowest terminals).
    private(set) var shortDates = false
    /// A time after midnight as `00:40 (30)` instead of `00:40 (Mon 30)`.
    private(set) var shortTimes = false

    init(columns: [Column]) {
        self.columns = columns
    }

    /// Two spaces between columns.
    static let gap = 2

    /// The width of a row.
    var width: Int { columns.reduce(0) { $0 + $1.width } + TableLayout.gap * Swift.max(0, columns.count - 1) }

    /// Narrows the table to `limit` columns: columns with nothing in them go first, then notes
    /// and tags are cut (to 12 and 10), then Period, Weight, Tags, ID and Note are left out in
    /// that order, then dates lose their year and times after midnight their weekday. Date,
    /// time, BP and pulse always stay.
    mutating func fit(_ limit: Int, empty: [Kind: Bool]) {
        for kind in [Kind.weight, .tags, .note] where width > limit && empty[kind] == true { remove(kind) }
        for (kind, least) in [(Kind.note, 12), (.tags, 10)] where width > limit {
            guard let index = columns.firstIndex(where: { $0.kind == kind }) else { continue }
            columns[index].width = Swift.max(least, columns[index].width - (width - limit))
        }
        for kind in [Kind.period, .weight, .tags, .id, .note] where width > limit { remove(kind) }
        // Then the date without its year, and a time after midnight without its weekday.
        if width > limit, let date = columns.firstIndex(where: { $0.kind == .date }), let narrow = columns[date].narrow {
            shortDates = true
            columns[date].width = narrow
        }
        if width > limit, let time = columns.firstIndex(where: { $0.kind == .time }), let narrow = columns[time].narrow {
            shortTimes = true
            columns[time].width = narrow
        }
        // The last column may take what is left, never more.
        if let last = columns.indices.last, columns[last].kind == .note, width > limit {
            columns[last].width = Swift.max(4, columns[last].width - (width - limit))
        }
    }

    private mutating func remove(_ kind: Kind) { columns.removeAll { $0.kind == kind } }

    /// One row from its cells, in the columns' order.
    func row(_ cells: [String]) -> String { cells.joined(separator: String(repeating: " ", count: TableLayout.gap)) }
}
