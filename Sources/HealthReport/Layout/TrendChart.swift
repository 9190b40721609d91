import HealthAnalytics
import HealthCore

/// The trend chart: blood pressure over time, target lines and zone, and a lane of
/// markers per status tag under the time axis, so behaviour and numbers share one timeline.
struct TrendChart {
    let request: ReportRequest
    let styles: ReportStyles
    /// Draw pulse as a dotted third series.
    let showsPulse: Bool

    private var summary: BPSummary { request.summary }
    private var template: ReportTemplate { request.template }
    private var strings: StringTable { request.strings }

    static let laneHeight = 10.0
    static let maximumLanes = 8
    private static let gutter = 72.0

    /// The tags shown as lanes, most frequent first (defined or not).
    var laneTags: [String] { Array(summary.tagsByFrequency.prefix(TrendChart.maximumLanes)) }

    func draw(context: GraphicsContext, x: Double, y: Double, width: Double, height: Double) {
        let lanes = laneTags
        let legendHeight = 12.0
        let axisLabels = styles.small.lineHeight + 3
        let lanesHeight = Double(lanes.count) * TrendChart.laneHeight + (lanes.isEmpty ? 0 : 4)
        let plot = (
            left: x + TrendChart.gutter, top: y + legendHeight + 4,
            right: x + width - 6, bottom: y + height - axisLabels - lanesHeight
        )
        drawLegend(context: context, x: plot.left, y: y, width: plot.right - plot.left)
        let pressures = summary.readings.compactMap(\.bloodPressure)
        var low = min(pressures.map(\.diastolic).min() ?? 60, summary.target.diastolic - 10) - 5
        if showsPulse, let pulse = summary.readings.compactMap(\.pulse).min() { low = min(low, pulse - 5) }
        let high = max(pressures.map(\.systolic).max() ?? 150, summary.target.systolic + 15, 150) + 5
        let step = high - low > 130 ? 20 : 10
        let yMin = Double(low / step * step)
        let yMax = Double((high + step - 1) / step * step)
        let yOf = { (value: Double) in plot.bottom - (value - yMin) / (yMax - yMin) * (plot.bottom - plot.top) }
        let start = Double(summary.from.dayNumber) * 86_400
        let end = Double(summary.to.dayNumber + 1) * 86_400
        let xOf = { (seconds: Double) in plot.left + (seconds - start) / (end - start) * (plot.right - plot.left) }

        // Zone above target, grid, target lines.
        let targetY = yOf(Double(summary.target.systolic))
        context.fillRectangle(x: plot.left, y: plot.top, width: plot.right - plot.left, height: targetY - plot.top, color: template.color("aboveTargetZone"))
        var value = yMin
        while value <= yMax {
            let lineY = yOf(value)
            context.line(from: (plot.left, lineY), to: (plot.right, lineY), color: template.color("rule").opacity(0.45), width: 0.3)
            styles.small.draw(String(Int(value)), x: plot.left - 24, y: lineY - styles.small.lineHeight / 2, width: 20, alignment: .right)
            value += Double(step)
        }
        styles.small.draw("mmHg", x: x, y: plot.top - 2, width: TrendChart.gutter - 26, alignment: .right)
        context.line(from: (plot.left, targetY), to: (plot.right, targetY), color: template.color("systolic").opacity(0.7), width: 0.8, dash: [4, 2])
        let diastolicTargetY = yOf(Double(summary.target.diastolic))
        context.line(from: (plot.left, diastolicTargetY), to: (plot.right, diastolicTargetY), color: template.color("diastolic").opacity(0.7), width: 0.8, dash: [4, 2])

        context.clipped(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top) {
            drawSeries(context: context, xOf: xOf, yOf: yOf)
        }
        context.strokeRectangle(x: plot.left, y: plot.top, width: plot.right - plot.left, height: plot.bottom - plot.top, color: template.color("rule"), lineWidth: 0.6)
        drawTimeAxis(context: context, plotLeft: plot.left, plotRight: plot.right, y: plot.bottom, xOf: xOf)
        drawLanes(context: context, tags: lanes, x: x, top: plot.bottom + axisLabels + 2, left: plot.left, right: plot.right, xOf: xOf)
    }

    // MARK: - Series

