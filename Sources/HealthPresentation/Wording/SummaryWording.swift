public import HealthAnalytics
public import HealthCore

/// The sentences a summary's figures are stated in, in one place for `stats` and the report,
/// in the string table's language. Each returns nil when its figure does not apply.
public struct SummaryWording: Sendable {
    public let summary: BPSummary
    public let strings: StringTable
    /// A tag ID's label in the table's language.
    public let tagLabel: @Sendable (String) -> String

    public init(summary: BPSummary, strings: StringTable, tagLabel: @escaping @Sendable (String) -> String) {
        self.summary = summary
        self.strings = strings
        self.tagLabel = tagLabel
    }

    /// `key`, or its `.shifted` variant for a shift worker (``SleepHours/isShifted``), whose
    /// morning is on waking and evening before sleep: said wherever page 1 names a morning or
    /// evening figure, not only in the header ("Morning (on waking) 141/89").
    public func slotKey(_ key: String) -> String {
        summary.profile.sleep?.isShifted == true ? key + ".shifted" : key
    }

    /// `138/86`: a mean as page 1, `stats` and the tables show it, in whole mmHg as a clinic sheet
    /// writes it. The one exception is the headline figure at a limit (``figure(_:)-swift.type.method``).
    public static func pressure(_ mean: PressureMean) -> String { mean.shown.description }

    /// `136/84.7` beside the limit 135/85: ``pressure(_:)``'s whole mmHg, except a number whose
    /// rounding lands on the other side of `limit` from the number itself (84.7 shows as 85,
    /// which reaches 85), which keeps its decimals (``Figures/decimal(_:beside:)``).
    public static func pressure(_ mean: PressureMean, against limit: BloodPressure) -> String {
        let number = { (value: Double, limit: Int) in
            (Figures.rounded(value) >= limit) == (value >= Double(limit)) ? Figures.whole(value) : Figures.decimal(value, beside: [limit])
        }
        return number(mean.systolic, limit.systolic) + "/" + number(mean.diastolic, limit.diastolic)
    }

    /// `+6/+3`: `first` − `second` as printed by ``pressure(_:)``, so a difference beside two
    /// means is always the difference of the figures shown.
    public static func shownDifference(_ first: PressureMean, _ second: PressureMean) -> String {
        signedPair(Double(first.shown.systolic - second.shown.systolic), Double(first.shown.diastolic - second.shown.diastolic))
    }

    /// `−11/−6`.
    public static func signedPair(_ systolic: Double, _ diastolic: Double) -> String {
        "\(Figures.signed(systolic))/\(Figures.signed(diastolic))"
    }

    /// True when the range crosses a year, so every date must carry its year.
    public var datesNeedYear: Bool { summary.from.year != summary.to.year }

    /// A date as the range needs it: `25 Nov`, or `25 Nov 2026` when the range crosses a year.
    public func date(_ date: CivilDate) -> String { strings.tickDate(date, withYear: datesNeedYear) }

    /// "Home average in the hypertensive range (AHA 2017 ≥ 130/80)".
    /// Marked provisional while the protocol average has too few readings.
    public var thresholdVerdict: String? {
        guard let verdict = summary.verdict else { return nil }
        let values = ["guideline": SummaryWording.thresholdSource(summary.goals, strings: strings), "threshold": summary.goals.threshold.description]
        var sentence: String
        if verdict.sufficient, summary.tooEarlyToJudge != nil {
            // Days after a change the week says neither controlled nor uncontrolled.
            sentence = strings.text("verdict.threshold.tooEarly", values)
        } else if let near = verdict.nearThreshold {
            // A rounding would decide: say "at the threshold" and give the number with its decimal.
            sentence = strings.text("verdict.threshold.at", values.merging(nearWords(near)) { $1 })
        } else {
            // A treated patient is controlled or not; "the hypertensive range" is a diagnosis.
            // A low average is below the threshold, never "controlled".
            // Under ESC 2024's treated band, control is the band's to say, not the threshold's.
            let band = summary.goals.targetSource == .treatedBand
            // Below the threshold but at or above the doctor's own target is not "controlled":
            // the target decides, as page 1 says.
            let ownTarget = summary.goals.targetSource == .profile && verdict.atOrAboveTarget == true
            let key = summary.goals.treated
                ? (verdict.atOrAboveThreshold ? "verdict.threshold.uncontrolled"
                    : verdict.low ? (band ? "verdict.threshold.belowBand" : "verdict.threshold.treatedLow")
                    : band ? "verdict.threshold.treatedBelow" : ownTarget ? "verdict.threshold.treatedBelowOwnTarget" : "verdict.threshold.controlled")
                : (verdict.atOrAboveThreshold ? "verdict.threshold.above" : "verdict.threshold.below")
            sentence = strings.text(key, values.merging(["name": summary.profile.name]) { $1 })
        }
        if let category = escHomeCategory { sentence += separator + category }
        return provisional(sentence)
    }

