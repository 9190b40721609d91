import HealthAnalytics
public import HealthCore

/// What the trend chart marks besides its lines, decided once from the summary: the chart draws
/// it, its legend names it, and a caller can read it without looking at pixels.
///
/// - Rings mark the exceptions only: the home readings at or above the target when they are at
///   most ``exceptionShare`` of the home readings, or those below it when those are; nothing
///   when the readings are split more evenly (the target line shows the split) or all on one
///   side. Office readings are never ringed: the home target is not theirs.
/// - A value below 90/60 (``Alert/lowLimit``) is drawn as a downward triangle, filled in the
///   morning and hollow in the evening, even where the chart draws only lines, so a low reading
///   shows in black and white.
/// - The daily-mean lines break across gaps of more than ``longestBridgedGap`` days.
/// - The reference lines: the home threshold; the target when it differs; the lower limit of
///   the target band when the summary uses one above 90/60 (a treated patient); and 90/60. A
///   lower line is drawn for a series only where its readings come within ``lowerLineReach`` of
///   it: a band's floor far below every reading would only cross the other series.
public struct ChartMarks: Equatable, Sendable {
    /// What a ring around a marker says.
    public enum Ring: String, Sendable {
        /// The ringed readings are at or above the target (their higher numbers are ringed).
        case atOrAboveTarget
        /// The ringed readings are below the target on both numbers.
        case belowTarget
    }

    /// A horizontal line across the plot, one for systolic and one for diastolic.
    public struct ReferenceLine: Equatable, Sendable {
        public enum Kind: String, Sendable {
            /// The guideline's home threshold (dashed).
            case threshold
            /// The profile's target or the top of ESC 2024's treated band (dotted).
            case target
            /// The bottom of the target band for a treated patient (dotted, as the target).
            case lowerLimit
            /// 90/60: a reading below it is low (dash-dot).
            case low
        }

        public let kind: Kind
        public let level: BloodPressure
        /// The systolic line is drawn.
        public let systolic: Bool
        /// The diastolic line is drawn.
        public let diastolic: Bool
    }

    /// How near (mmHg) a series must come to a lower line for it to be drawn.
    public static let lowerLineReach = 10

    /// The most a side may hold, as a share of the home readings, to be ringed as the exception.
    public static let exceptionShare = 0.25

    /// The most days between two daily means that a line still joins.
    public static let longestBridgedGap = 4

    /// True when every reading gets its own markers; false when there are too many and the
    /// chart draws daily means (and only office and low readings as markers).
    public let drawsEveryReading: Bool
    /// What the rings mark, or nil when nothing is ringed.
    public let ring: Ring?
    /// The readings ringed.
    public let ringedReadings: Int
    /// The values (systolic or diastolic) drawn as low triangles.
    public let lowValues: Int
    /// The reference lines, top first.
    public let lines: [ReferenceLine]
    /// The level the rings are read against: the target (the threshold when none is set).
    public let target: BloodPressure
    /// The days each unbroken stretch of the daily-mean lines spans, in order: the line breaks
    /// where more than ``longestBridgedGap`` days separate two days with readings.
    public let meanLines: [ClosedRange<CivilDate>]

    /// The marks of `summary`'s chart, whose markers are drawn for each reading up to `barsUpTo`
    /// readings with blood pressure (the template's limit).
    init(_ summary: BPSummary, barsUpTo: Int) {
        let goals = summary.goals
        target = goals.target
        let pressureCount = summary.overall.systolic.count + (summary.office?.office.count ?? 0)
        drawsEveryReading = pressureCount <= barsUpTo
        // The home readings at or above the target, counted once by the summary.
        let home = summary.homePressureCount
        let reaching = summary.atOrAboveTargetCount
        var low = 0
        var lowest = (systolic: Int.max, diastolic: Int.max)
        // Standing readings are not drawn (``ChartSection``): they set no low triangle nor lower line.
        for reading in summary.readings {
            guard let pressure = reading.bloodPressure, !StandingReading.isStanding(reading) else { continue }
            lowest = (min(lowest.systolic, pressure.systolic), min(lowest.diastolic, pressure.diastolic))
            let lows = Alert.lowValues(pressure)
            low += (lows.systolic ? 1 : 0) + (lows.diastolic ? 1 : 0)
        }
        lowValues = low
        let limit = Double(home) * ChartMarks.exceptionShare
        if !drawsEveryReading || home == 0 {
            ring = nil
        } else if reaching > 0 && Double(reaching) <= limit {
            ring = .atOrAboveTarget
        } else if home - reaching > 0 && Double(home - reaching) <= limit {
            ring = .belowTarget
        } else {
            ring = nil
        }
        ringedReadings = switch ring {
        case .atOrAboveTarget: reaching
        case .belowTarget: home - reaching
        case nil: 0
        }
        var lines = [ReferenceLine(kind: .threshold, level: goals.threshold, systolic: true, diastolic: true)]
        // ESC 2024's treated band (120–129/70–79) is an office target: over home readings the
        // chart draws the home threshold, the home target, and never the office band.
        let officeBand = goals.targetSource == .treatedBand
        if goals.hasOwnTarget, !officeBand { lines.append(ReferenceLine(kind: .target, level: goals.target, systolic: true, diastolic: true)) }
        var lower = [(ReferenceLine.Kind.low, Alert.lowLimit)]
        if goals.lowerLimit != Alert.lowLimit, !officeBand { lower.insert((.lowerLimit, goals.lowerLimit), at: 0) }
        for (kind, level) in lower {
            let line = ReferenceLine(
                kind: kind, level: level, systolic: lowest.systolic < level.systolic + ChartMarks.lowerLineReach,
                diastolic: lowest.diastolic < level.diastolic + ChartMarks.lowerLineReach)
            if line.systolic || line.diastolic { lines.append(line) }
        }
        self.lines = lines
        meanLines = ChartMarks.runRanges(summary.dailyMeans, day: \.day.dayNumber).map {
            summary.dailyMeans[$0.lowerBound].day...summary.dailyMeans[$0.upperBound - 1].day
        }
    }

    /// Items in day order cut where more than ``longestBridgedGap`` days separate two of them.
    static func runs<Item>(_ items: [Item], day: (Item) -> Int) -> [[Item]] {
        runRanges(items, day: day).map { Array(items[$0]) }
    }

    /// The index ranges of ``runs(_:day:)``.
    static func runRanges<Item>(_ items: [Item], day: (Item) -> Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in items.indices.dropFirst() where day(items[index]) - day(items[index - 1]) > longestBridgedGap {
            ranges.append(start..<index)
            start = index
        }
        if !items.isEmpty { ranges.append(start..<items.count) }
        return ranges
    }

    /// Which of a reading's two markers carry a ring, from its facts.
    func rings(_ facts: ReadingFacts) -> (systolic: Bool, diastolic: Bool) {
        guard !facts.isOffice, let ring else { return (false, false) }
        switch ring {
        case .atOrAboveTarget: return facts.reachesTarget
        case .belowTarget: return facts.atOrAboveTarget ? (false, false) : (true, true)
        }
    }
}
