public import HealthAnalytics
public import HealthCore

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

    public init(
        summary: BPSummary, tagDefinitions: [StatusTag], template: ReportTemplate, strings: StringTable,
        generatedAt: ZonedInstant, programVersion: String, filter: String? = nil
    ) {
        self.filter = filter
        self.summary = summary
        self.tagDefinitions = tagDefinitions
        self.template = template
        self.strings = strings
        self.generatedAt = generatedAt
        self.programVersion = programVersion
    }

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