    /// "; " or "；": between the clauses of one sentence.
    var separator: String { strings.text("clauseSeparator") }

    /// A sentence as it stands, or marked provisional while the average it reads has too few readings.
    private func provisional(_ sentence: String) -> String {
        summary.verdict?.sufficient == false ? strings.text(provisionalSentenceKey, ["sentence": sentence]) : sentence
    }

    /// True when the protocol week has readings enough but only mornings or only evenings.
    public var weekLacksAPart: Bool { summary.verdict?.sufficient == false && summary.protocolAverage?.sufficient == true }

    /// "Provisional (too few readings): …", or, for a week of mornings only, "(mornings and evenings needed)".
    private var provisionalSentenceKey: String {
        weekLacksAPart ? "verdict.provisionalSentence.onePart" : "verdict.provisionalSentence"
    }

    /// "diastolic 84.6" (and "systolic 134.7"): the numbers of a mean at a limit, with one decimal.
    func nearValues(_ near: NearLimit) -> String {
        var parts: [String] = []
        if let systolic = near.systolic {
            parts.append(strings.text("near.systolic", ["value": Figures.decimal(systolic, beside: [near.limit.systolic]), "limit": String(near.limit.systolic)]))
        }
        if let diastolic = near.diastolic {
            parts.append(strings.text("near.diastolic", ["value": Figures.decimal(diastolic, beside: [near.limit.diastolic]), "limit": String(near.limit.diastolic)]))
        }
        return strings.conjunction(parts)
    }

    /// The values of a limit's "at" sentence: the decimals and which side of the limit the
    /// unrounded mean is on ("just below it", "reaching it"), as the badge reads it.
    func nearWords(_ near: NearLimit) -> [String: String] {
        ["values": nearValues(near), "side": strings.text(near.reached ? "near.side.reached" : "near.side.below")]
    }

    /// Whose threshold `goals` holds: "ESH 2023", or "ESH 2023, in pregnancy" when it is
    /// pregnancy's 140/90.
    public static func thresholdSource(_ goals: Goals, strings: StringTable) -> String {
        let label = goals.guideline.label(in: strings)
        return goals.pregnant ? strings.text("guideline.pregnancy", ["guideline": label]) : label
    }

    /// The home figure as page 1 prints it: whole mmHg, except a number within 1 mmHg of the
    /// threshold, the target or ESC 2024's home category edge, which keeps its decimals
    /// (`134.6/80`, `134.95/84.4`: ``Figures/decimal(_:beside:)``), so the figure never shows the
    /// rounding that the badge and the words do not use. Only the headline figure does so: every
    /// other mean is ``pressure(_:)``'s whole mmHg.
    public static func figure(_ verdict: HomeVerdict) -> String {
        let near = [verdict.nearThreshold, verdict.nearTarget, verdict.nearCategory].compactMap { $0 }
        let number = { (value: Double, limits: [Int]) in limits.isEmpty ? Figures.whole(value) : Figures.decimal(value, beside: limits) }
        return number(verdict.mean.systolic, near.filter { $0.systolic != nil }.map(\.limit.systolic)) + "/"
            + number(verdict.mean.diastolic, near.filter { $0.diastolic != nil }.map(\.limit.diastolic))
    }

    /// Under ESC 2024, the home category of the average: "ESC 2024 home category: elevated
    /// (120–134/70–84)"; nil under the other guidelines.
    public var escHomeCategory: String? {
        guard summary.options.guideline == .esc, let verdict = summary.verdict else { return nil }
        let category = Guideline.escHomeCategory(verdict.mean)
        return strings.text("esc.homeCategory", ["category": strings.text("esc.home.\(category.rawValue)")])
    }

