import HealthCore
import HealthReport
import Testing

@Suite struct LogPaginationTests {
    /// Every row exactly once, in order; each page's rows plus the header fit its space.
    private func checkInvariants(_ pagination: LogPagination, heights: [Double], header: Double, summary: Double, first: Double, later: Double) {
        let rows = pagination.pages.flatMap { Array($0.rows) }
        #expect(rows == Array(heights.indices))
        for (index, page) in pagination.pages.enumerated() {
            let space = index == 0 ? first : later
            let used = header + page.rows.reduce(0) { $0 + heights[$1] } + (page.hasSummary ? summary : 0)
            #expect(used <= space || page.rows.count == 1, "page \(index) overflows: \(used) > \(space)")
        }
        #expect(pagination.pages.filter(\.hasSummary).count == 1)
        // The summary rows never stand alone while the page before has a row to spare.
        if let last = pagination.pages.last, last.rows.isEmpty, pagination.pages.count > 1 {
            #expect(pagination.pages[pagination.pages.count - 2].rows.count <= 1, "the summary alone on its page")
        }
        #expect(pagination.pages.last?.hasSummary == true)
    }

    @Test func rowsPerPageWithTheHeaderRepeated() {
        // 100 − 10 header = 90: nine rows of 10 per page.
        let heights = Array(repeating: 10.0, count: 40)
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 30, firstPageSpace: 100, pageSpace: 100)
        #expect(pagination.pages.map(\.rows) == [0..<9, 9..<18, 18..<27, 27..<36, 36..<40])
        checkInvariants(pagination, heights: heights, header: 10, summary: 30, first: 100, later: 100)
    }

    @Test func aShorterFirstPage() {
        let heights = Array(repeating: 10.0, count: 20)
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 5, firstPageSpace: 50, pageSpace: 100)
        #expect(pagination.pages.map(\.rows) == [0..<4, 4..<13, 13..<20])
        checkInvariants(pagination, heights: heights, header: 10, summary: 5, first: 50, later: 100)
    }

    @Test func summaryRowsTakeTheLastRowsWithThemWhenTheLastPageIsFull() {
        // Nine rows fill the page; the summary does not fit under them, so two rows go with it.
        let heights = Array(repeating: 10.0, count: 9)
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 30, firstPageSpace: 100, pageSpace: 100)
        #expect(pagination.pages == [
            LogPagination.Page(rows: 0..<7, hasSummary: false), LogPagination.Page(rows: 7..<9, hasSummary: true),
        ])
        checkInvariants(pagination, heights: heights, header: 10, summary: 30, first: 100, later: 100)
        let fits = LogPagination(rowHeights: Array(repeating: 10.0, count: 6), headerHeight: 10, summaryHeight: 30, firstPageSpace: 100, pageSpace: 100)
        #expect(fits.pages == [LogPagination.Page(rows: 0..<6, hasSummary: true)])
    }

    @Test(arguments: 1...40)
    func theSummaryNeverStandsAloneWhateverTheRowCount(rows: Int) {
        let heights = (0..<rows).map { Double(8 + $0 % 5 * 3) }
        let pagination = LogPagination(rowHeights: heights, headerHeight: 12, summaryHeight: 37, firstPageSpace: 120, pageSpace: 120)
        #expect(pagination.pages.last?.rows.isEmpty == false)
        checkInvariants(pagination, heights: heights, header: 12, summary: 37, first: 120, later: 120)
    }

    @Test func aLastPageOfOneRowTallerThanTheSummaryAllowsLeavesTheSummaryAlone() {
        // Only one row on the last page and it fills it: nothing can go over without emptying the page.
        let heights: [Double] = [10, 85]
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 30, firstPageSpace: 100, pageSpace: 100)
        #expect(pagination.pages == [
            LogPagination.Page(rows: 0..<1, hasSummary: false), LogPagination.Page(rows: 1..<2, hasSummary: false),
            LogPagination.Page(rows: 2..<2, hasSummary: true),
        ])
    }

    @Test func noRowIsSplitAndTallRowsMoveWhole() {
        let heights: [Double] = [10, 10, 10, 45, 10, 60, 10, 10]
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 20, firstPageSpace: 80, pageSpace: 80)
        #expect(pagination.pages.map(\.rows) == [0..<3, 3..<5, 5..<7, 7..<8])
        checkInvariants(pagination, heights: heights, header: 10, summary: 20, first: 80, later: 80)
    }

    @Test func aRowTallerThanAPageStillGetsAPageOfItsOwn() {
        let heights: [Double] = [10, 500, 10]
        let pagination = LogPagination(rowHeights: heights, headerHeight: 10, summaryHeight: 20, firstPageSpace: 100, pageSpace: 100)
        #expect(pagination.pages.map(\.rows) == [0..<1, 1..<2, 2..<3])
    }

    @Test func noRows() {
        let pagination = LogPagination(rowHeights: [], headerHeight: 10, summaryHeight: 30, firstPageSpace: 100, pageSpace: 100)
        #expect(pagination.pages == [LogPagination.Page(rows: 0..<0, hasSummary: true)])
    }

    /// The daily sheet of 58 days fills its pages so that its Mean/Max/Min rows would open a page
    /// of their own: the last two days go over with them.
    @Test(arguments: [Language.english, .chinese])
    func theDailySheetKeepsItsSummaryRowsWithItsLastDays(language: Language) throws {
        let request = try ReportLog(readings(116)).request(language: language, logLayout: .daily)
        let directory = TemporaryDirectory()
        let path = directory.file("daily.pdf")
        let output = try ReportRenderer.render(request, format: .pdf, to: path)
        let maximum = language == .english ? "Maximum" : "最高"
        let last = try poppler("pdftotext", ["-layout", "-f", String(output.pages), "-l", String(output.pages), path, "-"])
        let before = try poppler("pdftotext", ["-layout", "-f", String(output.pages - 1), "-l", String(output.pages - 1), path, "-"])
        #expect(last.contains(maximum))
        #expect(!before.contains(maximum))
        // The last two measurement days, 29 and 30 Nov, are on the summary's page.
        let days = language == .english ? ["29 Nov", "30 Nov"] : ["11月29日", "11月30日"]
        for day in days { #expect(last.contains(day)) }
    }
}
