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
    /// Tag IDs whose definitions mark a protocol deviation (coffee, exercise).
    public var deviationTags: Set<String>
    /// True when the readings were filtered (by tag or period): then a count of medication days
    /// would describe the filter, not the person, and is left out.
    public var readingsFiltered = false

    public init(
        guideline: Guideline = .esh, bucketing: Bucketing? = nil, targetRange: ClosedRange<Int> = 110...130,
        deviationTags: Set<String> = Set(StatusTag.builtIns.filter(\.deviation).map(\.id))
    ) {
        self.guideline = guideline
        self.bucketing = bucketing
        self.targetRange = targetRange
        self.deviationTags = deviationTags
    }
}

/// Everything the doctor report and `stats` show about one profile over a range of
/// measurement days.
///
/// Home figures (the protocol average, the period table, variability, tag comparisons, the
/// trend table and events) use home readings only; office readings have their own figure.
public struct BPSummary: Sendable {
    /// One bucket of `--by day|week|month`.
    public struct Bucket: Sendable {
        public let key: String
        public let statistics: GroupStatistics
    }

    /// The mean of one measurement day, for sparklines and the chart.
    public struct DailyMean: Sendable {
        public let day: CivilDate
        public let systolic: Double
        public let diastolic: Double
        /// Readings averaged.
        public let count: Int

        /// The day's mean as a ``PressureMean``, shown and compared like every other mean.
        public var mean: PressureMean { PressureMean(count: count, systolic: systolic, diastolic: diastolic) }
    }

    /// The mean pulse of one measurement day's home readings.
    public struct DailyPulse: Sendable {
        public let day: CivilDate
        /// Beats per minute, unrounded.
        public let mean: Double
    }

    public let profile: Profile
    public let from: CivilDate
    public let to: CivilDate
    public let options: AnalysisOptions
    /// The threshold and the target.
    public let goals: Goals
    /// The readings in the range, home and office, in time order.
    public let readings: [Reading]
    /// The seated home readings in the range, in time order: a standing reading
    /// (``StandingReading``) is in no home figure, and is counted by ``orthostatic``.
    public let homeReadings: [Reading]
    /// The standing home readings of the range against their sessions' seated ones; nil without any.
    public let orthostatic: OrthostaticReadings?
    /// Statistics of the home readings.
    public let overall: GroupStatistics
    public let periods: [DayPeriod: GroupStatistics]
    /// Statistics of the home readings of each slot of the day (``ReadingSlot``): the evening
    /// slot's without the night readings that ``periods`` counts in the evening.
    public let slots: [ReadingSlot: GroupStatistics]
    public let buckets: [Bucket]?
    /// Mean arterial pressure: mean DBP + (mean SBP − mean DBP) / 3.
    public let meanArterialPressure: Double?
    /// Mean SBP − mean DBP.
    public let pulsePressure: Double?
    /// Share of home BP readings with SBP or DBP at or above the target, in percent.
    public let atOrAboveTargetPercent: Double?
    /// Home readings with blood pressure, and of those the ones at or above the target
    /// (``atOrAboveTargetPercent`` is their share).
    public let homePressureCount: Int
    public let atOrAboveTargetCount: Int
    /// Share of home BP readings whose SBP lies in ``AnalysisOptions/targetRange``, in percent.
    public let timeInTargetPercent: Double?
    /// Mean morning − mean evening over the whole range, when both periods have 6 readings or more
    /// (``ProtocolAverage/morningEveningMinimum``).
    public let morningEveningDifference: (systolic: Double, diastolic: Double)?
    public let protocolAverage: ProtocolAverage?
    /// The home average against the threshold and the target; nil without home BP readings.
    public let verdict: HomeVerdict?
    /// Days a log without a protocol week headlines: its last 8 weeks.
    public static let sparseHeadlineDays = 56
    /// The last 8 weeks, when the range is longer and has no protocol week: the headline mean is
    /// theirs, and page 1 asks for a 7-day series; nil otherwise.
    public let sparseSpan: ClosedRange<CivilDate>?
    /// The last 7 days, when they are too few for the protocol and an earlier complete week is
    /// the headline (``protocolAverage``) instead; nil otherwise.
    public let recentWeek: ProtocolAverage?
    /// How the protocol week behind the headline was measured; nil without one.
    public let weekQuality: WeekQuality?
    /// The office readings beside the home protocol average; nil without office readings.
    public let office: OfficeComparison?
    /// The home average reaches the guideline's threshold.
    public var hypertensive: Bool { verdict?.atOrAboveThreshold ?? false }