    private func drawSeries(context: GraphicsContext, xOf: (Double) -> Double, yOf: (Double) -> Double) {
        let pressureReadings = summary.readings.filter { $0.bloodPressure != nil }
        if pressureReadings.count <= template.chart.barsUpTo {
            // One vertical SYS–DIA bar per reading, as on a paper chart.
            for reading in pressureReadings {
                let pressure = reading.bloodPressure!
                let readingX = xOf(Double(reading.takenAt.localSeconds))
                let top = yOf(Double(pressure.systolic))
                let bottom = yOf(Double(pressure.diastolic))
                context.line(from: (readingX, top), to: (readingX, bottom), color: template.color("muted").opacity(0.45), width: 0.7)
                context.fillCircle(x: readingX, y: top, radius: 1.5, color: template.color("systolic"))
                context.fillCircle(x: readingX, y: bottom, radius: 1.5, color: template.color("diastolic"))
            }
        }
        // Daily means as lines, always: the trend a doctor reads at a glance.
        let means = summary.dailyMeans
        let noon = { (day: CivilDate) in Double(day.dayNumber) * 86_400 + 43_200 }
        let lineWidth = pressureReadings.count <= template.chart.barsUpTo ? 0.9 : 1.1
        context.polyline(means.map { (xOf(noon($0.day)), yOf($0.systolic)) }, color: template.color("systolic").opacity(0.85), width: lineWidth)
        context.polyline(means.map { (xOf(noon($0.day)), yOf($0.diastolic)) }, color: template.color("diastolic").opacity(0.85), width: lineWidth)
        if showsPulse {
            var pulses: [Int: (Int, Int)] = [:]
            for reading in summary.readings {
                guard let pulse = reading.pulse else { continue }
                let sum = pulses[reading.takenAt.localDayNumber, default: (0, 0)]
                pulses[reading.takenAt.localDayNumber] = (sum.0 + pulse, sum.1 + 1)
            }
            let points = pulses.keys.sorted().map { day in
                (xOf(Double(day) * 86_400 + 43_200), yOf(Double(pulses[day]!.0) / Double(pulses[day]!.1)))
            }
            context.polyline(points, color: template.color("pulse"), width: 0.8)
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
        for tick in ticks {
            let tickX = xOf(Double(tick.dayNumber) * 86_400)
            context.line(from: (tickX, y), to: (tickX, y + 3), color: template.color("muted"), width: 0.5)
            let label = days > 120 ? strings.monthLabel(tick) : strings.tickDate(tick)
            let labelWidth = styles.small.width(of: label)
            let labelX = min(max(tickX - labelWidth / 2, plotLeft), plotRight - labelWidth)
            if labelX > lastLabelEnd + 4 {
                styles.small.draw(label, x: labelX, y: y + 3)
                lastLabelEnd = labelX + labelWidth
            }
        }
    }

    private func drawLegend(context: GraphicsContext, x: Double, y: Double, width: Double) {
        var entries: [(String, Color, Bool)] = [
            (strings.text("legendSystolic"), template.color("systolic"), false),
            (strings.text("legendDiastolic"), template.color("diastolic"), false),
        ]
        if showsPulse { entries.append((strings.text("legendPulse"), template.color("pulse"), false)) }
        entries.append((strings.text("legendTarget") + " \(summary.target)", template.color("target"), true))
        var entryX = x
        let middle = y + styles.small.lineHeight / 2
        for (label, color, dashed) in entries {
            if dashed {
                context.line(from: (entryX, middle), to: (entryX + 14, middle), color: color, width: 0.8, dash: [3, 2])
            } else {
                context.line(from: (entryX, middle), to: (entryX + 14, middle), color: color, width: 1.2)
                context.fillCircle(x: entryX + 7, y: middle, radius: 1.6, color: color)
            }
            styles.small.draw(label, x: entryX + 17, y: y)
            entryX += 17 + styles.small.width(of: label) + 12
        }
        let note = strings.text("legendDailyMean")
        styles.small.draw("— " + note, x: entryX, y: y)
    }

    // MARK: - Tag lanes

    private func drawLanes(context: GraphicsContext, tags: [String], x: Double, top: Double, left: Double, right: Double, xOf: (Double) -> Double) {
        for (index, tag) in tags.enumerated() {
            let laneY = top + Double(index) * TrendChart.laneHeight
            let (label, color) = request.tagAppearance(tag)
            styles.small.draw(label, x: x, y: laneY + (TrendChart.laneHeight - styles.small.lineHeight) / 2, width: TrendChart.gutter - 6, alignment: .right, color: color)
            context.line(from: (left, laneY + TrendChart.laneHeight / 2), to: (right, laneY + TrendChart.laneHeight / 2), color: template.color("rule").opacity(0.5), width: 0.3)
            var lastX = -Double.infinity
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
