import HealthCore

/// A report template: page, fonts, colours, which sections appear, and the log's columns.
///
/// Templates are data (`Templates/clinic.json`, `Templates/summary.json`), loaded and
/// checked by ``TemplateLibrary``.
public struct ReportTemplate: Sendable {
    public struct Margins: Sendable {
        public let top: Double
        public let right: Double
        public let bottom: Double
        public let left: Double
    }

    public struct Page: Sendable {
        public let width: Double
        public let height: Double
        public let margin: Margins
    }

    public struct FontSizes: Sendable {
        public let title: Double
        public let heading: Double
        public let body: Double
        public let small: Double
        public let figure: Double
    }

    /// The parts a report can have, drawn in the template's order.
    public enum Section: String, Sendable, CaseIterable {
        /// The home average, its verdicts and the period table; with `details` in the template,
        /// only what a doctor reads in a minute, the rest said in the details.
        case summary
        /// What page 1 says briefly, in full: every verdict and alert line, the target, the whole
        /// range's key figures and the period table.
        case details
        /// Week by week or month by month.
        case trend
        case chart
        /// Each event with before and after.
        case events
        /// Tags compared within the same time of day.
        case tags
        /// The readings with a note.
        case notes
        /// The full log, from a page of its own.
        case log
    }

    public struct ChartOptions: Sendable {
        public let height: Double
        /// Draw pulse as a third series.
        public let pulse: Bool
        /// Up to this many readings, each is a vertical SYS–DIA bar; above it, daily means.
        public let barsUpTo: Int
    }

    public enum LogColumnKey: String, Sendable, CaseIterable {
        case date, period, time, systolic, diastolic, pulse, weight, tags, note
    }

    public struct LogColumn: Sendable {
        public let key: LogColumnKey
        public let width: Double
    }

    public struct LogOptions: Sendable {
        public let columns: [LogColumn]
        public let rowHeight: Double
        public let noteMaxLines: Int
    }

    public let name: String
    public let description: String?
    public let page: Page
    /// Font families in fallback order, chosen through fontconfig.
    public let fonts: [String]
    public let fontSizes: FontSizes
    let colors: [String: String]
    /// The colours parsed once: a log of years asks for them on every row.
    private let parsedColors: [String: Color]
    public let sections: [Section]
    public let chart: ChartOptions
    public let log: LogOptions

    /// The colour names every template must define.
    static let colorKeys = [
        "text", "muted", "accent", "rule", "systolic", "diastolic", "pulse", "target", "aboveTargetZone", "dayShade",
        "alertRow", "good", "bad",
    ]

    /// The width between the margins.
    public var contentWidth: Double { page.width - page.margin.left - page.margin.right }

    /// The colour named `key` (checked at load time, so always present).
    func color(_ key: String) -> Color { parsedColors[key] ?? .black }