    /// "At or above the target 125/80 set for Dad", when the profile's target differs from the threshold.
    public var targetVerdict: String? {
        guard let verdict = summary.verdict, let atOrAbove = verdict.atOrAboveTarget else { return nil }
        let band = summary.goals.targetSource == .treatedBand
        var values = ["target": summary.goals.target.description, "name": summary.profile.name, "guideline": summary.options.guideline.label(in: strings)]
        let key: String
        if let near = verdict.nearTarget {
            values.merge(nearWords(near)) { $1 }
            key = band ? "verdict.band.at" : "verdict.target.at"
        } else {
            key = band ? (atOrAbove ? "verdict.band.above" : "verdict.band.within") : atOrAbove ? "verdict.target.above" : "verdict.target.below"
        }
        return provisional(strings.text(key, values))
    }

    /// "The headline is the last complete protocol week (16–22 Nov); the latest days (27–29 Nov,
    /// 8 readings) are too few: 135/84, provisional"; nil when the headline is the last 7 days.
    public var recentWeekLine: String? {
        guard let recent = summary.recentWeek, let complete = summary.protocolAverage else { return nil }
        return strings.text("week.lastComplete", [
            "first": date(complete.firstDay), "last": date(complete.lastDay), "recentFirst": date(recent.firstDay),
            "recentLast": date(recent.lastDay), "count": String(recent.count), "recent": SummaryWording.pressure(recent.mean),
        ])
    }

    /// "This week has no evening readings, and single readings in 5 of 12 sessions: the protocol
    /// asks for 2 readings each morning and evening"; nil for a week that follows the protocol.
    public var weekQualityLine: String? {
        guard summary.verdict != nil, summary.protocolAverage != nil, let quality = summary.weekQuality else { return nil }
        let grouping = clockDaysSentence
        guard !quality.followsProtocol else { return grouping }
        var parts: [String] = []
        if quality.noEvenings { parts.append(strings.text("week.noEvenings")) }
        if quality.noMornings { parts.append(strings.text("week.noMornings")) }
        if quality.daysWithoutEvening > 0 {
            parts.append(strings.text("week.daysWithoutEvening", ["n": String(quality.daysWithoutEvening), "days": String(quality.days)]))
        }
        if quality.daysWithoutMorning > 0 {
            parts.append(strings.text("week.daysWithoutMorning", ["n": String(quality.daysWithoutMorning), "days": String(quality.days)]))
        }
        if quality.outsideSlots > 0 {
            parts.append(strings.text(quality.outsideSlots == 1 ? "week.outsideSlots.one" : "week.outsideSlots", ["n": String(quality.outsideSlots)]))
        }
        if quality.singleReadingSessions > 0 {
            parts.append(strings.text("week.singles", ["n": String(quality.singleReadingSessions), "sessions": String(quality.sessions)]))
        }
        let asked = summary.readingsAskedPerSession
        let line = strings.text(summary.atrialFibrillation == nil ? "week.quality" : "week.quality.af", ["parts": strings.list(parts), "n": String(asked)])
        return grouping.map { line + strings.text("clinical.sentenceSeparator") + $0 } ?? line
    }

    /// "Days run from 04:00 by the clock, not from waking at 16:00: a reading before sleep at
    /// 08:30 counts on the day of the waking reading after it": how the week's days were grouped,
    /// said when the profile's sleep puts bedtime between 04:00 and waking, so that a shift's
    /// last reading and the next shift's first share a date; nil otherwise.
    public var clockDaysSentence: String? {
        guard let sleep = summary.profile.sleep, sleep.isShifted,
            (DayPeriod.dayStartHour * 60..<sleep.wake).contains(sleep.bedtime)
        else { return nil }
        return strings.text("week.clockDays", [
            "start": SleepHours.clock(DayPeriod.dayStartHour * 60), "wake": SleepHours.clock(sleep.wake), "bedtime": SleepHours.clock(sleep.bedtime),
        ])
    }

