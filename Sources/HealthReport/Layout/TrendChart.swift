import HealthPresentation

/// The trend chart laid out at a size: blood pressure over time, the reference lines, events as
/// numbered dashed lines, and a lane of markers per status tag under the time axis, so behaviour
/// and numbers share one timeline. A weight-only range charts weight. What it shows is the
/// document's ``ChartSection``; this only places it.
struct TrendChart {
    let chart: ChartSection
    let styles: ReportStyles
    let template: ReportTemplate

    static let laneHeight = 10.0
    private static let gutter = 72.0
    /// Room on the right for pulse's own axis.
    private static let pulseGutter = 30.0

    /// Pulse is drawn, on its own axis, when the section has it.
    private var drawsPulse: Bool { !chart.pulseRuns.isEmpty }

    /// Rows under the axis: a lane per shown tag, and a line naming the others.
    var laneRows: Int { chart.lanes.count + (chart.hiddenTags == nil ? 0 : 1) }

    /// The chart laid out `width` by `height`.
    func laidOut(width: Double, height: Double) -> Frame {
        var frame = Frame(width: width, height: height)
        let legend = legendLayout(width: width - TrendChart.gutter - (drawsPulse ? TrendChart.pulseGutter : 6))
        let legendHeight = Double(legend.lines) * (styles.small.lineHeight + 1) + 3
        let axisLabels = styles.small.lineHeight * (chart.monthly ? 2 : 1) + 3
        let lanesHeight = Double(laneRows) * TrendChart.laneHeight + (chart.lanes.isEmpty ? 0 : 4)
        let plot = (
            left: TrendChart.gutter, top: legendHeight + 4 + (chart.events.isEmpty ? 0 : 8),
            right: width - (drawsPulse ? TrendChart.pulseGutter : 6), bottom: height - axisLabels - lanesHeight
        )
        addLegend(legend.placed, to: &frame, x: plot.left)
        let span = chart.span
        let xOf = { (seconds: Double) in plot.left + (seconds - span.start) / (span.end - span.start) * (plot.right - plot.left) }
        let (yMin, yMax, step) = valueRange()
        let yOf = { (value: Double) in plot.bottom - (value - yMin) / (yMax - yMin) * (plot.bottom - plot.top) }
        let isPressure = chart.kind == .pressure
        if isPressure {
            // Zone above the target, then the reference lines.
            let targetY = yOf(Double(chart.targetSystolic))
            frame.fill(
                .rectangle(x: plot.left, y: plot.top, width: plot.right - plot.left, height: max(0, targetY - plot.top)), template.color("aboveTargetZone"))
        }
        // A chart squeezed short labels every second (or third) line, so no label's figures (about
        // four fifths of its line's height) touch the next one's.
        let gridLines = Int(((yMax - yMin) / step).rounded())
        let gap = (plot.bottom - plot.top) / Double(max(gridLines, 1))
        let labelEvery = max(1, Int((0.8 * styles.small.lineHeight / gap).rounded(.up)))
        var value = yMin
        var line = 0
        while value <= yMax {
            let lineY = yOf(value)
            frame.line(from: (plot.left, lineY), to: (plot.right, lineY), color: template.color("rule").opacity(0.45), width: 0.3)
            if line % labelEvery == 0 {
                frame.text(String(Int(value)), styles.small, x: plot.left - 24, y: lineY - styles.small.lineHeight / 2, width: 20, alignment: .right)
            }
            value += step
            line += 1
        }
        frame.text(isPressure ? "mmHg" : "kg", styles.small, x: 0, y: plot.top - 2, width: TrendChart.gutter - 26, alignment: .right)
        if isPressure {
            for line in chart.marks.lines {
                let style = TrendChart.lineStyle(line.kind)
                for (limit, key, drawn) in [(line.level.systolic, "systolic", line.systolic), (line.level.diastolic, "diastolic", line.diastolic)] where drawn {
                    let lineY = yOf(Double(limit))
                    frame.line(from: (plot.left, lineY), to: (plot.right, lineY), color: template.color(key).opacity(0.75), width: style.width, dash: style.dash)
                }
            }
        }
        var plotted = Frame(width: plot.right - plot.left, height: plot.bottom - plot.top)
        let local = (x: { xOf($0) - plot.left }, y: { yOf($0) - plot.top })
        if isPressure { addSeries(to: &plotted, xOf: local.x, yOf: local.y) } else { addWeights(to: &plotted, xOf: local.x, yOf: local.y) }
        frame.place(plotted, x: plot.left, y: plot.top, clipped: true)
        if drawsPulse {
            addPulse(to: &frame, plot: (plot.left, plot.top, plot.right, plot.bottom), gridLines: gridLines, labelEvery: labelEvery, xOf: xOf)
        }
        frame.stroke(.rectangle(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top), template.color("rule"), width: 0.6)
        addEvents(to: &frame, top: plot.top, bottom: plot.bottom, left: plot.left, right: plot.right, xOf: xOf)
        addTimeAxis(to: &frame, plotLeft: plot.left, plotRight: plot.right, y: plot.bottom, xOf: xOf)
        addLanes(to: &frame, top: plot.bottom + axisLabels + 2, left: plot.left, right: plot.right, xOf: xOf)
        return frame
    }