    /// Checks the values JSON decoding cannot: ranges, colours, widths.
    func validate(file: String) throws(ReportError) {
        func fail(_ key: String, _ reason: Phrase) -> ReportError { .template(file: file, key: key, reason: reason) }
        guard (200...2000).contains(page.width) else { throw fail("page.width", Phrase("must be 200–2000 points")) }
        guard (200...2000).contains(page.height) else { throw fail("page.height", Phrase("must be 200–2000 points")) }
        for (key, value) in [("top", page.margin.top), ("right", page.margin.right), ("bottom", page.margin.bottom), ("left", page.margin.left)]
        where !(0...150).contains(value) {
            throw fail("page.margin.\(key)", Phrase("must be 0–150 points"))
        }
        guard contentWidth >= 150, page.height - page.margin.top - page.margin.bottom >= 150 else {
            throw fail("page.margin", Phrase("leave less than 150 points of page between them"))
        }
        guard !fonts.isEmpty, fonts.allSatisfy({ !$0.isEmpty }) else { throw fail("fonts", Phrase("must list at least one font family")) }
        for (key, value) in [("title", fontSizes.title), ("heading", fontSizes.heading), ("body", fontSizes.body),
                             ("small", fontSizes.small), ("figure", fontSizes.figure)]
        where !(4...48).contains(value) {
            throw fail("fontSizes.\(key)", Phrase("must be 4–48 points"))
        }
        for key in ReportTemplate.colorKeys {
            guard let value = colors[key] else { throw fail("colors.\(key)", Phrase("is missing")) }
            guard Color(hex: value) != nil else { throw fail("colors.\(key)", Phrase("must be a colour like #1F4E79, not '{value}'", ["value": "\(value)"])) }
        }
        guard !sections.isEmpty else { throw fail("sections", Phrase("must name at least one of {names}", ["names": Section.allCases.map(\.rawValue).joined(separator: ", ")])) }
        guard Set(sections).count == sections.count else { throw fail("sections", Phrase("names a section twice")) }
        guard (80...600).contains(chart.height) else { throw fail("chart.height", Phrase("must be 80–600 points")) }
        guard !log.columns.isEmpty else { throw fail("log.columns", Phrase("must list at least one column")) }
        guard Set(log.columns.map(\.key)).count == log.columns.count else { throw fail("log.columns", Phrase("names a column twice")) }
        for (index, column) in log.columns.enumerated() where !(12...contentWidth).contains(column.width) {
            throw fail("log.columns.\(index).width", Phrase("must be 12–{contentWidth} points (the page between its margins)", ["contentWidth": "\(Int(contentWidth))"]))
        }
        let total = log.columns.reduce(0) { $0 + $1.width }
        guard total <= contentWidth + 0.5 else {
            throw fail("log.columns", Phrase("are {total} points wide; the page has {contentWidth} between its margins", ["total": "\(Int(total))", "contentWidth": "\(Int(contentWidth))"]))
        }
        guard log.rowHeight >= fontSizes.body * 1.2, log.rowHeight <= 40 else {
            throw fail("log.rowHeight", Phrase("must be at least 1.2 × the body font size and at most 40"))
        }
        guard (1...20).contains(log.noteMaxLines) else { throw fail("log.noteMaxLines", Phrase("must be 1–20")) }
    }
}

extension ReportTemplate {
    /// Reads a template document; each field's error names its key.
    init(_ document: JSONValue) throws(ValidationError) {
        let fields = try JSONFields(document)
        name = try fields.string("name")
        description = try fields.optionalString("description")
        let pageFields = try fields.object("page")
        let margin = try pageFields.object("margin")
        page = Page(
            width: try pageFields.double("width"), height: try pageFields.double("height"),
            margin: Margins(
                top: try margin.double("top"), right: try margin.double("right"), bottom: try margin.double("bottom"),
                left: try margin.double("left")))
        _ = try fields.required("fonts")
        fonts = try fields.strings("fonts")
        let sizes = try fields.object("fontSizes")
        fontSizes = FontSizes(
            title: try sizes.double("title"), heading: try sizes.double("heading"), body: try sizes.double("body"),
            small: try sizes.double("small"), figure: try sizes.double("figure"))
        let colorFields = try fields.object("colors")
        var colors: [String: String] = [:]
        for key in colorFields.keys { colors[key] = try colorFields.string(key) }
        self.colors = colors
        parsedColors = colors.compactMapValues(Color.init(hex:))
        sections = try fields.strings("sections").map { (name: String) throws(ValidationError) -> Section in
            guard let section = Section(rawValue: name) else {
                throw .invalid(Phrase("'{key}' names '{name}'; use {names}", ["key": "sections", "name": name, "names": Section.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            return section
        }
        let chartFields = try fields.object("chart")
        chart = ChartOptions(height: try chartFields.double("height"), pulse: try chartFields.bool("pulse"), barsUpTo: try chartFields.int("barsUpTo"))
        let logFields = try fields.object("log")
        var columns: [LogColumn] = []
        for column in try logFields.objects("columns") {
            let key = try column.string("key")
            guard let columnKey = LogColumnKey(rawValue: key) else {
                throw .invalid(
                    Phrase("'{key}' is '{value}'; use {values}", ["key": column.name("key"), "value": key, "values": LogColumnKey.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            columns.append(LogColumn(key: columnKey, width: try column.double("width")))
        }
        log = LogOptions(columns: columns, rowHeight: try logFields.double("rowHeight"), noteMaxLines: try logFields.int("noteMaxLines"))
    }
}