    /// "A medication change inside this week (amlodipine 5 mg started, 25 Nov): reassess home
    /// BP 2–4 weeks after it"; never beside a reading to be seen now or the same day, which waiting
    /// weeks would contradict.
    public var medicationChangeLine: String? {
        guard summary.safety == nil, summary.verdict != nil, let quality = summary.weekQuality, let change = quality.medicationChange else { return nil }
        if let days = quality.medicationChangeDaysBefore {
            return strings.text(days == 1 ? "week.medicationChangeBefore.one" : "week.medicationChangeBefore", ["event": eventWords(change).name, "date": eventWords(change).date, "days": String(days)])
        }
        return strings.text("week.medicationChange", ["event": eventWords(change).name, "date": eventWords(change).date])
    }

    /// "Home 105/63 is low for treated hypertension (below 115/65): ask about dizziness on
    /// standing, falls and fainting; 3 notes at low readings"; nil unless the average is low.
    public var lowLine: String? {
        guard let verdict = summary.verdict, verdict.low else { return nil }
        let goals = summary.goals
        // Say which number is low: "diastolic below 65", never "122/62 below 115/65".
        let shown = verdict.mean.shown
        let (systolicLow, diastolicLow) = Alert.lowValues(shown, below: goals.lowerLimit)
        let limit = systolicLow && diastolicLow ? strings.text("low.both", ["limit": goals.lowerLimit.description])
            : systolicLow ? strings.text("low.systolic", ["value": String(goals.lowerLimit.systolic)])
            : strings.text("low.diastolic", ["value": String(goals.lowerLimit.diastolic)])
        // Below ESC 2024's treated band is a question of over-treatment, not an alarm.
        let band = goals.targetSource == .treatedBand
        // A frail or very old patient's low is an alarm under every guideline: never the band's quiet question.
        let relaxed = goals.treated ? goals.relaxed : nil
        var sentence = strings.text(
            goals.treated && goals.pregnant ? "verdict.low.pregnancy"
                : band ? "verdict.low.band" : relaxed != nil ? "verdict.low.relaxed" : goals.treated ? "verdict.low.treated" : "verdict.low",
            ["mean": SummaryWording.figure(verdict), "limit": limit, "guideline": goals.guideline.label(in: strings),
             "who": relaxed.map(relaxedWho) ?? ""])
        if goals.treated, goals.guideline.treatedSystolicTarget != nil {
            sentence += separator + strings.text("verdict.low.esc", ["guideline": goals.guideline.label(in: strings)])
        }
        let lowNotes = summary.readings.filter { reading in
            reading.bloodPressure.map { let low = Alert.lowValues($0, below: goals.lowerLimit); return low.systolic || low.diastolic } == true
                && !reading.note.trimmingWhitespace().isEmpty
        }
        if let latest = lowNotes.last {
            sentence += separator + strings.text(
                lowNotes.count == 1 ? "verdict.low.note" : "verdict.low.notes",
                ["n": String(lowNotes.count), "note": String(latest.note.prefix(60)), "pressure": latest.bloodPressure!.description])
        }
        return verdict.sufficient ? sentence : strings.text(provisionalSentenceKey, ["sentence": sentence])
    }

    /// "Dizziness or fainting noted 3 times (24–30 Nov; lowest 86/52)"; nil without symptom notes
    /// in the headline period or without a blood-pressure figure.
    public var symptomLine: String? {
        guard summary.verdict != nil, let symptoms = summary.symptomNotes else { return nil }
        return strings.text(symptoms.count == 1 ? "symptoms.noted.one" : "symptoms.noted", [
            "n": String(symptoms.count), "period": dateSpan(symptoms.from, symptoms.to),
            "lowest": symptoms.lowest.map { strings.text(symptoms.count == 1 ? "symptoms.at" : "symptoms.lowest", ["pressure": $0.description]) } ?? "",
        ])
    }

    /// "24–30 Nov", or one date when the span is one day.
    func dateSpan(_ from: CivilDate, _ to: CivilDate) -> String {
        from == to ? date(from) : strings.text("dateSpan", ["from": date(from), "to": date(to)])
    }

    /// "Isolated systolic pattern: SYS at or above 135, DIA below 85", with the number that is
    /// within 1 mmHg of its threshold given to one decimal; provisional as the average is.
    public var isolatedSystolic: String? {
        guard let verdict = summary.verdict, verdict.isolatedSystolic else { return nil }
        return provisional(isolatedPattern("verdict.isolatedSystolic", verdict.mean))
    }

