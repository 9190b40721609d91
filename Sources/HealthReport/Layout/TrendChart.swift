import HealthAnalytics
import HealthCore
import HealthPresentation

/// The trend chart: blood pressure over time, the threshold (and the target when it differs),
/// events as numbered dashed lines, and a lane of markers per status tag under the time axis,
/// so behaviour and numbers share one timeline. A weight-only range charts weight.
///
/// It prints: morning readings are filled markers, evening ones hollow, office readings
/// squares, low values downward triangles, and the exceptions to the target ringed (see
/// ``ChartMarks``), so all of it reads in black and white.
struct TrendChart: DrawnFromRequest {
    let request: ReportRequest
    let styles: ReportStyles
    /// Draw pulse as a dotted third series.
    let showsPulse: Bool
    /// The rings, low marks and reference lines.
    let marks: ChartMarks

    init(request: ReportRequest, styles: ReportStyles, showsPulse: Bool) {
        self.request = request
        self.styles = styles
        self.showsPulse = showsPulse
        marks = ChartMarks(request)
    }


    static let laneHeight = 10.0
    static let maximumLanes = 12
    private static let gutter = 72.0
    /// Room on the right for pulse's own axis.
    private static let pulseGutter = 30.0

    /// True when the time axis names months (a range past 120 days), with the years on a second row.
    private var monthlyAxis: Bool { summary.to.dayNumber - summary.from.dayNumber + 1 > 120 }

    /// Pulse is drawn, on its own axis, when asked for and there is pulse to draw.
    private var drawsPulse: Bool { showsPulse && !chartsWeight && summary.homeReadings.contains { $0.pulse != nil } }

    /// The tags shown as lanes, most frequent first (defined or not).
    var laneTags: [String] { Array(summary.tagsByFrequency.prefix(TrendChart.maximumLanes)) }

    /// Tags past the last lane: named on a line of their own, never dropped silently.
    var hiddenTags: [String] { Array(summary.tagsByFrequency.dropFirst(TrendChart.maximumLanes)) }

    /// Rows under the axis: a lane per shown tag, and a line naming the others.
    var laneRows: Int { laneTags.count + (hiddenTags.isEmpty ? 0 : 1) }

    /// True when there is no blood pressure to chart, only weight.
    private var chartsWeight: Bool { !summary.readings.contains { $0.bloodPressure != nil } && summary.weight != nil }

    /// The time axis: measurement days from 04:00, padded by half a day on each side so the
    /// first and last readings sit inside the frame.
    private var timeSpan: (start: Double, end: Double) {
        let dayStart = Double(DayPeriod.dayStartHour * 3600)
        return (Double(summary.from.dayNumber) * 86_400 + dayStart - 43_200, Double(summary.to.dayNumber + 1) * 86_400 + dayStart + 43_200)
    }