    /// The medication change (inside the headline week, or less than
    /// ``WeekQuality/settlingDays`` before it) that leaves the week too early to say controlled
    /// or uncontrolled: home BP is reassessed 2–4 weeks after a change (ESH 2023). nil when there
    /// is none, when the average is low (said whatever the change), or when a reading is to be
    /// seen now or the same day (``safety``), which waiting weeks would contradict.
    public var tooEarlyToJudge: Event? {
        guard safety == nil, let verdict, verdict.sufficient, !verdict.low else { return nil }
        return weekQuality?.medicationChange
    }
    public let tags: [TagComparison]
    /// A medication start, change or stop between the range's first and last home readings: the
    /// readings with a tag and without it then straddle a change of treatment, so no tag's
    /// difference is said; nil without one.
    public let tagConfounder: Event?
    public let alerts: [Alert]
    /// The ids of the readings with an alert, for marking them in a log.
    public let alertIDs: Set<String>
    /// Every tag ID on the range's readings, most frequent first (ties by id).
    public let tagsByFrequency: [String]
    public let weight: WeightSummary?
    /// Home daily means by measurement day.
    public let dailyMeans: [DailyMean]
    /// The home readings' mean pulse by measurement day, oldest first.
    public let dailyPulse: [DailyPulse]
    /// Week by week or month by month; nil without home BP readings.
    public let trend: TrendTable?
    /// Each event in the range with its before and after windows.
    public let events: [EventEffect]
    public let medicationDays: MedicationDays?
    /// The doses recorded against those the regimen schedules in the headline week (without
    /// one, the range's last 7 days); nil when no dose was recorded there with `took`.
    public let doseAdherence: DoseAdherence?
    public let notes: NotesDigest?
    public let findings: DeviceFindings?
    public let deviations: ProtocolDeviations?
    /// Deviations among the readings the headline protocol average is made of; nil without a
    /// protocol average or without deviations in it.
    public let headlineDeviations: ProtocolDeviations?
    /// The readings the headline protocol average is made of (0 without one).
    public let headlineReadings: Int
    /// Notes of dizziness or fainting in the headline period (its week and the recent days beside
    /// it, else the range); nil without any.
    public let symptomNotes: SymptomNotes?
    /// Notes of dizziness or fainting in the range before the headline period (an elderly
    /// patient's "dizzy when I stood up" three weeks ago still matters); nil without any, and
    /// without a headline week (``symptomNotes`` then covers the range).
    public let earlierSymptomNotes: SymptomNotes?
    /// Notes of palpitations (心悸, 心慌, "heart racing") in the same headline period; nil without any.
    public let palpitationNotes: SymptomNotes?
    /// Notes of palpitations in the range before the headline period, as ``earlierSymptomNotes``
    /// are of dizziness; nil without any, and without a headline week.
    public let earlierPalpitationNotes: SymptomNotes?
    /// Readings to see before any average: warning symptoms, or severe in a pregnancy; nil without any.
    public let safety: SafetyReadings?
    /// Falls and near falls noted in the range; nil without any.
    public let falls: FallNotes?
    /// True when a treated patient whose decided home figure is below the threshold has falls
    /// or dizziness or fainting (in the range), and the picture is low or frail: a low home
    /// figure (``HomeVerdict/low``), frailty or a relaxed target (``RelaxedTarget``), or an age
    /// of 80 or more (``deprescribingFromAge``). ESH 2023 and ESC 2024 ask then to consider
    /// deprescribing. An uncontrolled or provisional figure asks for no less treatment, and
    /// dizziness alone beside a figure just below the threshold asks for standing readings
    /// (``asksForStandingReadings``), not for less treatment.
    public let considerDeprescribing: Bool
    /// The age from which dizziness or a fall on treatment below the threshold is reason enough
    /// to consider deprescribing: 80 (ESH 2023's "very old", whose office target is 140–150
    /// systolic; ESC 2024 relaxes targets in older and frail patients).
    public static let deprescribingFromAge = 80
    /// True when a treated patient whose decided home figure is below the threshold noted
    /// dizziness or fainting without the low or frail picture deprescribing needs, and took no
    /// standing reading (``orthostatic``): page 1 asks for standing BP at 1 and 3 minutes
    /// (orthostatic hypotension: a fall of 20 systolic or 10 diastolic, ESH 2023) before
    /// treatment is changed, where it would otherwise have asked for less treatment.
    public let asksForStandingReadings: Bool
    /// Every medicine was stopped on purpose by the headline week's last day; nil otherwise.
    public let stop: TreatmentStop?
    /// Medicines stopped on purpose in the range, up to the headline week's last day, while
    /// another goes on (``TreatmentStop/partial(regimen:from:to:readings:)``), oldest first.
    public let stoppedAlone: [TreatmentStop]
    /// The medicines recorded with `med`, before the range too; empty without any.
    public let regimen: Regimen
    /// The completed weeks of a pregnancy on the range's last day; nil when not pregnant.
    public let pregnancyWeek: Int?
    /// The days of a pregnancy on the range's last day (223 is 31+6 weeks); nil when not pregnant.
    public let gestationalDays: Int?
    /// Home BP risen across the range in a pregnancy; nil otherwise.
    public let pregnancyRise: PregnancyRise?
    /// Atrial fibrillation known or flagged; nil otherwise.
    public let atrialFibrillation: AtrialFibrillation?
    /// A slow pulse (below 50) over the headline week; nil otherwise.
    public let bradycardia: Bradycardia?
    /// A new monitor shortly before or inside the headline week; nil otherwise.
    public let monitorChange: MonitorChange?