    /// "Isolated diastolic pattern: DIA at or above 85, SYS below 135"; provisional as the average is.
    public var isolatedDiastolic: String? {
        guard let verdict = summary.verdict, verdict.isolatedDiastolic else { return nil }
        return provisional(isolatedPattern("verdict.isolatedDiastolic", verdict.mean))
    }

    private func isolatedPattern(_ key: String, _ mean: PressureMean) -> String {
        let threshold = summary.goals.threshold
        // Never "85" beside "below 85": a number within 1 mmHg of its threshold keeps its decimal.
        let shown = { (value: Double, limit: Int) in
            String(limit) + (abs(value - Double(limit)) < NearLimit.margin ? strings.text("near.value", ["value": Figures.decimal(value, beside: [limit])]) : "")
        }
        return strings.text(key, ["systolic": shown(mean.systolic, threshold.systolic), "diastolic": shown(mean.diastolic, threshold.diastolic)])
    }

    /// "Wide pulse pressure 79 mmHg (138/59): ESH 2023 counts 60 mmHg or more in older patients as
    /// a sign of stiff arteries"; provisional as the average is; nil unless wide.
    public var widePulsePressure: String? {
        guard let pressure = WidePulsePressure.of(summary), let verdict = summary.verdict else { return nil }
        return provisional(strings.text("verdict.widePulsePressure", [
            "value": String(pressure), "mean": SummaryWording.pressure(verdict.mean), "limit": String(WidePulsePressure.threshold),
            "guideline": Guideline.esh.label(in: strings),
        ]))
    }

    /// The words of the office visit shown, for page 1 and the details alike: its figure, whole
    /// mmHg unless a rounding would cross the limit it is read against (127/79.5 beside 130/80),
    /// which readings made it ("mean of its last 2 of 3 readings": ESH 2023 leaves out a visit's
    /// first; AHA takes all), its day, and which of the range's visits it is.
    func officeValues(_ office: OfficeComparison) -> [String: String] {
        let visit = office.shownVisit
        let used = visit.mean.count
        let readings = used == 1 && visit.readings == 1 ? strings.text("office.readings.one")
            : used == visit.readings ? strings.text("office.readings.all", ["n": String(used)])
            : strings.text("office.readings.last", ["n": String(used), "total": String(visit.readings)])
        let visits = office.visits.count == 1 ? strings.text("office.oneVisit")
            : strings.text(visit == office.visits.last ? "office.visits" : "office.visitOf", [
                "n": String(office.visits.count), "k": String((office.visits.firstIndex(of: visit) ?? 0) + 1),
            ])
        return [
            "office": SummaryWording.pressure(visit.mean, against: office.limit), "n": String(used), "date": date(visit.day),
            "readings": readings, "visits": visits,
        ]
    }

    /// "Office 152/94 (n=3) vs home 128/79: possible white-coat hypertension".
    public var officeLine: String? {
        guard let office = summary.office else { return nil }
        var values = officeValues(office)
        if let phenotype = office.phenotype, let home = summary.protocolAverage {
            // The home figure as the headline prints it (134.6/80 at a threshold).
            values["home"] = summary.verdict.map(SummaryWording.figure) ?? SummaryWording.pressure(home.mean)
            values["phenotype"] = phenotypeLabel(phenotype, treated: office.treated)
            return strings.text("office.line", values)
        }
        switch office.notCompared {
        case .medicationBetween(let day):
            values["change"] = date(day)
            return strings.text("office.medicationBetween", values)
        case .noVisitNear: return strings.text("office.noneNear", values.merging(["days": String(OfficeComparison.windowDays)]) { $1 })
        case .noHome: return strings.text("office.noHome", values)
        case .homeTooFew, nil: return strings.text("office.undecided", values)
        }
    }

    /// "possible white-coat hypertension", "masked uncontrolled hypertension", ….
    /// With the doctor's own target, the phenotype was read against it, and says so.
    public func phenotypeLabel(_ phenotype: Phenotype, treated: Bool) -> String {
        // Normal by the averages, but the mornings reach the threshold: never "normal in both settings"
        // beside the morning hypertension the home sentence names.
        let mornings = phenotype == .normal && summary.verdict?.morningHypertension != nil
        let label = strings.text(mornings ? (treated ? "phenotype.normal.mornings.treated" : "phenotype.normal.mornings") : phenotype.labelKey(treated: treated))
        guard summary.office?.targetDecides == true else { return label }
        // Where the doctor's target decides, the phenotype is said in its words ("office and home
        // both at or above the target 130/80"), never a threshold's name beside it.
        guard mornings else { return strings.text("phenotype.target.\(phenotype.rawValue)", ["target": summary.goals.target.description]) }
        return strings.text("phenotype.againstTarget", ["phenotype": label, "target": summary.goals.target.description])
    }

