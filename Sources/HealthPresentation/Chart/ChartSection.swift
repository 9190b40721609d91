import HealthAnalytics
import HealthCore

/// The trend chart's content, decided once: the series and their marks, the reference lines,
/// the tag lanes, the events, the legend's words and the time axis's labels. The report lays it
/// out at a size and draws it; nothing in it is a position.
///
/// It prints: morning readings are filled markers, evening (and night) ones hollow, noon ones
/// diamonds, office readings squares, low values downward triangles, and the exceptions to the
/// target ringed (``ChartMarks``), so all of it reads in black and white. Standing readings
/// (``StandingReading``) are not drawn: they are in no home figure, mean or ring.
public struct ChartSection: Sendable {
    /// What the plot draws.
    public enum Kind: Sendable {
        /// Blood pressure, with the reference lines.
        case pressure
        /// Weight alone: a range without blood pressure.
        case weight
    }

    /// How a reading's marker is drawn.
    public enum Shape: Sendable {
        /// A morning reading.
        case filled
        /// An evening or night reading.
        case hollow
        /// A noon reading.
        case diamond
        /// An office reading.
        case square
    }

    /// One reading's two markers.
    public struct Point: Sendable {
        /// Seconds of local wall time since 1970 (the axis's unit).
        public let time: Double
        public let systolic: Int
        public let diastolic: Int
        public let shape: Shape
        /// Which values are low: drawn as downward triangles, hollow for an evening or night reading.
        public let low: (systolic: Bool, diastolic: Bool)
        /// An evening or night reading (a low triangle is hollow).
        public let hollow: Bool
        /// Which values are ringed (``ChartMarks``).
        public let ringed: (systolic: Bool, diastolic: Bool)
    }

    /// One day's mean on the daily-mean lines.
    public struct DayMean: Sendable {
        /// The measurement day's number (days since 1970).
        public let day: Int
        public let systolic: Double
        public let diastolic: Double
    }

    /// One unbroken run of daily means, read from the summary's (a chart of years holds no copy).
    public struct MeanRun: RandomAccessCollection, Sendable {
        let means: ArraySlice<BPSummary.DailyMean>

        public var startIndex: Int { means.startIndex }
        public var endIndex: Int { means.endIndex }
        public subscript(position: Int) -> DayMean {
            let mean = means[position]
            return DayMean(day: mean.day.dayNumber, systolic: mean.systolic, diastolic: mean.diastolic)
        }
    }

    /// The home pulse of one day, on its own axis.
    public struct DayPulse: Sendable {
        public let day: Int
        public let pulse: Double
    }

    /// A tag's lane under the time axis.
    public struct Lane: Sendable {
        public let label: String
        /// `#RRGGBB`; nil for a tag without a definition (drawn grey).
        public let color: String?
        /// When each reading with the tag was taken (the axis's unit), in time order.
        public let times: LaneTimes
    }

    /// The times of a tag's readings, read from the summary's readings as they are walked (a
    /// lane of years holds no copy).
    public struct LaneTimes: Sequence, Sendable {
        let readings: [Reading]
        let tag: String
        /// The measurement days the chart spans.
        let days: ClosedRange<Int>

        public func makeIterator() -> some IteratorProtocol<Double> {
            readings.lazy.filter { $0.tagIDs.contains(tag) && days.contains($0.takenAt.measurementDayNumber) }.map { Double($0.takenAt.localSeconds) }.makeIterator()
        }
    }

    /// An event's numbered line.
    public struct EventMark: Sendable {
        public let time: Double
        /// `1`, as the events table numbers it.
        public let number: String
    }

    /// A legend entry's picture.
    public enum Swatch: Sendable {
        case systolic, diastolic, pulse, weight
        case filled, hollow, diamond, square, ring, event
        /// A reference line's dash.
        case line(ChartMarks.ReferenceLine.Kind)
    }

    /// One label of the time axis: a day (at its noon) or a month (from its first day), and the
    /// year under the first month and each January.
    public struct Tick: Sendable {
        public let day: Int
        public let label: String
        public let year: String?
    }

