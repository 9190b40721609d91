import HealthCore
import HealthPresentation

/// The trend chart of the page's week section, drawn as SVG from the same chart content the
/// report draws (``ChartSection``): daily means, each reading's markers (filled in the morning,
/// hollow in the evening, a diamond at noon, squares at the clinic, a downward triangle for a
/// low value, ringed when the marks ring it), the reference lines dashed as the report's, and
/// a lane per stamp under the time axis; ``ChartKey`` says what each means. Only presentation
/// attributes, so the page's CSP (no inline style, no script) holds.
///
/// The chart is drawn in a ``Frame`` of units and scaled to the page's column: the ``wide``
/// frame, 360 units, makes its 16-unit labels some 14.5 px on a 360 px phone, large enough for an
/// older eye at the normal text size. At a large text size the page shows the ``narrow`` frame
/// instead (the stylesheet chooses by the column's width in the text's size), whose labels are
/// some 1.8 times as large on the same column, so that they grow with the phone's text size
/// as the words around them do, without a horizontal scroll.
enum ChartSVG {
    /// The chart's size in its own units.
    struct Frame {
        /// `wide` or `narrow`, the class the stylesheet shows it by.
        let name: String
        let width: Double
        let plotBottom: Double
        var plotRight: Double { width - 8 }
    }

    static let wide = Frame(name: "wide", width: 360, plotBottom: 176)
    static let narrow = Frame(name: "narrow", width: 200, plotBottom: 120)
    static let plotLeft = 36.0
    static let plotTop = 12.0
    static let fontSize = 16.0
    static let laneHeight = 30.0
    static let systolicColor = "#c0392b"
    static let diastolicColor = "#1f6fb2"

    /// The chart in both frames, the wide one first (the one shown at the normal text size).
    static func render(_ chart: ChartSection, title: String) -> HTML {
        "\(render(chart, title: title, in: wide))\(render(chart, title: title, in: narrow))"
    }

    static func render(_ chart: ChartSection, title: String, in frame: Frame) -> HTML {
        guard chart.kind == .pressure, let extent = chart.extent else { return .empty }
        let (width, plotRight, plotBottom) = (frame.width, frame.plotRight, frame.plotBottom)
        let lanes = Array(chart.lanes.prefix(4))
        let height = plotBottom + 26 + Double(lanes.count) * laneHeight + 4
        let levels = chart.marks.lines.flatMap { [$0.level.systolic, $0.level.diastolic] }
        let low = Double(min(extent.lowest, levels.min() ?? extent.lowest) - 5)
        let high = Double(max(extent.highest, levels.max() ?? extent.highest) + 5)
        let x = { (time: Double) in plotLeft + (time - chart.span.start) / (chart.span.end - chart.span.start) * (plotRight - plotLeft) }
        let y = { (value: Double) in plotBottom - (value - low) / (high - low) * (plotBottom - plotTop) }
        var parts: [HTML] = []
        // Value grid every 20 mmHg, labelled where a label's line of text fits between two (every 40 when a range is wide).
        let gridSpacing = 20 / (high - low) * (plotBottom - plotTop)
        let labelEvery = max(1, Int((fontSize * 1.4 / gridSpacing).rounded(.up)))
        var grid = (Int(low) / 20 + 1) * 20
        while Double(grid) < high {
            let level = y(Double(grid))
            let label: HTML =
                (grid / 20) % labelEvery == 0
                ? "<text x=\"\(f(plotLeft - 4))\" y=\"\(f(level + 5.5))\" text-anchor=\"end\" font-size=\"\(f(fontSize))\" fill=\"#5b646b\">\(grid)</text>" : .empty
            parts.append(
                "<line x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(f(level))\" y2=\"\(f(level))\" stroke=\"#e3e7ea\" stroke-width=\"1\"/>\(label)")
            grid += 20
        }
        for line in chart.marks.lines {
            for (shown, value) in [(line.systolic, line.level.systolic), (line.diastolic, line.level.diastolic)] where shown {
                parts.append(referenceLine(line.kind, from: plotLeft, to: plotRight, y: y(Double(value))))
            }
        }
        let dayStart = Double(DayPeriod.dayStartHour * 3600)
        for run in chart.meanRuns where run.count > 1 {
            for (value, color) in [(\ChartSection.DayMean.systolic, systolicColor), (\ChartSection.DayMean.diastolic, diastolicColor)] {
                let points = run.map { mean in "\(f(x(Double(mean.day) * 86_400 + dayStart + 28_800))),\(f(y(mean[keyPath: value])))" }.joined(separator: " ")
                parts.append("<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-opacity=\"0.6\"/>")
            }
        }
        for point in chart.points {
            for (value, color, low, ringed) in [
                (point.systolic, systolicColor, point.low.systolic, point.ringed.systolic),
                (point.diastolic, diastolicColor, point.low.diastolic, point.ringed.diastolic),
            ] {
                let shape: Marker = low ? (point.hollow ? .lowHollow : .low) : Marker(point.shape)
                parts.append(marker(shape, x: x(point.time), y: y(Double(value)), color: color))
                if ringed { parts.append(ring(x: x(point.time), y: y(Double(value)), low: low)) }
            }
        }
        for (label, at) in dateLabels(chart, width: width, x: x) {
            parts.append(
                "<text class=\"date\" x=\"\(f(at))\" y=\"\(f(plotBottom + 19))\" text-anchor=\"middle\" font-size=\"\(f(fontSize))\" fill=\"#5b646b\">\(label)</text>")
        }
        for (index, lane) in lanes.enumerated() {
            let top = plotBottom + 26 + Double(index) * laneHeight
            let color = lane.color.flatMap { StatusTag.isColor($0) ? $0 : nil } ?? "#7f7f7f"
            // The stamp's name over its lane, then a tick at each reading that carries it.
            parts.append("<text class=\"lane\" x=\"\(f(plotLeft))\" y=\"\(f(top + 14))\" font-size=\"\(f(fontSize - 1))\" fill=\"#5b646b\">\(lane.label)</text>")
            for time in lane.times {
                parts.append("<rect x=\"\(f(x(time) - 1.5))\" y=\"\(f(top + 18))\" width=\"3\" height=\"9\" rx=\"1\" fill=\"\(color)\"><title>\(lane.label)</title></rect>")
            }
        }
        return """
            <svg class="chart \(frame.name)" viewBox="0 0 \(Int(width)) \(Int(height.rounded(.up)))" role="img" aria-label="\(title)">\
            <title>\(title)</title>\(parts)</svg>
            """
    }