    /// "Irregular heartbeat flagged on 12 of 269 readings; possible AFib on 2".
    public var findingsLine: String? {
        guard let findings = summary.findings else { return nil }
        let total = String(findings.readings)
        if findings.irregularHeartbeat == 0 {
            return strings.text("findings.afibOnly", ["n": String(findings.possibleAFib), "total": total])
        }
        var line = strings.text("findings.irregular", ["n": String(findings.irregularHeartbeat), "total": total])
        if findings.possibleAFib > 0 {
            line += separator + strings.text("findings.afib", ["n": String(findings.possibleAFib)])
        }
        return line
    }

    /// "BP medication stamp on 41 of 56 days; none on 3 Nov, 9 Nov".
    public var medicationLine: String? {
        guard let days = summary.medicationDays else { return nil }
        var line = strings.text(
            days.daysBefore > 0 ? "medication.daysSince" : "medication.days",
            ["n": String(days.medicated), "days": String(days.days), "since": date(days.since)])
        if let until = days.until {
            line += separator + strings.text("medication.until", ["date": date(until)])
        }
        if !days.daysWithout.isEmpty, days.daysWithout.count <= MedicationDays.listedAtMost {
            line += separator + strings.text("medication.without", ["dates": strings.list(days.daysWithout.map(date))])
        }
        if days.missedSessions > 0 {
            let periods = strings.conjunction(days.usualPeriods.map { strings.text($0.rawValue).lowercased() })
            line += separator + strings.text("medication.missedSessions", ["n": String(days.missedSessions), "sessions": String(days.usualSessions), "periods": periods])
        }
        if !days.forgottenNotes.isEmpty {
            let values = ["n": String(days.forgottenNotes.count), "tagged": String(days.forgottenOnTaggedDays)]
            line += separator + strings.text(days.forgottenNotes.count == 1 ? "medication.forgotten.one" : "medication.forgotten", values)
            if days.forgottenOnTaggedDays > 0 { line += strings.text("medication.forgottenTagged", values) }
        }
        return line
    }

    /// "4 readings after black coffee or exercise (protocol deviation; kept in every figure)".
    /// With a protocol average, counted among the readings behind it, the range's count beside:
    /// "6 of the 22 headline readings after exercise or black coffee (…); 36 in the whole range".
    public var deviationLine: String? {
        guard let deviations = summary.deviations else { return nil }
        if summary.protocolAverage != nil {
            let inWeek = summary.headlineDeviations
            let tags = strings.alternatives((inWeek ?? deviations).tagIDs.map(tagLabel))
            return strings.text("deviations.headline", [
                "n": String(inWeek?.count ?? 0), "total": String(summary.headlineReadings), "tags": tags, "range": String(deviations.count),
            ])
        }
        let tags = strings.alternatives(deviations.tagIDs.map(tagLabel))
        return strings.text(deviations.count == 1 ? "deviations.one" : "deviations", ["n": String(deviations.count), "tags": tags])
    }

    /// "first week 145/88 → last week 138/86".
    public var trendWords: String? {
        guard let trend = summary.trend, let ends = trend.firstAndLast else { return nil }
        let words = strings.text(
            "trend.words.\(trend.step.rawValue)",
            ["first": SummaryWording.pressure(ends.first.mean), "last": SummaryWording.pressure(ends.last.mean)])
        // A row too thin to be an end (one reading at 00:30) is listed, and said to be left out.
        let skipped = trend.rows.first?.start != ends.first.start || trend.rows.last?.start != ends.last.start
        return skipped ? words + separator + strings.text("trend.skipped.\(trend.step.rawValue)", ["n": String(TrendTable.fewestForAnEnd)]) : words
    }

    /// The label of a trend row: "Week of 3 Nov", "Nov 2026" or "2026".
    public func trendLabel(_ row: TrendTable.Row) -> String {
        switch summary.trend?.step ?? .week {
        case .week: strings.text("trend.weekOf", ["date": date(row.start)])
        case .month: strings.monthLabel(row.start)
        case .year: String(row.start.year)
        }
    }