    /// The readings each morning and evening session asks for: the protocol's 2, or in atrial
    /// fibrillation, known or flagged, at least 3 (ESH 2023).
    public var readingsAskedPerSession: Int {
        atrialFibrillation == nil ? ProtocolWeek.readingsPerSlot : AtrialFibrillation.readingsPerSession
    }
    /// Uncontrolled on three classes with a diuretic; nil otherwise.
    public let resistant: ResistantHypertension?

    /// The target readings are counted against: the profile's, or the guideline's threshold.
    public var target: BloodPressure { goals.target }

    /// Summarises `readings` of `profile` from `from` to `to` (measurement days, inclusive).
    ///
    /// Readings may arrive in any order and may include ones outside the range: the event
    /// windows reach 28 days before and 35 days after an event. A nil bound means the first or
    /// last reading's day. `regimen` is every medicine recorded with `med`, before the range
    /// too; without it, the one the range's events make. `careEvents` are the profile's
    /// medication and monitor events before the range too (a new monitor days before it, a
    /// change whose windows reach into the range's); without them, the range's events.
    public init(
        profile: Profile, readings: [Reading], from: CivilDate? = nil, to: CivilDate? = nil,
        options: AnalysisOptions = AnalysisOptions(), events: [Event] = [], regimen: Regimen? = nil, careEvents: [Event]? = nil,
        doses: [Event] = [], catalogue: MedicineCatalogue = .empty
    ) {
        var sorted = readings
        // Readings from the store arrive in order and all belong to the profile: copy only when needed.
        if !sorted.allSatisfy({ $0.profileID == profile.id }) { sorted = sorted.filter { $0.profileID == profile.id } }
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.takenAt > $1.takenAt }) {
            // Ties keep their given order, so equal inputs give equal results.
            sorted = sorted.enumerated().sorted { ($0.element.takenAt, $0.offset) < ($1.element.takenAt, $1.offset) }.map(\.element)
        }
        // The earliest and latest measurement days, not the days of the first and last instants:
        // with several UTC offsets a later instant can belong to an earlier day.
        var earliest: Int?
        var latest: Int?
        for reading in sorted {
            let day = reading.takenAt.measurementDayNumber
            earliest = Swift.min(earliest ?? day, day)
            latest = Swift.max(latest ?? day, day)
        }
        let first = from ?? earliest.map(CivilDate.init(dayNumber:)) ?? to ?? CivilDate(dayNumber: 0)
        let last = to ?? latest.map(CivilDate.init(dayNumber:)) ?? first
        let days = first.dayNumber...last.dayNumber
        let inRange = sorted.allSatisfy({ days.contains($0.takenAt.measurementDayNumber) })
            ? sorted : sorted.filter { days.contains($0.takenAt.measurementDayNumber) }
        // Home BP is seated: a standing reading is read against its session, never averaged (``StandingReading``).
        let seated = { (reading: Reading) in reading.isHome && !StandingReading.isStanding(reading) }
        let home = inRange.allSatisfy(seated) ? inRange : inRange.filter(seated)
        self.profile = profile
        self.from = first
        self.to = last
        self.options = options
        // The last 7 days incomplete: the last complete week is the headline, the recent days beside it.
        var average = ProtocolAverage(home, from: first, sleep: profile.sleep)
        if let recent = average, !recent.sufficient,
            let complete = ProtocolAverage.lastSufficient(home, from: first, before: recent.excludedDay.adding(days: 1), sleep: profile.sleep)
        {
            recentWeek = recent
            average = complete
        } else {
            recentWeek = nil
        }
        // Treated: a medicine of the care record is taken on the headline week's last day (the
        // range's, without a week), or the week holds bp-med readings (without a week, the range does).
        let care = (careEvents ?? events).filter { $0.profileID == profile.id }
        let regimen = regimen ?? Regimen(events: care, catalogue: .empty)
        let treatedWeek = average.map { $0.excludedDay.dayNumber...$0.lastDay.dayNumber }
        let doses = doses.filter { $0.profileID == profile.id && $0.kind == .dose && days.contains($0.at.measurementDayNumber) }
        let treated = !regimen.taken(on: average?.lastDay ?? last).isEmpty
            || home.contains { $0.recordsMedication && (treatedWeek?.contains($0.takenAt.measurementDayNumber) ?? true) }
            || doses.contains { treatedWeek?.contains($0.at.measurementDayNumber) ?? true }
        goals = Goals(profile: profile, guideline: options.guideline, treated: treated, on: last)
        self.readings = inRange
        homeReadings = home
        orthostatic = OrthostaticReadings(inRange)
        // One pass, sums only: no list of indices per group, which at a million readings held
        // as many words again as the readings have; groups in arrays, with no hashing per reading.
        var all = GroupStatistics.Accumulator()
        let periodOrder: [DayPeriod] = [.morning, .noon, .evening]
        var byPeriod = [GroupStatistics.Accumulator](repeating: .init(), count: periodOrder.count)
        var bySlot = [GroupStatistics.Accumulator](repeating: .init(), count: ReadingSlot.allCases.count)
        var bucketOrder: [String] = []
        var byBucket: [String: GroupStatistics.Accumulator] = [:]
        var lastBucketDay: Int?
        var lastKey = ""
        for (index, reading) in home.enumerated() {
            all.add(reading, at: index)
            // A shift worker's morning and evening follow her sleep, as her protocol week does.
            let slot = ReadingSlot(reading, sleep: profile.sleep)
            byPeriod[periodOrder.firstIndex(of: slot.period)!].add(reading, at: index)
            bySlot[ReadingSlot.allCases.firstIndex(of: slot)!].add(reading, at: index)
            if let bucketing = options.bucketing {
                let day = reading.takenAt.measurementDayNumber
                if day != lastBucketDay {
                    lastKey = bucketing.key(for: CivilDate(dayNumber: day))
                    lastBucketDay = day
                }
                if byBucket[lastKey] == nil { bucketOrder.append(lastKey) }
                byBucket[lastKey, default: GroupStatistics.Accumulator()].add(reading, at: index)
            }
        }
        overall = GroupStatistics(all, in: home)
        periods = Dictionary(uniqueKeysWithValues: zip(periodOrder, byPeriod.map { GroupStatistics($0, in: home) }))
        slots = Dictionary(uniqueKeysWithValues: zip(ReadingSlot.allCases, bySlot.map { GroupStatistics($0, in: home) }))
        buckets = options.bucketing.map { _ in bucketOrder.map { Bucket(key: $0, statistics: GroupStatistics(byBucket[$0]!, in: home)) } }
        let goals = goals
        if let systolic = overall.systolic.mean, let diastolic = overall.diastolic.mean {
            meanArterialPressure = diastolic + (systolic - diastolic) / 3
            pulsePressure = systolic - diastolic
            var count = 0
            var atOrAbove = 0
            var inBand = 0
            for reading in home {
                guard let pressure = reading.bloodPressure else { continue }
                count += 1
                if pressure.isAtOrAbove(goals.target) { atOrAbove += 1 }
                if options.targetRange.contains(pressure.systolic) { inBand += 1 }
            }
            atOrAboveTargetPercent = Double(atOrAbove) / Double(count) * 100
            timeInTargetPercent = Double(inBand) / Double(count) * 100
            homePressureCount = count
            atOrAboveTargetCount = atOrAbove
        } else {
            meanArterialPressure = nil
            pulsePressure = nil
            atOrAboveTargetPercent = nil
            timeInTargetPercent = nil
            homePressureCount = 0
            atOrAboveTargetCount = 0
        }
        if let morning = periods[.morning], let evening = periods[.evening],
            ProtocolAverage.morningEveningComparable(morning: morning.systolic.count, evening: evening.systolic.count),
            let morningSystolic = morning.systolic.mean, let eveningSystolic = evening.systolic.mean,
            let morningDiastolic = morning.diastolic.mean, let eveningDiastolic = evening.diastolic.mean
        {
            morningEveningDifference = (morningSystolic - eveningSystolic, morningDiastolic - eveningDiastolic)
        } else {
            morningEveningDifference = nil
        }
        protocolAverage = average
        // The headline period: the week from its dropped first day, with the recent days beside it.
        let recentLast = recentWeek?.lastDay
        symptomNotes = SymptomNotes(inRange, from: average?.excludedDay ?? first, to: average.map { recentLast ?? $0.lastDay } ?? last)
        earlierSymptomNotes = average.flatMap { $0.excludedDay > first ? SymptomNotes(inRange, from: first, to: $0.excludedDay.adding(days: -1)) : nil }
        palpitationNotes = SymptomNotes(
            inRange, from: average?.excludedDay ?? first, to: average.map { recentLast ?? $0.lastDay } ?? last, symptom: .palpitations)
        earlierPalpitationNotes = average.flatMap {
            $0.excludedDay > first ? SymptomNotes(inRange, from: first, to: $0.excludedDay.adding(days: -1), symptom: .palpitations) : nil
        }
        // Without a protocol week, a long sparse log headlines its recent weeks, not a year's mean.
        if average == nil, last.dayNumber - first.dayNumber >= BPSummary.sparseHeadlineDays {
            let recent = (last.dayNumber - BPSummary.sparseHeadlineDays + 1)...last.dayNumber
            var weeks = GroupStatistics.Accumulator()
            for (index, reading) in home.enumerated() where reading.bloodPressure != nil && recent.contains(reading.takenAt.measurementDayNumber) {
                weeks.add(reading, at: index)
            }
            sparseSpan = weeks.count == 0 ? nil : CivilDate(dayNumber: recent.lowerBound)...last
            verdict = HomeVerdict(protocolAverage: nil, overall: weeks.count == 0 ? overall : GroupStatistics(weeks, in: home), goals: goals)
        } else {
            sparseSpan = nil
            verdict = HomeVerdict(protocolAverage: average, overall: overall, goals: goals)
        }
        // The profile's medication events, found once for the week, the office visit and adherence.
        let medicationEvents = events.filter { $0.profileID == profile.id && $0.kind == .medication }
        // A change before the range still makes its week too early to judge: the week's verdict
        // never depends on where the range starts.
        let careChanges = care.filter { $0.kind == .medication }
        weekQuality = average.map { WeekQuality(average: $0, home: home, medicationEvents: careChanges, sleep: profile.sleep) }
        office = OfficeComparison(
            inRange, home: average, guideline: options.guideline, treated: treated,
            medicationDays: medicationEvents.map { CivilDate(dayNumber: $0.at.measurementDayNumber) }.sorted(),
            target: goals.targetSource == .profile ? goals.target : nil, pregnant: goals.pregnant)
        tags = TagComparison.compare(home)
        let homeDays = home.first.map { $0.takenAt.measurementDayNumber }.flatMap { first in home.last.map { first...$0.takenAt.measurementDayNumber } }
        tagConfounder = homeDays.flatMap { days in
            events.filter { $0.profileID == profile.id && $0.kind == .medication }.sorted { $0.at < $1.at }
                .first { $0.at.measurementDayNumber > days.lowerBound && $0.at.measurementDayNumber <= days.upperBound }
        }
        alerts = Alert.find(in: inRange, guideline: options.guideline, profile: profile)
        safety = SafetyReadings(inRange, alerts: alerts, pregnantOn: profile.isPregnant(on:))
        falls = FallNotes(inRange)
        pregnancyWeek = profile.pregnancyWeek(on: last)
        gestationalDays = profile.gestationalDays(on: last)
        pregnancyRise = PregnancyRise(home: home, from: first, average: average, pregnant: goals.pregnant)
        self.regimen = regimen
        let headlineLast = average?.lastDay ?? last
        stop = TreatmentStop(regimen: regimen, on: headlineLast, readings: sorted)
        stoppedAlone = TreatmentStop.partial(regimen: regimen, from: first, to: headlineLast, readings: sorted)
        // Deprescribing needs a low or frail picture, never dizziness alone beside a figure just below the threshold.
        let age = profile.age(on: headlineLast)
        let treatedBelowThreshold = (treated || !regimen.taken(on: headlineLast).isEmpty)
            && verdict.map { $0.sufficient && !$0.atOrAboveThreshold } == true
        let lowOrFrail = verdict?.low == true || goals.relaxed != nil || age.map { $0 >= BPSummary.deprescribingFromAge } == true
        considerDeprescribing = treatedBelowThreshold && (falls != nil || symptomNotes != nil || earlierSymptomNotes != nil) && lowOrFrail
        asksForStandingReadings = treatedBelowThreshold && (symptomNotes != nil || earlierSymptomNotes != nil) && !lowOrFrail && orthostatic == nil
        alertIDs = Set(alerts.map(\.id))
        tagsByFrequency = TagComparison.byFrequency(inRange)
        weight = WeightSummary(inRange)
        dailyMeans = BPSummary.dailyMeans(home)
        dailyPulse = BPSummary.dailyPulse(home)
        trend = TrendTable(home, from: first, to: last)
        // A change from 13 days before the headline week's dropped first day on is too recent to judge.
        let settledFrom = average.map { $0.excludedDay.adding(days: 1 - WeekQuality.settlingDays) }
        self.events = events.filter { $0.profileID == profile.id && days.contains($0.at.measurementDayNumber) }
            .sorted { $0.at < $1.at }.map { EventEffect(event: $0, readings: sorted, others: care, tooEarlyFrom: settledFrom, sleep: profile.sleep) }
        medicationDays = options.readingsFiltered ? nil : MedicationDays(inRange, medicationEvents: medicationEvents, regimen: regimen, doses: doses)
        // Adherence over the headline week (without one, the range's last 7 days).
        let adherenceLast = average?.lastDay ?? last
        let adherenceFirst = average.map { $0.excludedDay.adding(days: 1) } ?? max(first, last.adding(days: -6))
        doseAdherence = options.readingsFiltered
            ? nil : DoseAdherence(regimen: regimen, doses: doses, readings: inRange, from: adherenceFirst, to: adherenceLast, catalogue: catalogue)
        notes = NotesDigest(inRange)
        findings = DeviceFindings(inRange)
        let weekDays = average.map { ($0.excludedDay.dayNumber + 1)...$0.lastDay.dayNumber }
        let weekHome = weekDays.map { days in home.filter { days.contains($0.takenAt.measurementDayNumber) } }
        atrialFibrillation = AtrialFibrillation(profile: profile, findings: findings, rangePulse: overall.pulse.mean, week: weekHome ?? [])
        bradycardia = Bradycardia(headline: weekHome ?? home, week: weekHome != nil, range: inRange, regimen: regimen, on: headlineLast)
        monitorChange = MonitorChange(
            events: care, from: average?.excludedDay ?? first, to: average?.lastDay ?? last)
        resistant = ResistantHypertension(regimen: regimen, on: headlineLast, verdict: verdict)
        deviations = ProtocolDeviations(inRange, deviationTags: options.deviationTags)
        if let average {
            let used = home.filter { reading in
                let day = reading.takenAt.measurementDayNumber
                return reading.bloodPressure != nil && ProtocolAverage.averages(reading, sleep: profile.sleep) && day > average.excludedDay.dayNumber
                    && day >= average.firstDay.dayNumber && day <= average.lastDay.dayNumber
            }
            headlineReadings = used.count
            headlineDeviations = ProtocolDeviations(used, deviationTags: options.deviationTags)
        } else {
            headlineReadings = 0
            headlineDeviations = nil
        }
    }

    /// The mean pulse of each measurement day with a pulse, oldest first.
    private static func dailyPulse(_ readings: [Reading]) -> [DailyPulse] {
        var sums = DaySums()
        for reading in readings {
            guard let pulse = reading.pulse else { continue }
            sums.add(day: reading.takenAt.measurementDayNumber, pulse)
        }
        return sums.merged().map { DailyPulse(day: CivilDate(dayNumber: $0.day), mean: Double($0.first) / Double($0.count)) }
    }

    /// The home pulse of the measurement day `day`, or nil when it has none.
    public func dailyPulse(on day: CivilDate) -> Double? { Self.entry(on: day, in: dailyPulse) { $0.day }?.mean }

    /// The mean of each measurement day with BP readings, oldest first.
    private static func dailyMeans(_ readings: [Reading]) -> [DailyMean] {
        var sums = DaySums()
        for reading in readings {
            guard let pressure = reading.bloodPressure else { continue }
            sums.add(day: reading.takenAt.measurementDayNumber, pressure.systolic, pressure.diastolic)
        }
        return sums.merged().map { entry in
            DailyMean(
                day: CivilDate(dayNumber: entry.day), systolic: Double(entry.first) / Double(entry.count),
                diastolic: Double(entry.second) / Double(entry.count), count: entry.count)
        }
    }

    /// The home mean of the measurement day `day`, or nil when it has no home BP reading.
    public func dailyMean(on day: CivilDate) -> PressureMean? { Self.entry(on: day, in: dailyMeans) { $0.day }?.mean }

    /// The entry of `day` in `entries`, which are in day order (one per day), found by halving.
    private static func entry<Entry>(on day: CivilDate, in entries: [Entry], day dayOf: (Entry) -> CivilDate) -> Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if dayOf(entries[middle]) < day { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && dayOf(entries[low]) == day ? entries[low] : nil
    }

    /// Morning minus evening over the range, from the period means as printed (whole mmHg), so
    /// it always equals the difference of the figures shown beside it.
    public var shownMorningEveningDifference: (systolic: Double, diastolic: Double)? {
        guard let morning = periods[.morning], let evening = periods[.evening],
            ProtocolAverage.morningEveningComparable(morning: morning.systolic.count, evening: evening.systolic.count),
            let ms = morning.systolic.mean, let es = evening.systolic.mean, let md = morning.diastolic.mean, let ed = evening.diastolic.mean
        else { return nil }
        return (Double(Figures.rounded(ms) - Figures.rounded(es)), Double(Figures.rounded(md) - Figures.rounded(ed)))
    }

    /// True when the range holds no reading at all.
    public var isEmpty: Bool { readings.isEmpty }
}

/// Sums of one or two values per measurement day, given readings in time order, with no table
/// of days: a day's readings are (almost always) adjacent, so a run of one day is one entry,
/// and a day that comes back (a later instant in an earlier day, under another UTC offset) is
/// merged after a sort. Sums are whole numbers, so the order of adding never shows.
private struct DaySums {
    typealias Entry = (day: Int, first: Int, second: Int, count: Int)
    private var runs: [Entry] = []
    private var ordered = true

    mutating func add(day: Int, _ first: Int, _ second: Int = 0) {
        if let last = runs.last {
            if last.day == day {
                runs[runs.count - 1].first += first
                runs[runs.count - 1].second += second
                runs[runs.count - 1].count += 1
                return
            }
            if last.day > day { ordered = false }
        }
        runs.append((day, first, second, 1))
    }

    /// One entry per day, oldest first.
    func merged() -> [Entry] {
        guard !ordered else { return runs }
        var days: [Entry] = []
        for run in runs.sorted(by: { $0.day < $1.day }) {
            if let last = days.last, last.day == run.day {
                days[days.count - 1].first += run.first
                days[days.count - 1].second += run.second
                days[days.count - 1].count += run.count
            } else {
                days.append(run)
            }
        }
        return days
    }
}
