import HealthCore
public import HealthPresentation

/// How the log is laid out.
public enum LogLayout: String, CaseIterable, Sendable {
    /// One row per reading.
    case readings
    /// One row per measurement day, like the home BP sheet clinics hand out.
    case daily
}

/// Everything a report is drawn from: the summary's document (every word and figure already
/// said), the template, and the program's version for the footer. The renderer never touches
/// the database, and never decides what a figure means.
public struct ReportRequest: Sendable {
    public let document: SummaryDocument
    public let template: ReportTemplate
    /// Printed in the footer and the PDF's Creator.
    public let programVersion: String
    /// The log's layout; nil chooses: daily when one row per reading would run past 8 pages.
    public let logLayout: LogLayout?

    public init(document: SummaryDocument, template: ReportTemplate, programVersion: String, logLayout: LogLayout? = nil) {
        self.document = document
        self.template = template
        self.programVersion = programVersion
        self.logLayout = logLayout
    }

    /// `30 Nov 2026 – 6 Dec 2026` in the report's language.
    public var rangeText: String { document.header.range }

    /// The chart as this template draws it: markers up to its limit, pulse when it asks.
    var chart: ChartSection { document.chart(barsUpTo: template.chart.barsUpTo, showsPulse: template.chart.pulse) }
}
