public import HealthAnalytics
public import HealthCore
import HealthPresentation
import HealthPresentation

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
    /// Each tag's label and colour in the report's language.
    let tagLabels: TagLabels
    /// What decides each reading's facts: the summary's target, guideline and deviation tags.
    let rules: ReadingRules

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
        tagLabels = TagLabels(tagDefinitions, language: strings.language)
        rules = ReadingRules(summary: summary)
    }

    /// The summary's sentences in the report's language.
    var wording: SummaryWording { SummaryWording(summary: summary, strings: strings, tagLabel: tagLabels.label(of:)) }

    /// True when the range crosses a year, so every date carries its year.
    var datesNeedYear: Bool { summary.from.year != summary.to.year }

    /// A date as this report writes it inside its range: `25 Nov` / `11月25日`, with the year when the range crosses one.
    func date(_ date: CivilDate) -> String { strings.tickDate(date, withYear: datesNeedYear) }

    /// The label and colour of a tag ID (``TagLabels``: a current definition wins over a removed one).
    func tagAppearance(_ id: String) -> (label: String, color: Color) {
        (tagLabels.label(of: id), tagLabels.color(of: id).flatMap(Color.init(hex:)) ?? .neutralGrey)
    }

    /// The facts of `reading` under this report's rules.
    func facts(_ reading: Reading) -> ReadingFacts { rules.facts(of: reading) }

    /// `30 Nov 2026 – 6 Dec 2026` in the report's language.
    public var rangeText: String {
        strings.text("range", ["from": strings.longDate(summary.from), "to": strings.longDate(summary.to)])
    }
}