    /// The value axis: its bottom, top and grid step.
    private func valueRange() -> (Double, Double, Double) {
        if chart.kind == .weight {
            let weights = chart.weights.map(\.kilograms)
            let low = (weights.min() ?? 60) - 2
            let high = (weights.max() ?? 80) + 2
            let step = high - low > 40 ? 10.0 : high - low > 12 ? 5.0 : 2.0
            return ((low / step).rounded(.down) * step, (high / step).rounded(.up) * step, step)
        }
        let (lowest, highest) = chart.extent ?? (60, 150)
        // Room for every reference line drawn, with a little below the lowest.
        let lines = chart.marks.lines
        let lowestLine = lines.map { $0.diastolic ? $0.level.diastolic : $0.level.systolic }.min()!
        let low = min(lowest, lowestLine - 10) - 5
        let high = max(highest, lines.map(\.level.systolic).max()! + 15, 150) + 5
        let step = high - low > 130 ? 20 : 10
        return (Double(low / step * step), Double((high + step - 1) / step * step), Double(step))
    }

    // MARK: - Series

    /// The dash and width of a reference line: the threshold dashed, the target band's edges
    /// dotted, 90/60 dash-dot.
    static func lineStyle(_ kind: ChartMarks.ReferenceLine.Kind) -> (dash: [Double], width: Double) {
        switch kind {
        case .threshold: ([4, 2], 0.8)
        case .target, .lowerLimit: ([1, 1.5], 0.6)
        case .low: ([5, 1.5, 1, 1.5], 0.7)
        }
    }

    /// One marker: filled for the morning, hollow for the evening, a diamond at noon, a square
    /// for the clinic, a downward triangle (filled or hollow as its time of day) for a low
    /// value, with a dark ring when it is one of the exceptions the marks ring.
    private func addMarker(to frame: inout Frame, x: Double, y: Double, color: Color, point: ChartSection.Point, low: Bool, ringed: Bool) {
        let radius = 1.7
        if low {
            let triangle = [(x - 2.9, y - 2.0), (x + 2.9, y - 2.0), (x, y + 3.0)]
            if point.hollow {
                frame.fill(.polygon(triangle), .white)
                frame.stroke(.polygon(triangle), color, width: 0.8)
            } else {
                frame.fill(.polygon(triangle), color)
            }
        } else {
            switch point.shape {
            case .square: frame.fill(.rectangle(x: x - 2.2, y: y - 2.2, width: 4.4, height: 4.4), color)
            case .diamond: frame.fill(.polygon([(x, y - 2.4), (x + 2.4, y), (x, y + 2.4), (x - 2.4, y)]), color)
            case .hollow:
                frame.fill(.circle(x: x, y: y, radius: radius), .white)
                frame.stroke(.circle(x: x, y: y, radius: radius), color, width: 0.8)
            case .filled: frame.fill(.circle(x: x, y: y, radius: radius), color)
            }
        }
        if ringed { frame.stroke(.circle(x: x, y: y, radius: radius + (low ? 2.4 : 1.3)), template.color("text"), width: 0.6) }
    }