    func draw(context: GraphicsContext, x: Double, y: Double, width: Double, height: Double) {
        let lanes = laneTags
        let legendHeight = legendHeight(width: width - TrendChart.gutter - (drawsPulse ? TrendChart.pulseGutter : 6))
        let axisLabels = styles.small.lineHeight * (monthlyAxis ? 2 : 1) + 3
        let lanesHeight = Double(laneRows) * TrendChart.laneHeight + (lanes.isEmpty ? 0 : 4)
        let plot = (
            left: x + TrendChart.gutter, top: y + legendHeight + 4 + (summary.events.isEmpty ? 0 : 8),
            right: x + width - (drawsPulse ? TrendChart.pulseGutter : 6), bottom: y + height - axisLabels - lanesHeight
        )
        drawLegend(context: context, x: plot.left, y: y, width: plot.right - plot.left)
        let span = timeSpan
        let xOf = { (seconds: Double) in plot.left + (seconds - span.start) / (span.end - span.start) * (plot.right - plot.left) }
        let (yMin, yMax, step) = valueRange()
        let yOf = { (value: Double) in plot.bottom - (value - yMin) / (yMax - yMin) * (plot.bottom - plot.top) }

        if !chartsWeight {
            // Zone above the target, then the threshold's and (when it differs) the target's lines.
            let target = summary.goals.target
            let targetY = yOf(Double(target.systolic))
            context.fillRectangle(
                x: plot.left, y: plot.top, width: plot.right - plot.left, height: max(0, targetY - plot.top), color: template.color("aboveTargetZone"))
        }
        var value = yMin
        while value <= yMax {
            let lineY = yOf(value)
            context.line(from: (plot.left, lineY), to: (plot.right, lineY), color: template.color("rule").opacity(0.45), width: 0.3)
            styles.small.draw(String(Int(value)), x: plot.left - 24, y: lineY - styles.small.lineHeight / 2, width: 20, alignment: .right)
            value += step
        }
        styles.small.draw(chartsWeight ? "kg" : "mmHg", x: x, y: plot.top - 2, width: TrendChart.gutter - 26, alignment: .right)
        if !chartsWeight {
            for line in marks.lines {
                let style = TrendChart.lineStyle(line.kind)
                for (limit, key, drawn) in [(line.level.systolic, "systolic", line.systolic), (line.level.diastolic, "diastolic", line.diastolic)] where drawn {
                    let lineY = yOf(Double(limit))
                    context.line(from: (plot.left, lineY), to: (plot.right, lineY), color: template.color(key).opacity(0.75), width: style.width, dash: style.dash)
                }
            }
        }
        context.clipped(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top) {
            if chartsWeight { drawWeights(context: context, xOf: xOf, yOf: yOf) } else { drawSeries(context: context, xOf: xOf, yOf: yOf) }
        }
        if drawsPulse {
            drawPulse(context: context, plot: (plot.left, plot.top, plot.right, plot.bottom), gridLines: Int(((yMax - yMin) / step).rounded()), xOf: xOf)
        }
        context.strokeRectangle(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top, color: template.color("rule"), lineWidth: 0.6)
        drawEvents(context: context, top: plot.top, bottom: plot.bottom, left: plot.left, right: plot.right, xOf: xOf)
        drawTimeAxis(context: context, plotLeft: plot.left, plotRight: plot.right, y: plot.bottom, xOf: xOf)
        drawLanes(context: context, tags: lanes, x: x, top: plot.bottom + axisLabels + 2, left: plot.left, right: plot.right, xOf: xOf)
    }