    /// "−11/−6 mmHg (95 % CI −14 to −8 / −8 to −4)", or "too few readings".
    public func difference(_ comparison: WindowComparison) -> String { SummaryWording.difference(comparison, strings: strings) }

    /// An event's difference within the same time of day: "−4/−2 mmHg (95 % CI −7 to −1 / −4 to
    /// −0); morning and evening, 24 and 20 sessions", or "too few sessions at the same time of day".
    public func eventDifference(_ effect: EventEffect) -> String {
        SummaryWording.eventDifference(effect, strings: strings, withYear: datesNeedYear) { eventWords($0).name }
    }

    /// ``eventDifference(_:)`` for a string table alone; `withYear` when the range crosses a year,
    /// `name` how an overlapping event is named.
    public static func eventDifference(
        _ effect: EventEffect, strings: StringTable, withYear: Bool = false, name: (Event) -> String = SummaryWording.eventName
    ) -> String {
        // Days after a change, its after window says nothing yet: withheld, never an effect.
        if effect.tooEarly { return strings.text("events.tooEarly") }
        // Another change inside its windows: the difference is theirs together, withheld.
        if let other = effect.overlapping.first {
            return strings.text("events.overlapping", ["event": name(other), "date": strings.tickDate(other.at.measurementDay, withYear: withYear)])
        }
        let difference = effect.sameTimeOfDay
        guard difference.sufficient, let systolic = difference.systolic, let diastolic = difference.diastolic else {
            return strings.text("events.tooFewSessions")
        }
        return strings.text("events.sameTime", [
            "systolic": Figures.signed(systolic.mean), "diastolic": Figures.signed(diastolic.mean),
            "systolicLow": Figures.signed(systolic.ci95.lowerBound), "systolicHigh": Figures.signed(systolic.ci95.upperBound),
            "diastolicLow": Figures.signed(diastolic.ci95.lowerBound), "diastolicHigh": Figures.signed(diastolic.ci95.upperBound),
            "periods": strings.conjunction(difference.periodsCompared.map { strings.text($0.rawValue).lowercased() }),
            "first": String(difference.firstSessions), "second": String(difference.secondSessions),
        ])
    }

    /// "138/86 (n=24)", or "— (n=0)".
    public func window(_ figures: WindowFigures) -> String { SummaryWording.window(figures, strings: strings) }

    /// The longest an event's words run where a sentence or a table cell names it.
    public static let eventNameLength = 60

    /// An event as every page names it, its words as typed, cut at ``eventNameLength`` with an
    /// ellipsis: page 1's sentences, the events table and a withheld difference say the same.
    public static func eventName(_ event: Event) -> String { cut(event.text) }

    /// `text` cut at ``eventNameLength`` with an ellipsis.
    private static func cut(_ text: String) -> String {
        let text = text.trimmingWhitespace()
        return text.count > eventNameLength ? String(String(text.prefix(eventNameLength - 1)).trimmingWhitespace()) + "…" : String(text)
    }

    /// An event as page 1 and the events table name it, and its day as the range writes dates:
    /// a medicine's start, change or stop in the reader's language (``MedicineText/event(_:regimen:)``:
    /// "amlodipine 5 mg started" / "开始服用氨氯地平 5 mg"), any other event as typed
    /// (``eventName(_:)``); "27 Oct".
    public func eventWords(_ event: Event) -> (name: String, date: String) {
        let name = MedicineText(words: strings).event(event, regimen: summary.regimen).map(SummaryWording.cut) ?? SummaryWording.eventName(event)
        return (name, date(event.at.measurementDay))
    }