    private func addSeries(to frame: inout Frame, xOf: (Double) -> Double, yOf: (Double) -> Double) {
        let drawsEvery = chart.marks.drawsEveryReading
        for point in chart.points {
            let x = xOf(point.time)
            // One vertical SYS–DIA bar per reading, as on a paper chart.
            if drawsEvery {
                frame.line(from: (x, yOf(Double(point.systolic))), to: (x, yOf(Double(point.diastolic))), color: template.color("muted").opacity(0.45), width: 0.7)
            }
            addMarker(to: &frame, x: x, y: yOf(Double(point.systolic)), color: template.color("systolic"), point: point, low: point.low.systolic, ringed: point.ringed.systolic)
            addMarker(to: &frame, x: x, y: yOf(Double(point.diastolic)), color: template.color("diastolic"), point: point, low: point.low.diastolic, ringed: point.ringed.diastolic)
        }
        // Daily means as lines, always: the trend a doctor reads at a glance, broken across gaps.
        let noon = { (day: Int) in Double(day) * 86_400 + 43_200 }
        let lineWidth = drawsEvery ? 0.9 : 1.1
        for run in chart.meanRuns {
            for (key, value) in [("systolic", { (mean: ChartSection.DayMean) in mean.systolic }), ("diastolic", { $0.diastolic })] {
                addRun(to: &frame, points: run.map { (xOf(noon($0.day)), yOf(value($0))) }, color: template.color(key).opacity(0.85), width: lineWidth)
            }
        }
    }

    /// One unbroken stretch of a line; a lone day is a dot where no marker shows it.
    private func addRun(to frame: inout Frame, points: [(Double, Double)], color: Color, width: Double) {
        if points.count == 1, !chart.marks.drawsEveryReading {
            frame.fill(.circle(x: points[0].0, y: points[0].1, radius: width), color)
        } else if !points.isEmpty {
            frame.add(.polyline(TrendChart.thinned(points), color: color, width: width))
        }
    }

    /// The daily mean pulse against its own axis on the right, in beats per minute: pulse is
    /// not a pressure and never shares the mmHg scale.
    private func addPulse(
        to frame: inout Frame, plot: (left: Double, top: Double, right: Double, bottom: Double), gridLines: Int, labelEvery: Int,
        xOf: (Double) -> Double
    ) {
        let pulses = chart.pulseRuns.joined().map(\.pulse)
        guard let lowest = pulses.min(), let highest = pulses.max() else { return }
        // Its labels sit on the mmHg grid's lines: the smallest round step whose scale holds every
        // day's pulse with a little room, and is at least 40 bpm tall so day-to-day noise does
        // not fill the plot.
        let intervals = Double(max(gridLines, 1))
        var step = 1.0
        var low = 0.0
        for candidate in [1.0, 2, 5, 10, 20, 50] {
            step = candidate
            low = ((lowest - 5) / step).rounded(.down) * step
            if intervals * step >= 40 && low + intervals * step >= highest + 5 { break }
        }
        let high = low + intervals * step
        let yOf = { (value: Double) in plot.bottom - (value - low) / (high - low) * (plot.bottom - plot.top) }
        let color = template.color("pulse")
        var value = low
        var line = 0
        while value <= high + 0.01 {
            let labelY = yOf(value)
            frame.line(from: (plot.right, labelY), to: (plot.right + 3, labelY), color: color, width: 0.5)
            if line % labelEvery == 0 { frame.text(String(Int(value)), styles.small, x: plot.right + 4, y: labelY - styles.small.lineHeight / 2, color: color) }
            value += step
            line += 1
        }
        frame.text("bpm", styles.small, x: plot.right + 4, y: plot.top - 1.5 * styles.small.lineHeight - 1, color: color)
        var plotted = Frame(width: plot.right - plot.left, height: plot.bottom - plot.top)
        for run in chart.pulseRuns {
            addRun(to: &plotted, points: run.map { (xOf(Double($0.day) * 86_400 + 43_200) - plot.left, yOf($0.pulse) - plot.top) }, color: color, width: 0.8)
        }
        frame.place(plotted, x: plot.left, y: plot.top, clipped: true)
    }

