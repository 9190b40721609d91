import HealthPresentation

/// The log at the end of the report, in one of its layouts, paginated before anything is drawn.
/// Each row is laid out by one function: its frame's height paginates the log, and the same
/// function lays the page's rows out again when the page is drawn (the frames of a log of years
/// are never all held at once).
protocol LogSheet {
    var pagination: LogPagination { get }
    /// The line beside the log's heading that explains bold, shading and marks.
    var legend: String { get }
    /// The months of the rows on `page`, in order, each once per run: for the month bookmarks.
    func months(on page: LogPagination.Page) -> [LogMonth]
    /// One page of the log laid out: the header row, the page's rows, and the closing rows on the last.
    func laidOut(page: LogPagination.Page, styles: ReportStyles) -> Frame
}

/// Chooses the log's layout.
enum LogSheets {
    /// Pages the one-row-a-reading log may take before the daily sheet is chosen for it.
    static let readingPagesLimit = 8

    /// The layout the request asks for, or (none asked) one row per reading unless that runs
    /// past ``readingPagesLimit`` pages, then one row per day.
    static func make(_ log: LogSection, request: ReportRequest, styles: ReportStyles, space: Double) -> any LogSheet {
        switch request.logLayout {
        case .daily: return DailyLogTable(log: log, template: request.template, styles: styles, space: space)
        case .readings: return ReadingLogTable(log: log, template: request.template, styles: styles, space: space)
        case nil:
            // Rows are at least one line each: past the limit for certain without measuring a note.
            let rowsPerPage = max(1, Int(space / request.template.log.rowHeight))
            if log.readingCount > (readingPagesLimit + 1) * rowsPerPage {
                return DailyLogTable(log: log, template: request.template, styles: styles, space: space)
            }
            let readings = ReadingLogTable(log: log, template: request.template, styles: styles, space: space)
            guard readings.pagination.pages.count > readingPagesLimit else { return readings }
            return DailyLogTable(log: log, template: request.template, styles: styles, space: space)
        }
    }
}

/// Row shading and rules shared by both layouts.
extension ReportTemplate {
    /// The alternating shade of every other day, or the alert colour.
    func rowFill(alert: Bool, shaded: Bool) -> Color? {
        if alert { return color("alertRow") }
        return shaded ? color("dayShade") : nil
    }
}
