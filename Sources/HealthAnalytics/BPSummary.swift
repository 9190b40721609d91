public import HealthCore

/// How `stats --by` groups readings beyond the periods.
public enum Bucketing: String, CaseIterable, Sendable {
    case day, week, month

    /// `2026-03-04`, `2026-W10` or `2026-03`.
    public func key(for date: CivilDate) -> String {
        switch self {
        case .day: return date.description
        case .week:
            let (year, week) = date.isoWeek
            return "\(year)-W\(week < 10 ? "0" : "")\(week)"
        case .month: return String(date.description.prefix(7))
        }
    }
}

/// What to compute beyond the defaults.
public struct AnalysisOptions: Sendable {
    public var guideline: Guideline
    public var bucketing: Bucketing?
    /// The systolic band for time in target range, 110–130 by default.
    public var targetRange: ClosedRange<Int>

    public init(guideline: Guideline = .esh, bucketing: Bucketing? = nil, targetRange: ClosedRange<Int> = 110...130) {
        self.guideline = guideline
        self.bucketing = bucketing
        self.targetRange = targetRange
    }
}

/// Everything the doctor report and `stats` show about one profile over a range of days.
public struct BPSummary: Sendable {
    /// One bucket of `--by day|week|month`.
    public struct Bucket: Sendable {
        public let key: String
        public let statistics: GroupStatistics
    }

    /// The mean of one local day, for sparklines and the chart.
    public struct DailyMean: Sendable {
        public let day: CivilDate
        public let systolic: Double
        public let diastolic: Double
    }

    public let profile: Profile
    public let from: CivilDate
    public let to: CivilDate
    public let options: AnalysisOptions
    /// The readings in the range, in time order.
    public let readings: [Reading]
    public let overall: GroupStatistics
    public let periods: [DayPeriod: GroupStatistics]
    public let buckets: [Bucket]?
    /// Mean arterial pressure: mean DBP + (mean SBP − mean DBP) / 3.
    public let meanArterialPressure: Double?
    /// Mean SBP − mean DBP.
    public let pulsePressure: Double?
    /// Share of BP readings with SBP or DBP at or above the target, in percent.
    public let aboveTargetPercent: Double?
    /// Share of BP readings whose SBP lies in ``AnalysisOptions/targetRange``, in percent.
    public let timeInTargetPercent: Double?
    /// Mean morning − mean evening, when both periods have readings.
    public let morningEveningDifference: (systolic: Double, diastolic: Double)?
    public let protocolAverage: ProtocolAverage?
    /// The protocol average (or, without one, the overall mean) reaches the home threshold.
    public let hypertensive: Bool
    public let tags: [TagComparison]
    public let alerts: [Alert]
    /// The ids of the readings with an alert, for marking them in a log.
    public let alertIDs: Set<String>
    /// Every tag ID on the range's readings, most frequent first (ties by id).
    public let tagsByFrequency: [String]
    public let weight: WeightSummary?
    public let dailyMeans: [DailyMean]

    /// The profile's target.
    public var target: BloodPressure { profile.target }