    /// Points closer than half a point apart averaged into one: years of daily means drawn as
    /// the line the page can show, not 50,000 segments nobody can see.
    static func thinned(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var result: [(Double, Double)] = []
        result.reserveCapacity(min(points.count, 2048))
        var bucket = (x: points[0].0, sum: 0.0, count: 0)
        for (x, value) in points {
            if x - bucket.x >= 0.5 {
                result.append((bucket.x, bucket.sum / Double(bucket.count)))
                bucket = (x, 0, 0)
            }
            bucket.sum += value
            bucket.count += 1
        }
        result.append((bucket.x, bucket.sum / Double(bucket.count)))
        return result
    }

    private func addWeights(to frame: inout Frame, xOf: (Double) -> Double, yOf: (Double) -> Double) {
        let points = TrendChart.thinned(chart.weights.map { (xOf($0.time), $0.kilograms) }).map { ($0.0, yOf($0.1)) }
        frame.add(.polyline(points, color: template.color("accent"), width: 1))
        if points.count <= template.chart.barsUpTo {
            for point in points { frame.fill(.circle(x: point.0, y: point.1, radius: 1.6), template.color("accent")) }
        }
    }

    // MARK: - Events

    /// A dashed line per event, with its number (as in the events table) in a circle above the plot.
    private func addEvents(to frame: inout Frame, top: Double, bottom: Double, left: Double, right: Double, xOf: (Double) -> Double) {
        for event in chart.events {
            let eventX = xOf(event.time)
            guard eventX >= left, eventX <= right else { continue }
            frame.line(from: (eventX, top), to: (eventX, bottom), color: template.color("text").opacity(0.8), width: 0.7, dash: [3, 2])
            let radius = 5.0
            frame.fill(.circle(x: eventX, y: top - radius - 1, radius: radius), template.color("text"))
            frame.text(
                event.number, styles.smallBold, x: eventX - radius, y: top - radius - 1 - styles.smallBold.lineHeight / 2, width: 2 * radius,
                alignment: .center, color: .white)
        }
    }

    // MARK: - Axis and legend

    private func addTimeAxis(to frame: inout Frame, plotLeft: Double, plotRight: Double, y: Double, xOf: (Double) -> Double) {
        var lastLabelEnd = -Double.infinity
        var lastYearEnd = -Double.infinity
        // A label that would overprint the one before it is left out.
        func label(_ text: String, x: Double, y: Double, after end: inout Double) {
            let labelWidth = styles.small.width(of: text)
            let labelX = min(max(x, plotLeft), plotRight - labelWidth)
            guard labelX > end + 4 else { return }
            frame.text(text, styles.small, x: labelX, y: y)
            end = labelX + labelWidth
        }
        for tick in chart.ticks {
            let tickX = xOf(Double(tick.day) * 86_400 + 43_200)
            frame.line(from: (tickX, y), to: (tickX, y + 3), color: template.color("muted"), width: 0.5)
            guard chart.monthly else {
                label(tick.label, x: tickX - styles.small.width(of: tick.label) / 2, y: y + 3, after: &lastLabelEnd)
                continue
            }
            // A month's label starts at its first day; the year goes on a row of its own.
            label(tick.label, x: tickX + 1, y: y + 3, after: &lastLabelEnd)
            if let year = tick.year { label(year, x: tickX + 1, y: y + 3 + styles.small.lineHeight, after: &lastYearEnd) }
        }
    }

    /// Where each legend entry goes: its line and x offset; entries wrap onto further lines.
    private func legendLayout(width: Double) -> (placed: [(String, ChartSection.Swatch, line: Int, x: Double)], lines: Int) {
        var placed: [(String, ChartSection.Swatch, line: Int, x: Double)] = []
        var line = 0
        var entryX = 0.0
        for (label, swatch) in chart.legend {
            let entryWidth = 17 + styles.small.width(of: label)
            if entryX > 0 && entryX + entryWidth > width {
                line += 1
                entryX = 0
            }
            placed.append((label, swatch, line, entryX))
            entryX += entryWidth + 10
        }
        return (placed, line + 1)
    }