    /// "−11/−6 mmHg (95 % CI −14 to −8 / −8 to −4)", or "too few readings" unless both windows have 12.
    public static func difference(_ comparison: WindowComparison, strings: StringTable) -> String {
        guard comparison.sufficient, let systolic = comparison.systolic, let diastolic = comparison.diastolic else {
            return strings.text("tooFew")
        }
        // The difference of the two means as printed beside it; the interval from the raw values.
        let shownDifference = { (before: Double?, after: Double?, raw: Double) -> Double in
            guard let before, let after else { return raw }
            return Double(Figures.rounded(after) - Figures.rounded(before))
        }
        return strings.text("events.ci", [
            "systolic": Figures.signed(shownDifference(comparison.first.mean?.systolic, comparison.second.mean?.systolic, systolic.mean)),
            "diastolic": Figures.signed(shownDifference(comparison.first.mean?.diastolic, comparison.second.mean?.diastolic, diastolic.mean)),
            "systolicLow": Figures.signed(systolic.ci95.lowerBound), "systolicHigh": Figures.signed(systolic.ci95.upperBound),
            "diastolicLow": Figures.signed(diastolic.ci95.lowerBound), "diastolicHigh": Figures.signed(diastolic.ci95.upperBound),
        ])
    }

    /// "138/86 (n=24)", or "— (n=0)".
    public static func window(_ figures: WindowFigures, strings: StringTable) -> String {
        let mean = figures.mean?.shown.description ?? "—"
        return strings.text("events.window", ["mean": mean, "n": String(figures.count)])
    }

    /// The adjusted difference of a tag comparison, or "too few readings".
    /// Withheld when a medication change falls among the compared readings (``BPSummary/tagConfounder``).
    public func adjustedDifference(_ comparison: TagComparison) -> String {
        if let event = summary.tagConfounder {
            let (name, day) = eventWords(event)
            return strings.text("tags.withheld", ["event": name, "date": day])
        }
        guard let difference = comparison.adjustedDifference else { return strings.text("tooFew") }
        return SummaryWording.signedPair(difference.systolic, difference.diastolic)
    }

    /// Why the average is only provisional: too few readings in the protocol week, or no protocol
    /// week at all (one day, or only noon readings); nil when it is sufficient.
    public var provisional: String? {
        guard let verdict = summary.verdict, !verdict.sufficient else { return nil }
        guard let average = summary.protocolAverage else {
            guard let span = summary.sparseSpan else { return strings.text("verdict.noProtocol") }
            return strings.text("verdict.noProtocol.recent", [
                "from": date(span.lowerBound), "to": date(span.upperBound), "n": String(verdict.mean.count),
            ])
        }
        if average.sufficient { return strings.text(average.morning == nil ? "verdict.provisional.noMornings" : "verdict.provisional.noEvenings") }
        return average.count == 1
            ? strings.text("verdict.provisional.one") : strings.text("verdict.provisional", ["count": String(average.count)])
    }

    /// The urgent and low alerts, each with its count and latest reading; empty without alerts.
    public var alertLines: [String] { alertLines(excluding: []) }

    /// ``alertLines`` without the readings whose ids are in `named` (those the safety sentence
    /// already names): each kind counted and its latest reading given, of the rest; a note in
    /// `notesSaid` (a fall's, said with its date) is not quoted again.
    func alertLines(excluding named: Set<String>, notesSaid: Set<String> = []) -> [String] {
        [Alert.Kind.urgent, .low].compactMap { kind in
            let found = summary.alerts.filter { $0.kind == kind && !named.contains($0.id) }
            guard let latest = found.last else { return nil }
            // Grade 3 is an office diagnosis and a crisis an emergency: a home reading is "very high".
            // In a pregnancy it is so from 160/110, and the line says so.
            let limit = latest.pregnant
                ? strings.text("alerts.limit.pregnancy", ["limit": latest.limit.text]) : summary.options.guideline.veryHighLimit.text
            let values = ["n": String(found.count), "pressure": latest.pressure.description, "date": date(latest.takenAt.measurementDay), "limit": limit]
            var line = strings.text("alerts.\(kind.rawValue)\(found.count == 1 ? ".one" : "")", values)
            // What the patient wrote with it ("headache") belongs beside it. Its reading is
            // found by its time first: a reading's id is made as text each time it is asked for.
            if let note = summary.readings.last(where: { $0.takenAt == latest.takenAt && $0.id == latest.id })?.note.trimmingWhitespace(), !note.isEmpty, !notesSaid.contains(String(note)) {
                line += strings.text("noteSeparator") + strings.text("alerts.note", ["note": String(note.prefix(60))])
            }
            return line
        }
    }

    /// "first day excluded: 24 Nov".
    public var excludedDay: String? {
        summary.protocolAverage.map { strings.text("protocol.excluded", ["date": date($0.excludedDay)]) }
    }
}