    /// Summarises `readings` of `profile` from `from` to `to` (local days, inclusive).
    ///
    /// Readings may arrive in any order and may include ones outside the range;
    /// a nil bound means the first or last reading's day.
    public init(profile: Profile, readings: [Reading], from: CivilDate? = nil, to: CivilDate? = nil, options: AnalysisOptions = AnalysisOptions()) {
        var sorted = readings
        // Readings from the store arrive in order and all belong to the profile: copy only when needed.
        if !sorted.allSatisfy({ $0.profileID == profile.id }) { sorted = sorted.filter { $0.profileID == profile.id } }
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.takenAt > $1.takenAt }) {
            // Ties keep their given order, so equal inputs give equal results.
            sorted = sorted.enumerated().sorted { ($0.element.takenAt, $0.offset) < ($1.element.takenAt, $1.offset) }.map(\.element)
        }
        let first = from ?? sorted.first?.takenAt.localDate ?? to ?? CivilDate(dayNumber: 0)
        let last = to ?? sorted.last?.takenAt.localDate ?? first
        let days = first.dayNumber...last.dayNumber
        let inRange = sorted.allSatisfy({ days.contains($0.takenAt.localDayNumber) })
            ? sorted : sorted.filter { days.contains($0.takenAt.localDayNumber) }
        self.profile = profile
        self.from = first
        self.to = last
        self.options = options
        self.readings = inRange
        overall = GroupStatistics(inRange)
        var periodIndices: [[Int]] = [[], [], []]
        let ordinal: [DayPeriod: Int] = [.morning: 0, .noon: 1, .evening: 2]
        for (index, reading) in inRange.enumerated() {
            periodIndices[ordinal[reading.period]!].append(index)
        }
        periods = ordinal.mapValues { GroupStatistics(inRange, periodIndices[$0]) }
        buckets = options.bucketing.map { bucketing in
            var order: [String] = []
            var groups: [String: [Int]] = [:]
            var lastDay: CivilDate?
            var lastKey = ""
            for (index, reading) in inRange.enumerated() {
                let day = reading.takenAt.localDate
                if day != lastDay {
                    lastKey = bucketing.key(for: day)
                    lastDay = day
                }
                if groups[lastKey] == nil { order.append(lastKey) }
                groups[lastKey, default: []].append(index)
            }
            return order.map { Bucket(key: $0, statistics: GroupStatistics(inRange, groups[$0]!)) }
        }
        let pressures = inRange.compactMap(\.bloodPressure)
        if let systolic = overall.systolic.mean, let diastolic = overall.diastolic.mean {
            meanArterialPressure = diastolic + (systolic - diastolic) / 3
            pulsePressure = systolic - diastolic
            let target = profile.target
            let above = pressures.filter { $0.isAtOrAbove(target) }.count
            aboveTargetPercent = Double(above) / Double(pressures.count) * 100
            let inBand = pressures.filter { options.targetRange.contains($0.systolic) }.count
            timeInTargetPercent = Double(inBand) / Double(pressures.count) * 100
        } else {
            meanArterialPressure = nil
            pulsePressure = nil
            aboveTargetPercent = nil
            timeInTargetPercent = nil
        }
        if let morning = periods[.morning], let evening = periods[.evening],
            let morningSystolic = morning.systolic.mean, let eveningSystolic = evening.systolic.mean,
            let morningDiastolic = morning.diastolic.mean, let eveningDiastolic = evening.diastolic.mean
        {
            morningEveningDifference = (morningSystolic - eveningSystolic, morningDiastolic - eveningDiastolic)
        } else {
            morningEveningDifference = nil
        }
        let average = ProtocolAverage(inRange, from: first)
        protocolAverage = average
        let threshold = options.guideline.homeThreshold(target: profile.target)
        if let average {
            hypertensive = average.systolic >= Double(threshold.systolic) || average.diastolic >= Double(threshold.diastolic)
        } else if let systolic = overall.systolic.mean, let diastolic = overall.diastolic.mean {
            hypertensive = systolic >= Double(threshold.systolic) || diastolic >= Double(threshold.diastolic)
        } else {
            hypertensive = false
        }
        tags = TagComparison.compare(inRange)
        alerts = Alert.find(in: inRange, guideline: options.guideline)
        alertIDs = Set(alerts.map(\.id))
        tagsByFrequency = TagComparison.byFrequency(inRange)
        weight = WeightSummary(inRange)
        // Readings are in time order, so a day's readings are (almost always) adjacent.
        var daily: [(day: Int, systolic: Int, diastolic: Int, count: Int)] = []
        var slotOfDay: [Int: Int] = [:]
        for reading in inRange {
            guard let pressure = reading.bloodPressure else { continue }
            let day = reading.takenAt.localDayNumber
            let slot: Int
            if let last = daily.last, last.day == day {
                slot = daily.count - 1
            } else if let existing = slotOfDay[day] {
                slot = existing
            } else {
                slot = daily.count
                slotOfDay[day] = slot
                daily.append((day, 0, 0, 0))
            }
            daily[slot].systolic += pressure.systolic
            daily[slot].diastolic += pressure.diastolic
            daily[slot].count += 1
        }
        dailyMeans = daily.sorted { $0.day < $1.day }.map { entry in
            DailyMean(
                day: CivilDate(dayNumber: entry.day), systolic: Double(entry.systolic) / Double(entry.count),
                diastolic: Double(entry.diastolic) / Double(entry.count))
        }
    }

    /// True when the range holds no reading at all.
    public var isEmpty: Bool { readings.isEmpty }
}