    private func addLegend(_ placed: [(String, ChartSection.Swatch, line: Int, x: Double)], to frame: inout Frame, x: Double) {
        let muted = template.color("muted")
        for (label, swatch, line, offset) in placed {
            let entryX = x + offset
            let lineY = Double(line) * (styles.small.lineHeight + 1)
            let middle = lineY + styles.small.lineHeight / 2
            switch swatch {
            case .systolic, .diastolic, .pulse, .weight:
                let key = switch swatch {
                case .systolic: "systolic"
                case .diastolic: "diastolic"
                case .pulse: "pulse"
                default: "accent"
                }
                frame.line(from: (entryX, middle), to: (entryX + 14, middle), color: template.color(key), width: 1.2)
            case .line(let kind) where kind == .low:
                let style = TrendChart.lineStyle(.low)
                frame.line(from: (entryX, middle), to: (entryX + 14, middle), color: template.color("target"), width: style.width, dash: style.dash)
                frame.fill(.polygon([(entryX + 4.1, middle - 2.0), (entryX + 9.9, middle - 2.0), (entryX + 7, middle + 3.0)]), muted)
            case .line(let kind):
                let style = TrendChart.lineStyle(kind)
                frame.line(from: (entryX, middle), to: (entryX + 14, middle), color: template.color("target"), width: max(0.8, style.width), dash: style.dash)
            case .filled:
                frame.fill(.circle(x: entryX + 7, y: middle, radius: 2), muted)
            case .hollow:
                frame.stroke(.circle(x: entryX + 7, y: middle, radius: 2), muted, width: 0.8)
            case .diamond:
                frame.fill(.polygon([(entryX + 7, middle - 2.4), (entryX + 9.4, middle), (entryX + 7, middle + 2.4), (entryX + 4.6, middle)]), muted)
            case .square:
                frame.fill(.rectangle(x: entryX + 5, y: middle - 2.2, width: 4.4, height: 4.4), muted)
            case .ring:
                frame.fill(.circle(x: entryX + 7, y: middle, radius: 1.7), muted)
                frame.stroke(.circle(x: entryX + 7, y: middle, radius: 3), template.color("text"), width: 0.6)
            case .event:
                frame.line(from: (entryX + 7, middle - 4), to: (entryX + 7, middle + 4), color: template.color("text"), width: 0.7, dash: [2, 1])
            }
            frame.text(label, styles.small, x: entryX + 17, y: lineY)
        }
    }

    // MARK: - Tag lanes

    private func addLanes(to frame: inout Frame, top: Double, left: Double, right: Double, xOf: (Double) -> Double) {
        for (index, lane) in chart.lanes.enumerated() {
            let laneY = top + Double(index) * TrendChart.laneHeight
            let color = Color(tag: lane.color)
            frame.text(
                lane.label, styles.small, x: 0, y: laneY + (TrendChart.laneHeight - styles.small.lineHeight) / 2, width: TrendChart.gutter - 6,
                alignment: .right, color: color)
            frame.line(
                from: (left, laneY + TrendChart.laneHeight / 2), to: (right, laneY + TrendChart.laneHeight / 2), color: template.color("rule").opacity(0.5),
                width: 0.3)
            var lastX = -Double.infinity
            for time in lane.times {
                let markX = xOf(time)
                // Markers closer than a hairline would overprint; one is enough.
                guard markX - lastX >= 0.8 else { continue }
                lastX = markX
                frame.fill(.rectangle(x: markX - 0.9, y: laneY + 1.5, width: 1.8, height: TrendChart.laneHeight - 3), color)
            }
            if index == chart.lanes.count - 1, let more = chart.hiddenTags {
                frame.text(more, styles.small, x: left, y: laneY + TrendChart.laneHeight, width: right - left)
            }
        }
    }
}

/// The chart under its heading, as a block of the page, at the height the planner gave it.
struct ChartBlock {
    let chart: ChartSection
    let template: ReportTemplate

    func laidOut(width: Double, chartHeight: Double, styles: ReportStyles) -> Frame {
        var frame = Frame(width: width, height: styles.headingHeight + chartHeight)
        frame.text(chart.heading, styles.heading, x: 0, y: 0, width: width)
        frame.place(TrendChart(chart: chart, styles: styles, template: template).laidOut(width: width, height: chartHeight), x: 0, y: styles.headingHeight)
        return frame
    }
}