    /// The value axis: its bottom, top and grid step.
    private func valueRange() -> (Double, Double, Double) {
        if chartsWeight {
            let weights = summary.readings.compactMap(\.weightKilograms)
            let low = (weights.min() ?? 60) - 2
            let high = (weights.max() ?? 80) + 2
            let step = high - low > 40 ? 10.0 : high - low > 12 ? 5.0 : 2.0
            return ((low / step).rounded(.down) * step, (high / step).rounded(.up) * step, step)
        }
        var lowest = 60
        var highest = 150
        var any = false
        for reading in summary.readings {
            if let pressure = reading.bloodPressure {
                lowest = any ? min(lowest, pressure.diastolic) : pressure.diastolic
                highest = any ? max(highest, pressure.systolic) : pressure.systolic
                any = true
            }
        }
        // Room for every reference line drawn, with a little below the lowest.
        let limits = marks.lines.map(\.level)
        let lowestLine = marks.lines.map { $0.diastolic ? $0.level.diastolic : $0.level.systolic }.min()!
        let low = min(lowest, lowestLine - 10) - 5
        let high = max(highest, limits.map(\.systolic).max()! + 15, 150) + 5
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

    /// One marker: filled for the morning, hollow for the evening, a square for the clinic, a
    /// downward triangle (filled or hollow as its time of day) for a low value, with a dark ring
    /// when it is one of the exceptions ``ChartMarks`` rings.
    private func marker(context: GraphicsContext, x: Double, y: Double, color: Color, facts: ReadingFacts, low: Bool, ringed: Bool) {
        let radius = 1.7
        // Evening and night readings are hollow, morning ones filled, noon ones diamonds.
        let hollow = facts.slot == .evening || facts.slot == .night
        if low {
            let triangle = [(x - 2.9, y - 2.0), (x + 2.9, y - 2.0), (x, y + 3.0)]
            if hollow {
                context.fillPolygon(triangle, color: .white)
                context.strokePolygon(triangle, color: color, lineWidth: 0.8)
            } else {
                context.fillPolygon(triangle, color: color)
            }
        } else if facts.isOffice {
            context.fillRectangle(x: x - 2.2, y: y - 2.2, width: 4.4, height: 4.4, color: color)
        } else if facts.slot == .noon {
            context.fillPolygon([(x, y - 2.4), (x + 2.4, y), (x, y + 2.4), (x - 2.4, y)], color: color)
        } else if hollow {
            context.fillCircle(x: x, y: y, radius: radius, color: .white)
            context.strokeCircle(x: x, y: y, radius: radius, color: color, lineWidth: 0.8)
        } else {
            context.fillCircle(x: x, y: y, radius: radius, color: color)
        }
        if ringed { context.strokeCircle(x: x, y: y, radius: radius + (low ? 2.4 : 1.3), color: template.color("text"), lineWidth: 0.6) }
    }

    /// The systolic and diastolic markers of one reading.
    private func markers(context: GraphicsContext, x: Double, yOf: (Double) -> Double, reading: Reading, pressure: BloodPressure) {
        let facts = request.facts(reading)
        let ringed = marks.rings(facts)
        marker(context: context, x: x, y: yOf(Double(pressure.systolic)), color: template.color("systolic"), facts: facts, low: facts.lowValues.systolic, ringed: ringed.systolic)
        marker(context: context, x: x, y: yOf(Double(pressure.diastolic)), color: template.color("diastolic"), facts: facts, low: facts.lowValues.diastolic, ringed: ringed.diastolic)
    }

    private func drawSeries(context: GraphicsContext, xOf: (Double) -> Double, yOf: (Double) -> Double) {
        if marks.drawsEveryReading {
            // One vertical SYS–DIA bar per reading, as on a paper chart.
            for reading in summary.readings {
                guard let pressure = reading.bloodPressure else { continue }
                let readingX = xOf(Double(reading.takenAt.localSeconds))
                let top = yOf(Double(pressure.systolic))
                let bottom = yOf(Double(pressure.diastolic))
                context.line(from: (readingX, top), to: (readingX, bottom), color: template.color("muted").opacity(0.45), width: 0.7)
                markers(context: context, x: readingX, yOf: yOf, reading: reading, pressure: pressure)
            }
        } else {
            // Too many bars to read: office readings and low readings still show.
            for reading in summary.readings {
                guard let pressure = reading.bloodPressure, reading.site == .office || request.facts(reading).isLow else { continue }
                markers(context: context, x: xOf(Double(reading.takenAt.localSeconds)), yOf: yOf, reading: reading, pressure: pressure)
            }
        }
        // Daily means as lines, always: the trend a doctor reads at a glance, broken across gaps.
        let noon = { (day: Int) in Double(day) * 86_400 + 43_200 }
        let lineWidth = marks.drawsEveryReading ? 0.9 : 1.1
        for run in ChartMarks.runs(summary.dailyMeans, day: \.day.dayNumber) {
            for (key, value) in [("systolic", { (mean: BPSummary.DailyMean) in mean.systolic }), ("diastolic", { $0.diastolic })] {
                drawRun(
                    context: context, points: run.map { (xOf(noon($0.day.dayNumber)), yOf(value($0))) }, color: template.color(key).opacity(0.85),
                    width: lineWidth)
            }
        }
    }

    /// One unbroken stretch of a line; a lone day is a dot where no marker shows it.
    private func drawRun(context: GraphicsContext, points: [(Double, Double)], color: Color, width: Double) {
        if points.count == 1, !marks.drawsEveryReading {
            context.fillCircle(x: points[0].0, y: points[0].1, radius: width, color: color)
        } else {
            context.polyline(TrendChart.thinned(points), color: color, width: width)
        }
    }

    /// The daily mean pulse against its own axis on the right, in beats per minute: pulse is
    /// not a pressure and never shares the mmHg scale.
    private func drawPulse(
        context: GraphicsContext, plot: (left: Double, top: Double, right: Double, bottom: Double), gridLines: Int, xOf: (Double) -> Double
    ) {
        let means = summary.dailyPulse.map { (day: $0.day.dayNumber, pulse: $0.mean) }
        guard let lowest = means.map(\.pulse).min(), let highest = means.map(\.pulse).max() else { return }
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
        while value <= high + 0.01 {
            let labelY = yOf(value)
            context.line(from: (plot.right, labelY), to: (plot.right + 3, labelY), color: color, width: 0.5)
            styles.small.draw(String(Int(value)), x: plot.right + 4, y: labelY - styles.small.lineHeight / 2, color: color)
            value += step
        }
        styles.small.draw("bpm", x: plot.right + 4, y: plot.top - 1.5 * styles.small.lineHeight - 1, color: color)
        context.clipped(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top) {
            for run in ChartMarks.runs(means, day: \.day) {
                drawRun(context: context, points: run.map { (xOf(Double($0.day) * 86_400 + 43_200), yOf($0.pulse)) }, color: color, width: 0.8)
            }
        }
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

    private func drawWeights(context: GraphicsContext, xOf: (Double) -> Double, yOf: (Double) -> Double) {
        let points = TrendChart.thinned(summary.readings.compactMap { reading in
            reading.weightKilograms.map { (xOf(Double(reading.takenAt.localSeconds)), $0) }
        }).map { ($0.0, yOf($0.1)) }
        context.polyline(points, color: template.color("accent"), width: 1)
        if points.count <= template.chart.barsUpTo {
            for point in points { context.fillCircle(x: point.0, y: point.1, radius: 1.6, color: template.color("accent")) }
        }
    }

    // MARK: - Events

    /// A dashed line per event, with its number (as in the events table) in a circle above the plot.
    private func drawEvents(context: GraphicsContext, top: Double, bottom: Double, left: Double, right: Double, xOf: (Double) -> Double) {
        for (index, effect) in summary.events.enumerated() {
            let eventX = xOf(Double(effect.event.at.localSeconds))
            guard eventX >= left, eventX <= right else { continue }
            context.line(from: (eventX, top), to: (eventX, bottom), color: template.color("text").opacity(0.8), width: 0.7, dash: [3, 2])
            let radius = 5.0
            context.fillCircle(x: eventX, y: top - radius - 1, radius: radius, color: template.color("text"))
            styles.smallBold.draw(
                String(index + 1), x: eventX - radius, y: top - radius - 1 - styles.smallBold.lineHeight / 2, width: 2 * radius,
                alignment: .center, color: .white)
        }
    }

    // MARK: - Axis and legend

    private func drawTimeAxis(context: GraphicsContext, plotLeft: Double, plotRight: Double, y: Double, xOf: (Double) -> Double) {
        let days = summary.to.dayNumber - summary.from.dayNumber + 1
        var ticks: [CivilDate] = []
        var day = summary.from
        while day <= summary.to {
            let isTick: Bool
            switch days {
            case ...16: isTick = true
            case ...120: isTick = day.isoWeekday == 1
            case ...730: isTick = day.day == 1
            default: isTick = day.day == 1 && (day.month - 1) % 3 == 0
            }
            if isTick { ticks.append(day) }
            day = day.adding(days: 1)
        }
        var lastLabelEnd = -Double.infinity
        var lastYearEnd = -Double.infinity
        // A label that would overprint the one before it is left out.
        func label(_ text: String, x: Double, y: Double, after end: inout Double) {
            let labelWidth = styles.small.width(of: text)
            let labelX = min(max(x, plotLeft), plotRight - labelWidth)
            guard labelX > end + 4 else { return }
            styles.small.draw(text, x: labelX, y: y)
            end = labelX + labelWidth
        }
        let short = strings.has("monthTickShort") && strings.has("yearTick")
        for (index, tick) in ticks.enumerated() {
            let tickX = xOf(Double(tick.dayNumber) * 86_400 + 43_200)
            context.line(from: (tickX, y), to: (tickX, y + 3), color: template.color("muted"), width: 0.5)
            guard monthlyAxis else {
                let text = request.date(tick)
                label(text, x: tickX - styles.small.width(of: text) / 2, y: y + 3, after: &lastLabelEnd)
                continue
            }
            // A month's label starts at its first day and names the month that follows, so a
            // year's twelve short names fit; the year goes on a row of its own, under the first
            // month and under each January.
            guard short else {
                label(strings.monthLabel(tick), x: tickX + 1, y: y + 3, after: &lastLabelEnd)
                continue
            }
            label(strings.format(tick, pattern: "monthTickShort"), x: tickX + 1, y: y + 3, after: &lastLabelEnd)
            if index == 0 || tick.month == 1 {
                label(strings.format(tick, pattern: "yearTick"), x: tickX + 1, y: y + 3 + styles.small.lineHeight, after: &lastYearEnd)
            }
        }
    }

    private enum Swatch { case line(Color), dashed(Color, ChartMarks.ReferenceLine.Kind), filled(Color), hollow(Color), diamond(Color), square(Color), ring, low, event }

    private var legendEntries: [(String, Swatch)] {
        if chartsWeight { return [(strings.text("weightTrend"), .line(template.color("accent")))] }
        var entries: [(String, Swatch)] = [
            (strings.text("legendSystolic"), .line(template.color("systolic"))),
            (strings.text("legendDiastolic"), .line(template.color("diastolic"))),
        ]
        if drawsPulse { entries.append((strings.text("legendPulse") + " (bpm)", .line(template.color("pulse")))) }
        // Markers are drawn for each reading only up to the template's limit; past it, only lines.
        if marks.drawsEveryReading {
            entries.append((strings.text("morning"), .filled(template.color("muted"))))
            if summary.periods[.noon]!.systolic.count > 0 { entries.append((strings.text("legendNoon"), .diamond(template.color("muted")))) }
            entries.append((strings.text("evening"), .hollow(template.color("muted"))))
        }
        if let ring = marks.ring {
            let side = summary.goals.targetSource == .threshold ? "Threshold" : "Target"
            let key = ring == .atOrAboveTarget ? "chart.ring.atOrAbove\(side)" : "chart.ring.below\(side)"
            entries.append((strings.text(key, ["target": marks.target.description, "n": String(marks.ringedReadings)]), .ring))
        }
        let guideline = summary.options.guideline.label(in: strings)
        for line in marks.lines {
            let label: String
            switch line.kind {
            case .threshold:
                label = strings.text("threshold", ["target": line.level.description, "guideline": guideline])
            case .target:
                if summary.goals.targetSource == .treatedBand, let band = summary.options.guideline.treatedSystolicTarget {
                    label = strings.text("chart.band", [
                        "systolic": "\(band.lowerBound)–\(band.upperBound)",
                        "diastolic": "\(summary.goals.lowerLimit.diastolic)–\(line.level.diastolic - 1)", "guideline": guideline,
                    ])
                } else {
                    label = strings.text("chart.target", ["target": line.level.description])
                }
            case .lowerLimit:
                // ESC's band names its floor already.
                guard summary.goals.targetSource != .treatedBand else { continue }
                label = strings.text("chart.lowerLimit", ["limit": line.level.description])
            case .low:
                entries.append((strings.text("chart.low", ["limit": line.level.description]), .low))
                continue
            }
            entries.append((label, .dashed(template.color("target"), line.kind)))
        }
        if summary.readings.contains(where: { $0.site == .office }) { entries.append((strings.text("legendOffice"), .square(template.color("muted")))) }
        if !summary.events.isEmpty { entries.append((strings.text("legendEvent"), .event)) }
        return entries
    }

    /// Where each legend entry goes: its line and x offset; entries wrap onto further lines.
    private func legendLayout(width: Double) -> (placed: [(String, Swatch, line: Int, x: Double)], lines: Int) {
        var placed: [(String, Swatch, line: Int, x: Double)] = []
        var line = 0
        var entryX = 0.0
        for (label, swatch) in legendEntries {
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

    /// The legend's height at the plot's width.
    private func legendHeight(width: Double) -> Double {
        Double(legendLayout(width: width).lines) * (styles.small.lineHeight + 1) + 3
    }

    private func drawLegend(context: GraphicsContext, x: Double, y: Double, width: Double) {
        for (label, swatch, line, offset) in legendLayout(width: width).placed {
            let entryX = x + offset
            let lineY = y + Double(line) * (styles.small.lineHeight + 1)
            let middle = lineY + styles.small.lineHeight / 2
            switch swatch {
            case .line(let color):
                context.line(from: (entryX, middle), to: (entryX + 14, middle), color: color, width: 1.2)
            case .dashed(let color, let kind):
                let style = TrendChart.lineStyle(kind)
                context.line(from: (entryX, middle), to: (entryX + 14, middle), color: color, width: max(0.8, style.width), dash: style.dash)
            case .filled(let color):
                context.fillCircle(x: entryX + 7, y: middle, radius: 2, color: color)
            case .hollow(let color):
                context.strokeCircle(x: entryX + 7, y: middle, radius: 2, color: color, lineWidth: 0.8)
            case .diamond(let color):
                context.fillPolygon([(entryX + 7, middle - 2.4), (entryX + 9.4, middle), (entryX + 7, middle + 2.4), (entryX + 4.6, middle)], color: color)
            case .square(let color):
                context.fillRectangle(x: entryX + 5, y: middle - 2.2, width: 4.4, height: 4.4, color: color)
            case .ring:
                context.fillCircle(x: entryX + 7, y: middle, radius: 1.7, color: template.color("muted"))
                context.strokeCircle(x: entryX + 7, y: middle, radius: 3, color: template.color("text"), lineWidth: 0.6)
            case .low:
                let style = TrendChart.lineStyle(.low)
                context.line(from: (entryX, middle), to: (entryX + 14, middle), color: template.color("target"), width: style.width, dash: style.dash)
                context.fillPolygon([(entryX + 4.1, middle - 2.0), (entryX + 9.9, middle - 2.0), (entryX + 7, middle + 3.0)], color: template.color("muted"))
            case .event:
                context.line(from: (entryX + 7, middle - 4), to: (entryX + 7, middle + 4), color: template.color("text"), width: 0.7, dash: [2, 1])
            }
            styles.small.draw(label, x: entryX + 17, y: lineY)
        }
    }

    // MARK: - Tag lanes

    private func drawLanes(context: GraphicsContext, tags: [String], x: Double, top: Double, left: Double, right: Double, xOf: (Double) -> Double) {
        for (index, tag) in tags.enumerated() {
            let laneY = top + Double(index) * TrendChart.laneHeight
            let (label, color) = request.tagAppearance(tag)
            styles.small.draw(label, x: x, y: laneY + (TrendChart.laneHeight - styles.small.lineHeight) / 2, width: TrendChart.gutter - 6, alignment: .right, color: color)
            context.line(from: (left, laneY + TrendChart.laneHeight / 2), to: (right, laneY + TrendChart.laneHeight / 2), color: template.color("rule").opacity(0.5), width: 0.3)
            var lastX = -Double.infinity
            defer {
                if index == tags.count - 1 && !hiddenTags.isEmpty {
                    let more = strings.text("chart.moreTags", [
                        "n": String(hiddenTags.count), "tags": strings.list(hiddenTags.map { request.tagAppearance($0).label }),
                    ])
                    styles.small.draw(more, x: left, y: laneY + TrendChart.laneHeight, width: right - left)
                }
            }
            for reading in summary.readings where reading.tagIDs.contains(tag) {
                let markX = xOf(Double(reading.takenAt.localSeconds))
                // Markers closer than a hairline would overprint; one is enough.
                guard markX - lastX >= 0.8 else { continue }
                lastX = markX
                context.fillRectangle(x: markX - 0.9, y: laneY + 1.5, width: 1.8, height: TrendChart.laneHeight - 3, color: color)
            }
        }
    }
}

/// The chart under its heading, as a block of the page.
struct ChartBlock {
    let request: ReportRequest
    let chartHeight: Double

    func draw(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double) {
        styles.heading.draw(request.strings.text("chart"), x: x, y: y, width: width)
        TrendChart(request: request, styles: styles, showsPulse: request.template.chart.pulse)
            .draw(context: context, x: x, y: y + styles.headingHeight, width: width, height: chartHeight)
    }
}
