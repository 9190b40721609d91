/// Splits the log's rows into pages: the header row repeats on every page, no row is
/// ever split, and the summary rows (mean, maximum, minimum) follow the last row. The summary
/// never stands alone on a page: when it does not fit under the last row, the last rows (up to
/// ``keptWithSummary``) move with it to the next page.
public struct LogPagination: Equatable, Sendable {
    /// One page of the log.
    public struct Page: Equatable, Sendable {
        /// The rows on this page.
        public let rows: Range<Int>
        /// True on the page that ends with the summary rows.
        public let hasSummary: Bool

        public init(rows: Range<Int>, hasSummary: Bool) {
            self.rows = rows
            self.hasSummary = hasSummary
        }
    }

    public let pages: [Page]

    /// The rows carried over with the summary when it does not fit under the last one.
    public static let keptWithSummary = 2

    /// Paginates rows of `rowHeights` points.
    ///
    /// - Parameters:
    ///   - headerHeight: the column header row, repeated on every page.
    ///   - summaryHeight: the summary rows after the last row.
    ///   - firstPageSpace: the height the log has on its first page.
    ///   - pageSpace: the height it has on every later page.
    public init(rowHeights: [Double], headerHeight: Double, summaryHeight: Double, firstPageSpace: Double, pageSpace: Double) {
        var pages: [Page] = []
        var start = 0
        var space = firstPageSpace - headerHeight
        var used = 0.0
        for (index, height) in rowHeights.enumerated() {
            // A row that does not fit starts a new page, unless the page is still empty.
            if used + height > space && index > start {
                pages.append(Page(rows: start..<index, hasSummary: false))
                start = index
                space = pageSpace - headerHeight
                used = 0
            }
            used += height
        }
        if used + summaryHeight <= space || rowHeights.isEmpty {
            pages.append(Page(rows: start..<rowHeights.count, hasSummary: true))
        } else {
            // The last rows go over with the summary, as many as fit beside it, always leaving one
            // on this page: the summary stands alone only after a page holding a single row.
            let nextSpace = pageSpace - headerHeight
            var split = rowHeights.count
            var carried = summaryHeight
            while split > start + 1, rowHeights.count - split < LogPagination.keptWithSummary, carried + rowHeights[split - 1] <= nextSpace {
                carried += rowHeights[split - 1]
                split -= 1
            }
            pages.append(Page(rows: start..<split, hasSummary: false))
            pages.append(Page(rows: split..<rowHeights.count, hasSummary: true))
        }
        self.pages = pages
    }
}
