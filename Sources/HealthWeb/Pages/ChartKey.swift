import HealthCore
import HealthPresentation

/// The key under the page's chart: what its colours, marks, lines and stamp lanes mean, in the
/// words of the report's legend (``ChartSection/legend``) and the page's own for what only the
/// page draws (the daily-mean lines, the lanes). Each entry is a small picture drawn as
/// ``ChartSVG`` draws the mark, and words in the page's text, so it grows with the text size
/// and wraps on a narrow phone, where words inside the chart would only shrink with it.
enum ChartKey {
    static func render(_ chart: ChartSection, words: StringTable) -> HTML {
        guard chart.kind == .pressure, chart.extent != nil else { return .empty }
        var entries: [(picture: HTML, label: String)] = []
        for (label, swatch) in chart.legend {
            guard let picture = picture(swatch) else { continue }
            entries.append((picture, label))
        }
        if !chart.meanRuns.filter({ $0.count > 1 }).isEmpty {
            entries.append((line(color: "#7f8c8d", width: 1.5), words.web("chart.means")))
        }
        if !chart.lanes.isEmpty {
            let tick: HTML = "<rect x=\"10.5\" y=\"1.5\" width=\"3\" height=\"9\" rx=\"1\" fill=\"#7f7f7f\"/>"
            entries.append((tick, words.web("chart.stamps")))
        }
        let items = entries.map { entry -> HTML in
            "<li><svg viewBox=\"0 0 24 12\" aria-hidden=\"true\">\(entry.picture)</svg><span>\(entry.label)</span></li>"
        }
        return "<ul class=\"chart-key\">\(items)</ul>"
    }

    /// The picture of a legend entry, as the page's chart draws it; nil for what it does not draw
    /// (pulse, weight and events are the report's).
    private static func picture(_ swatch: ChartSection.Swatch) -> HTML? {
        let grey = "#5b646b"
        switch swatch {
        case .systolic: return "\(line(color: ChartSVG.systolicColor, width: 1.5))\(ChartSVG.marker(.filled, x: 12, y: 6, color: ChartSVG.systolicColor))"
        case .diastolic: return "\(line(color: ChartSVG.diastolicColor, width: 1.5))\(ChartSVG.marker(.filled, x: 12, y: 6, color: ChartSVG.diastolicColor))"
        case .filled: return ChartSVG.marker(.filled, x: 12, y: 6, color: grey)
        case .hollow: return ChartSVG.marker(.hollow, x: 12, y: 6, color: grey)
        case .diamond: return ChartSVG.marker(.diamond, x: 12, y: 6, color: grey)
        case .square: return ChartSVG.marker(.square, x: 12, y: 6, color: grey)
        case .ring: return "\(ChartSVG.marker(.filled, x: 12, y: 6, color: grey))\(ChartSVG.ring(x: 12, y: 6, low: false))"
        case .line(let kind) where kind == .low:
            return "\(ChartSVG.referenceLine(kind, from: 0, to: 24, y: 6))\(ChartSVG.marker(.low, x: 12, y: 5, color: grey))"
        case .line(let kind): return ChartSVG.referenceLine(kind, from: 0, to: 24, y: 6)
        case .pulse, .weight, .event: return nil
        }
    }

    private static func line(color: String, width: Double) -> HTML {
        "<line x1=\"0\" x2=\"24\" y1=\"6\" y2=\"6\" stroke=\"\(color)\" stroke-width=\"\(ChartSVG.f(width))\" stroke-opacity=\"0.6\"/>"
    }
}