    /// The lanes drawn at most; past them, the tags are named on a line of their own.
    public static let maximumLanes = 12

    /// "Trend".
    public let heading: String
    public let kind: Kind
    /// The measurement days the axis spans: the range, narrowed to the home readings and the
    /// office readings and events of the 28 days either side (an office reading further off is
    /// named in the legend; an event further off is in the events table).
    public let firstDay: Int
    public let lastDay: Int
    /// The axis from the first day's 04:00 to the day after the last's, padded by half a day.
    public let span: (start: Double, end: Double)
    public let marks: ChartMarks
    /// Each reading with markers, in time order: every reading, or (past the template's limit)
    /// the office and low ones only.
    public let points: [Point]
    /// Daily means as unbroken runs (broken across gaps).
    public let meanRuns: [MeanRun]
    /// Daily pulse as unbroken runs; empty unless pulse is drawn.
    public let pulseRuns: [[DayPulse]]
    /// Weights, for a weight-only chart.
    public let weights: [(time: Double, kilograms: Double)]
    /// The lowest diastolic and highest systolic of every reading, for the value axis.
    public let extent: (lowest: Int, highest: Int)?
    /// The top of the zone above the target: its systolic.
    public let targetSystolic: Int
    public let lanes: [Lane]
    /// "3 more tags not drawn as lanes: …"; nil when every tag has a lane.
    public let hiddenTags: String?
    public let events: [EventMark]
    public let legend: [(label: String, swatch: Swatch)]
    /// True when the axis names months (a range past 120 days), with the years on a second row.
    public let monthly: Bool
    public let ticks: [Tick]

