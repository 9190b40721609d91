public import HealthAnalytics
public import HealthCore

/// How the log is laid out.
public enum LogLayout: String, CaseIterable, Sendable {
    /// One row per reading.
    case readings
    /// One row per measurement day, like the home BP sheet clinics hand out.
    case daily
}

/// Everything a report is drawn from. The renderer never touches the database.
public struct ReportRequest: Sendable {
    public let summary: BPSummary
    /// Tag definitions, for labels and colours; IDs without one are drawn grey with the raw ID.
    public let tagDefinitions: [StatusTag]
    public let template: ReportTemplate
    public let strings: StringTable
    /// When the report was made, in the local zone.
    public let generatedAt: ZonedInstant
    /// Printed in the footer and the PDF's Creator.
    public let programVersion: String
    /// What the filters kept ("only readings tagged …"), said in the header; nil without filters.
    public let filter: String?
    /// The log's layout; nil chooses: daily when one row per reading would run past 8 pages.
    public let logLayout: LogLayout?

    public init(
        summary: BPSummary, tagDefinitions: [StatusTag], template: ReportTemplate, strings: StringTable,
        generatedAt: ZonedInstant, programVersion: String, filter: String? = nil, logLayout: LogLayout? = nil
    ) {
        self.filter = filter
        self.logLayout = logLayout
        self.summary = summary
        self.tagDefinitions = tagDefinitions
        self.template = template
        self.strings = strings
        self.generatedAt = generatedAt
        self.programVersion = programVersion
    }

    /// The summary's sentences in the report's language.
    var wording: SummaryWording { SummaryWording(summary: summary, strings: strings) { self.tagAppearance($0).label } }

    /// True when the range crosses a year, so every date carries its year.
    var datesNeedYear: Bool { summary.from.year != summary.to.year }

    /// A date as this report writes it inside its range: `25 Nov` / `11月25日`, with the year when the range crosses one.
    func date(_ date: CivilDate) -> String { strings.tickDate(date, withYear: datesNeedYear) }

    /// True for a tag whose definition marks a protocol deviation.
    func isDeviation(_ id: String) -> Bool { summary.options.deviationTags.contains(id) }

    /// The label and colour of a tag ID.
    func tagAppearance(_ id: String) -> (label: String, color: Color) {
        guard let definition = tagDefinitions.first(where: { $0.id == id }) else { return (id, .neutralGrey) }
        return (definition.label(in: strings.language), Color(hex: definition.color) ?? .neutralGrey)
    }

    /// `30 Nov 2026 – 6 Dec 2026` in the report's language.
    public var rangeText: String {
        strings.text("range", ["from": strings.longDate(summary.from), "to": strings.longDate(summary.to)])
    }
}