    /// The dates under the plot and where each is centred: under its day, kept whole inside the
    /// chart at either end, and at least ``dateGap`` from the next. Placed from the newest back, so
    /// today's date is always named and a date that would crowd the one after it (11月30日12月7日)
    /// is left out.
    static func dateLabels(_ chart: ChartSection, width: Double, x: (Double) -> Double) -> [(String, Double)] {
        var placed: [(String, Double)] = []
        var nextLeft = Double.infinity
        for tick in chart.ticks.reversed() where !tick.label.isEmpty {
            let half = estimatedWidth(tick.label) / 2
            let at = min(max(x(Double(tick.day) * 86_400 + 43_200), half + 1), width - half - 1)
            guard at + half + dateGap <= nextLeft else { continue }
            placed.insert((tick.label, at), at: 0)
            nextLeft = at - half
        }
        return placed
    }

    /// The room between two dates: most of a character.
    static let dateGap = fontSize * 0.75

    /// A marker's picture: the chart's shapes, and a low value's downward triangle.
    enum Marker {
        case filled, hollow, diamond, square, low, lowHollow

        init(_ shape: ChartSection.Shape) {
            self =
                switch shape {
                case .filled: .filled
                case .hollow: .hollow
                case .diamond: .diamond
                case .square: .square
                }
        }
    }

    static func marker(_ shape: Marker, x: Double, y: Double, color: String) -> HTML {
        switch shape {
        case .filled: "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\" fill=\"\(color)\"/>"
        case .hollow: "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\" fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
        case .diamond: "<path d=\"M\(f(x)) \(f(y - 4))L\(f(x + 4)) \(f(y))L\(f(x)) \(f(y + 4))L\(f(x - 4)) \(f(y))Z\" fill=\"\(color)\"/>"
        case .square: "<rect x=\"\(f(x - 3))\" y=\"\(f(y - 3))\" width=\"6\" height=\"6\" fill=\"\(color)\"/>"
        case .low: "<path d=\"M\(f(x - 4.5)) \(f(y - 3))L\(f(x + 4.5)) \(f(y - 3))L\(f(x)) \(f(y + 4.5))Z\" fill=\"\(color)\"/>"
        case .lowHollow:
            "<path d=\"M\(f(x - 4.5)) \(f(y - 3))L\(f(x + 4.5)) \(f(y - 3))L\(f(x)) \(f(y + 4.5))Z\" fill=\"#fff\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
        }
    }

    /// The dark ring around a marker the marks ring (one of the exceptions to the target).
    static func ring(x: Double, y: Double, low: Bool) -> HTML {
        "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"\(f(low ? 7.5 : 6))\" fill=\"none\" stroke=\"#1d2327\" stroke-width=\"1\"/>"
    }

    /// A reference line, dashed as the report draws it: the threshold dashed, the target band's
    /// edges dotted, 90/60 dash-dot.
    static func referenceLine(_ kind: ChartMarks.ReferenceLine.Kind, from left: Double, to right: Double, y: Double) -> HTML {
        let dash =
            switch kind {
            case .threshold: "8 4"
            case .target, .lowerLimit: "2 3"
            case .low: "10 3 2 3"
            }
        return "<line x1=\"\(f(left))\" x2=\"\(f(right))\" y1=\"\(f(y))\" y2=\"\(f(y))\" stroke=\"#7f8c8d\" stroke-width=\"1.2\" stroke-dasharray=\"\(dash)\"/>"
    }

    /// About how wide `label` is drawn at ``fontSize``: a Latin letter or digit half its size and
    /// a bit, a Chinese character its whole size.
    private static func estimatedWidth(_ label: String) -> Double {
        label.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 0.6 : 1.0) } * fontSize
    }

    /// A coordinate with one decimal.
    static func f(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