    /// The chart of `document`: markers for each reading up to `barsUpTo` readings, pulse on
    /// its own axis when `showsPulse` and there is pulse.
    init(_ document: SummaryDocument, barsUpTo: Int, showsPulse: Bool) {
        let summary = document.summary
        let strings = document.strings
        let words = document.words
        heading = strings.text("chart")
        let marks = ChartMarks(summary, barsUpTo: barsUpTo)
        self.marks = marks
        kind = !summary.readings.contains { $0.bloodPressure != nil } && summary.weight != nil ? .weight : .pressure
        // The axis spans the home readings, and the office readings and events of the 28 days
        // either side (the days in which an office visit is compared with them): a visit months
        // away would squeeze the home week into a sliver.
        // Walked, never copied: a log of years holds its readings once.
        let reach = OfficeComparison.windowDays
        var firstDay = summary.from.dayNumber
        var lastDay = summary.to.dayNumber
        var home: ClosedRange<Int>?
        for reading in summary.readings where reading.isHome && reading.bloodPressure != nil {
            let day = reading.takenAt.measurementDayNumber
            home = home.map { min($0.lowerBound, day)...max($0.upperBound, day) } ?? day...day
        }
        if let home {
            let near = (home.lowerBound - reach)...(home.upperBound + reach)
            var others: ClosedRange<Int>?
            let see = { (day: Int) in
                guard near.contains(day) else { return }
                others = others.map { min($0.lowerBound, day)...max($0.upperBound, day) } ?? day...day
            }
            for reading in summary.readings where !reading.isHome && reading.bloodPressure != nil { see(reading.takenAt.measurementDayNumber) }
            for event in summary.events { see(event.event.at.measurementDayNumber) }
            firstDay = max(firstDay, min(home.lowerBound, others?.lowerBound ?? home.lowerBound))
            lastDay = min(lastDay, max(home.upperBound, others?.upperBound ?? home.upperBound))
        }
        (self.firstDay, self.lastDay) = (firstDay, lastDay)
        let days = firstDay...lastDay
        let shown = summary.readings.lazy.filter { days.contains($0.takenAt.measurementDayNumber) }
        var offChart: (first: Reading, last: Reading, count: Int)?
        for reading in summary.readings where reading.bloodPressure != nil && !days.contains(reading.takenAt.measurementDayNumber) {
            offChart = (offChart?.first ?? reading, reading, (offChart?.count ?? 0) + 1)
        }
        let dayStart = Double(DayPeriod.dayStartHour * 3600)
        span = (Double(firstDay) * 86_400 + dayStart - 43_200, Double(lastDay + 1) * 86_400 + dayStart + 43_200)
        // ESC 2024's treated band is an office target: over home readings the zone starts at the home threshold.
        targetSystolic = summary.goals.targetSource == .treatedBand ? summary.goals.threshold.systolic : summary.goals.target.systolic
        var points: [Point] = []
        var lowest: Int?
        var highest: Int?
        for reading in shown {
            // Home BP is seated: a standing reading is in no home figure, so it gets no home
            // marker nor ring either; page 1 reads it against its session (``OrthostaticReadings``).
            guard let pressure = reading.bloodPressure, !StandingReading.isStanding(reading) else { continue }
            lowest = min(lowest ?? pressure.diastolic, pressure.diastolic)
            highest = max(highest ?? pressure.systolic, pressure.systolic)
            let facts = document.rules.facts(of: reading)
            // Too many bars to read: office readings and low readings still show.
            guard marks.drawsEveryReading || facts.isOffice || facts.isLow else { continue }
            let shape: Shape = facts.isOffice ? .square : facts.slot == .noon ? .diamond : facts.slot == .morning ? .filled : .hollow
            points.append(Point(
                time: Double(reading.takenAt.localSeconds), systolic: pressure.systolic, diastolic: pressure.diastolic, shape: shape,
                low: facts.lowValues, hollow: facts.slot == .evening || facts.slot == .night, ringed: marks.rings(facts)))
        }
        self.points = points
        extent = lowest.map { ($0, highest!) }
        meanRuns = ChartMarks.runRanges(summary.dailyMeans, day: \.day.dayNumber).map { MeanRun(means: summary.dailyMeans[$0]) }
        let drawsPulse = showsPulse && kind == .pressure && !summary.dailyPulse.isEmpty
        pulseRuns = drawsPulse ? ChartMarks.runs(summary.dailyPulse.map { DayPulse(day: $0.day.dayNumber, pulse: $0.mean) }, day: \.day) : []
        weights = kind == .weight ? summary.readings.compactMap { reading in reading.weightKilograms.map { (Double(reading.takenAt.localSeconds), $0) } } : []
        let tags = summary.tagsByFrequency
        lanes = tags.prefix(ChartSection.maximumLanes).map { tag in
            Lane(
                label: document.tagLabels.label(of: tag), color: document.tagLabels.color(of: tag),
                times: LaneTimes(readings: summary.readings, tag: tag, days: days))
        }
        let hidden = tags.dropFirst(ChartSection.maximumLanes)
        hiddenTags = hidden.isEmpty ? nil : strings.text("chart.moreTags", ["n": String(hidden.count), "tags": strings.list(hidden.map(document.tagLabels.label(of:)))])
        events = summary.events.enumerated().filter { (firstDay...lastDay).contains($0.element.event.at.measurementDayNumber) }.map {
            EventMark(time: Double($0.element.event.at.localSeconds), number: String($0.offset + 1))
        }
        var legend = ChartSection.legend(summary, marks: marks, kind: kind, drawsPulse: drawsPulse, strings: strings)
        if let (first, last, count) = offChart {
            // Said beside the office marker, never left out without a word.
            let dates = first.takenAt.measurementDay == last.takenAt.measurementDay
                ? words.date(first.takenAt.measurementDay) : strings.text("cli.range.between", ["from": words.date(first.takenAt.measurementDay), "to": words.date(last.takenAt.measurementDay)])
            legend.append((strings.text(count == 1 ? "chart.offChart.one" : "chart.offChart", [
                "n": String(count), "dates": dates, "pressure": first.bloodPressure!.description, "days": String(reach),
            ]), .square))
        }
        self.legend = legend
        monthly = lastDay - firstDay + 1 > 120
        ticks = ChartSection.ticks(from: CivilDate(dayNumber: firstDay), to: CivilDate(dayNumber: lastDay), monthly: monthly, words: words)
    }

