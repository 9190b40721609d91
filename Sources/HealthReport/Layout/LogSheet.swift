import HealthAnalytics
import HealthCore

/// The log at the end of the report, in one of its layouts, paginated before drawing.
protocol LogSheet {
    var pagination: LogPagination { get }
    /// The line beside the log's heading that explains bold, shading and marks.
    var legend: String { get }
    /// The measurement days whose rows are on `page`, for the month bookmarks.
    func dates(on page: LogPagination.Page) -> [CivilDate]
    /// Draws one page of the log from `top`.
    func draw(page: LogPagination.Page, context: GraphicsContext, styles: ReportStyles, top: Double)
}

/// Chooses the log's layout.
enum LogSheets {
    /// Pages the one-row-a-reading log may take before the daily sheet is chosen for it.
    static let readingPagesLimit = 8

    /// The layout the request asks for, or (none asked) one row per reading unless that runs
    /// past ``readingPagesLimit`` pages, then one row per day.
    static func make(request: ReportRequest, styles: ReportStyles, space: Double) -> any LogSheet {
        switch request.logLayout {
        case .daily: return DailyLogTable(request: request, styles: styles, space: space)
        case .readings: return ReadingLogTable(request: request, styles: styles, space: space)
        case nil:
            // Rows are at least one line each: past the limit for certain without measuring a note.
            let rowsPerPage = max(1, Int(space / request.template.log.rowHeight))
            if request.summary.readings.count > (readingPagesLimit + 1) * rowsPerPage {
                return DailyLogTable(request: request, styles: styles, space: space)
            }
            let readings = ReadingLogTable(request: request, styles: styles, space: space)
            guard readings.pagination.pages.count > readingPagesLimit else { return readings }
            return DailyLogTable(request: request, styles: styles, space: space)
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
