import FoundationEssentials

/// A report template: page, fonts, colours, which sections appear, and the log's columns.
///
/// Templates are data (`Templates/clinic.json`, `Templates/summary.json`), loaded and
/// checked by ``TemplateLibrary``.
public struct ReportTemplate: Decodable, Sendable {
    public struct Margins: Decodable, Sendable {
        public let top: Double
        public let right: Double
        public let bottom: Double
        public let left: Double
    }

    public struct Page: Decodable, Sendable {
        public let width: Double
        public let height: Double
        public let margin: Margins
    }

    public struct FontSizes: Decodable, Sendable {
        public let title: Double
        public let heading: Double
        public let body: Double
        public let small: Double
        public let figure: Double
    }

    /// The parts a report can have, drawn in the template's order.
    public enum Section: String, Decodable, Sendable {
        case summary, chart, log
    }

    public struct ChartOptions: Decodable, Sendable {
        public let height: Double
        /// Draw pulse as a third series.
        public let pulse: Bool
        /// Up to this many readings, each is a vertical SYS–DIA bar; above it, daily means.
        public let barsUpTo: Int
    }

    public enum LogColumnKey: String, Decodable, Sendable, CaseIterable {
        case date, period, time, systolic, diastolic, pulse, weight, tags, note
    }

    public struct LogColumn: Decodable, Sendable {
        public let key: LogColumnKey
        public let width: Double
    }

    public struct LogOptions: Decodable, Sendable {
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
    func color(_ key: String) -> Color { colors[key].flatMap(Color.init(hex:)) ?? .black }

    /// Checks the values JSON decoding cannot: ranges, colours, widths.
    func validate(file: String) throws(ReportError) {
        func fail(_ key: String, _ reason: String) -> ReportError { .template(file: file, key: key, reason: reason) }
        guard (200...2000).contains(page.width) else { throw fail("page.width", "must be 200–2000 points") }
        guard (200...2000).contains(page.height) else { throw fail("page.height", "must be 200–2000 points") }
        for (key, value) in [("top", page.margin.top), ("right", page.margin.right), ("bottom", page.margin.bottom), ("left", page.margin.left)]
        where !(0...150).contains(value) {
            throw fail("page.margin.\(key)", "must be 0–150 points")
        }
        guard !fonts.isEmpty, fonts.allSatisfy({ !$0.isEmpty }) else { throw fail("fonts", "must list at least one font family") }
        for (key, value) in [("title", fontSizes.title), ("heading", fontSizes.heading), ("body", fontSizes.body),
                             ("small", fontSizes.small), ("figure", fontSizes.figure)]
        where !(4...48).contains(value) {
            throw fail("fontSizes.\(key)", "must be 4–48 points")
        }
        for key in ReportTemplate.colorKeys {
            guard let value = colors[key] else { throw fail("colors.\(key)", "is missing") }
            guard Color(hex: value) != nil else { throw fail("colors.\(key)", "must be a colour like #1F4E79, not '\(value)'") }
        }
        guard !sections.isEmpty else { throw fail("sections", "must name at least one of summary, chart, log") }
        guard Set(sections).count == sections.count else { throw fail("sections", "names a section twice") }
        guard (80...600).contains(chart.height) else { throw fail("chart.height", "must be 80–600 points") }
        guard !log.columns.isEmpty else { throw fail("log.columns", "must list at least one column") }
        guard Set(log.columns.map(\.key)).count == log.columns.count else { throw fail("log.columns", "names a column twice") }
        for (index, column) in log.columns.enumerated() where column.width < 12 {
            throw fail("log.columns.\(index).width", "must be at least 12 points")
        }
        let total = log.columns.reduce(0) { $0 + $1.width }
        guard total <= contentWidth + 0.5 else {
            throw fail("log.columns", "are \(Int(total)) points wide; the page has \(Int(contentWidth)) between its margins")
        }
        guard log.rowHeight >= fontSizes.body * 1.2, log.rowHeight <= 40 else {
            throw fail("log.rowHeight", "must be at least 1.2 × the body font size and at most 40")
        }
        guard (1...20).contains(log.noteMaxLines) else { throw fail("log.noteMaxLines", "must be 1–20") }
    }
}

/// Turns a decoding failure into an error that names the file and the key.
func templateError(_ error: any Error, file: String) -> ReportError {
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    guard let error = error as? DecodingError else { return .template(file: file, key: "(file)", reason: "\(error)") }
    switch error {
    case .keyNotFound(let key, let context):
        return .template(file: file, key: path(context.codingPath + [key]), reason: "is missing")
    case .typeMismatch(let type, let context):
        return .template(file: file, key: path(context.codingPath), reason: "has the wrong type (expected \(type))")
    case .valueNotFound(_, let context):
        return .template(file: file, key: path(context.codingPath), reason: "is null")
    case .dataCorrupted(let context):
        if context.codingPath.isEmpty {
            return .template(file: file, key: "(file)", reason: "is not valid JSON")
        }
        return .template(file: file, key: path(context.codingPath), reason: "has an invalid value")
    @unknown default:
        return .template(file: file, key: "(file)", reason: "cannot be read")
    }
}