    /// The legend: the series, the markers, the rings, the reference lines, office and events.
    private static func legend(
        _ summary: BPSummary, marks: ChartMarks, kind: Kind, drawsPulse: Bool, strings: StringTable
    ) -> [(label: String, swatch: Swatch)] {
        if kind == .weight { return [(strings.text("weightTrend"), .weight)] }
        var entries: [(label: String, swatch: Swatch)] = [(strings.text("legendSystolic"), .systolic), (strings.text("legendDiastolic"), .diastolic)]
        if drawsPulse { entries.append((strings.text("legendPulse") + " (bpm)", .pulse)) }
        // Markers are drawn for each reading only up to the template's limit; past it, only lines.
        if marks.drawsEveryReading {
            entries.append((strings.text("morning"), .filled))
            if summary.periods[.noon]!.systolic.count > 0 { entries.append((strings.text("legendNoon"), .diamond)) }
            entries.append((strings.text("evening"), .hollow))
        }
        if let ring = marks.ring {
            let side = summary.goals.targetSource == .threshold ? "Threshold" : "Target"
            let key = ring == .atOrAboveTarget ? "chart.ring.atOrAbove\(side)" : "chart.ring.below\(side)"
            entries.append((strings.text(key, ["target": marks.target.description, "n": String(marks.ringedReadings)]), .ring))
        }
        for line in marks.lines {
            switch line.kind {
            case .threshold:
                entries.append((strings.text("threshold", ["target": line.level.description, "guideline": SummaryWording.thresholdSource(summary.goals, strings: strings)]), .line(.threshold)))
            case .target:
                entries.append((strings.text("chart.target", ["target": line.level.description]), .line(.target)))
            case .lowerLimit:
                // The line names where it comes from: ESH 2023's office floors at home, or pregnancy's.
                let key = switch summary.goals.lowerLimitSource {
                case .relaxed: "chart.lowerLimit.relaxed"
                case .pregnancy: "chart.lowerLimit.pregnancy"
                default: "chart.lowerLimit"
                }
                entries.append((strings.text(key, ["limit": line.level.description]), .line(.lowerLimit)))
            case .low:
                entries.append((strings.text("chart.low", ["limit": line.level.description]), .line(.low)))
            }
        }
        if summary.readings.contains(where: { $0.site == .office }) { entries.append((strings.text("legendOffice"), .square)) }
        if !summary.events.isEmpty { entries.append((strings.text("legendEvent"), .event)) }
        return entries
    }

    /// The days the axis labels: every day up to 16 days, Mondays up to 120, the first of each
    /// month up to two years, the first of each quarter beyond.
    private static func ticks(from first: CivilDate, to last: CivilDate, monthly: Bool, words: DocumentWords) -> [Tick] {
        let strings = words.strings
        let days = last.dayNumber - first.dayNumber + 1
        let short = strings.has("monthTickShort") && strings.has("yearTick")
        var ticks: [Tick] = []
        var day = first
        while day <= last {
            let isTick: Bool = switch days {
            case ...16: true
            case ...120: day.isoWeekday == 1
            case ...730: day.day == 1
            default: day.day == 1 && (day.month - 1) % 3 == 0
            }
            if isTick {
                if !monthly {
                    ticks.append(Tick(day: day.dayNumber, label: words.date(day), year: nil))
                } else if !short {
                    ticks.append(Tick(day: day.dayNumber, label: strings.monthLabel(day), year: nil))
                } else {
                    // A month's label names the month that follows its tick, so a year's twelve
                    // short names fit; the year goes on a row of its own, under the first month and each January.
                    let year = ticks.isEmpty || day.month == 1 ? strings.format(day, pattern: "yearTick") : nil
                    ticks.append(Tick(day: day.dayNumber, label: strings.format(day, pattern: "monthTickShort"), year: year))
                }
            }
            day = day.adding(days: 1)
        }
        return ticks
    }
}

extension SummaryDocument {
    /// The trend chart, with markers for each reading up to `barsUpTo` readings (past it, daily
    /// means and only the office and low readings marked), and pulse on its own axis when
    /// `showsPulse` and there is pulse.
    public func chart(barsUpTo: Int, showsPulse: Bool) -> ChartSection {
        ChartSection(self, barsUpTo: barsUpTo, showsPulse: showsPulse)
    }
}
