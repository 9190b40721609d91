public import HealthAnalytics
public import HealthCore

/// The `stats --format json` document (``SummaryDocument/json``), which the web page's API
/// returns too: a stable schema, values unrounded, missing values null. The README's "stats
/// --format json" section documents every key.
public enum SummaryJSON {
    private static func visit(_ visit: OfficeComparison.Visit) -> JSONValue {
        guard case .object(let fields) = mean(visit.mean) else { return .null }
        return .object([("date", .string(visit.day.description))] + fields)
    }

    private static func symptomNotes(_ symptoms: SymptomNotes) -> JSONValue {
        .object([
            ("from", .string(symptoms.from.description)), ("to", .string(symptoms.to.description)), ("count", .int(symptoms.count)),
            ("lowest", symptoms.lowest.map { .object([("systolic", .int($0.systolic)), ("diastolic", .int($0.diastolic))]) } ?? .null),
            ("latestNote", .string(symptoms.latestNote)),
        ])
    }

    private static func notCompared(_ reason: OfficeComparison.NotCompared) -> String {
        switch reason {
        case .noHome: "no-home-readings"
        case .homeTooFew: "home-too-few"
        case .noVisitNear: "no-visit-near"
        case .medicationBetween: "medication-change-between"
        }
    }

    static func document(
        _ summary: BPSummary, headline: Headline, strings: StringTable, filter: JSONValue, tagLabel: (String) -> String?,
        namesIsolatedSystolic: Bool = false
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("schema", .int(1)), ("profile", .string(summary.profile.id)), ("from", .string(summary.from.description)),
            ("to", .string(summary.to.description)), ("guideline", .string(summary.options.guideline.rawValue)),
            ("filter", filter),
            ("threshold", pressure(summary.goals.threshold)), ("target", pressure(summary.goals.target)),
            ("targetSet", .bool(summary.profile.target != nil)),
            ("overall", group(summary.overall)),
            ("periods", .object(DayPeriod.allCases.map { ($0.rawValue, group(summary.periods[$0]!)) })),
        ]
        if let buckets = summary.buckets {
            members.append(("buckets", .array(buckets.map { bucket in
                guard case .object(let fields) = group(bucket.statistics) else { return .null }
                return .object([("key", .string(bucket.key))] + fields)
            })))
        }
        members += [
            ("map", .optional(summary.meanArterialPressure)), ("pulsePressure", .optional(summary.pulsePressure)),
            ("atOrAboveTargetPercent", .optional(summary.atOrAboveTargetPercent)),
            ("timeInTargetPercent", .optional(summary.timeInTargetPercent)),
            ("morningEveningDifference", pair(summary.morningEveningDifference)),
            ("protocol", summary.protocolAverage.map(protocolAverage) ?? .null),
            ("verdict", summary.verdict.map { verdict($0, namesIsolatedSystolic: namesIsolatedSystolic) } ?? .null),
            ("headline", headline.json(strings)),
            ("hypertensive", .bool(summary.hypertensive)),
            ("symptomNotes", summary.symptomNotes.map(symptomNotes) ?? .null),
            ("earlierSymptomNotes", summary.earlierSymptomNotes.map(symptomNotes) ?? .null),
            ("bradycardia", summary.bradycardia.map(bradycardia) ?? .null),
            ("orthostatic", summary.orthostatic.map(orthostatic) ?? .null),
            ("office", summary.office.map { mean($0.office) } ?? .null),
            ("phenotype", .optional(summary.office?.phenotype?.rawValue)),
            ("phenotypeTreated", .bool(summary.office?.treated ?? false)),
            ("officeVisits", summary.office.map { office in
                .object([
                    ("count", .int(office.visits.count)),
                    ("compared", office.compared.map(visit) ?? .null),
                    ("latest", visit(office.visits[office.visits.count - 1])),
                    ("notCompared", .optional(office.notCompared.map(notCompared))),
                    ("windowDays", .int(OfficeComparison.windowDays)),
                ])
            } ?? .null),
            ("tags", .array(summary.tags.map { comparison in
                .object([
                    ("tag", .string(comparison.tag)), ("label", .optional(tagLabel(comparison.tag))),
                    ("with", side(comparison.with)), ("without", side(comparison.without)),
                    ("adjustedDifference", pair(comparison.adjustedDifference)),
                    ("periodsCompared", .array(comparison.periodsCompared.map { .string($0.rawValue) })),
                    ("sufficient", .bool(comparison.sufficient)),
                ])
            })),
            ("trend", summary.trend.map { trend in
                .object([
                    ("step", .string(trend.step.rawValue)),
                    ("rows", .array(trend.rows.map { row in
                        .object([
                            ("start", .string(row.start.description)), ("end", .string(row.end.description)),
                            ("count", .int(row.mean.count)), ("systolic", .double(row.mean.systolic)),
                            ("diastolic", .double(row.mean.diastolic)),
                        ])
                    })),
                ])
            } ?? .null),
            ("events", .array(summary.events.map(event))),
            ("medicationDays", summary.medicationDays.map { days in
                .object([
                    ("days", .int(days.days)), ("medicated", .int(days.medicated)),
                    ("daysWithout", .array(days.daysWithout.map { .string($0.description) })),
                    ("since", .string(days.since.description)), ("daysBefore", .int(days.daysBefore)),
                    ("usualPeriods", .array(days.usualPeriods.map { .string($0.rawValue) })),
                    ("usualSessions", .int(days.usualSessions)), ("missedSessions", .int(days.missedSessions)),
                    ("forgottenNotes", .array(days.forgottenNotes.map { .string($0.id) })),
                    ("forgottenOnTaggedDays", .int(days.forgottenOnTaggedDays)),
                ])
            } ?? .null),
            ("doseAdherence", summary.doseAdherence.map { adherence in
                .object([
                    ("from", .string(adherence.from.description)), ("to", .string(adherence.to.description)),
                    ("days", .int(adherence.days)), ("scheduled", .int(adherence.scheduled)), ("recorded", .int(adherence.recorded)),
                    ("missed", .array(adherence.missedSlots.map { .object([("day", .string($0.day.description)), ("period", .string($0.period.rawValue))]) })),
                    ("forgottenDays", .array(adherence.missedDaysNotedForgotten.map { .string($0.description) })),
                ])
            } ?? .null),
            ("notes", summary.notes.map { notes in
                .object([
                    ("readings", .array(notes.readings.map { reading in
                        .object([
                            ("id", .string(reading.id)), ("takenAt", .string(reading.takenAt.iso8601)),
                            ("systolic", .optional(reading.systolic)), ("diastolic", .optional(reading.diastolic)),
                            ("note", .string(reading.note)),
                        ])
                    })),
                    ("more", .int(notes.more)),
                ])
            } ?? .null),
            ("findings", summary.findings.map { findings in
                .object([
                    ("readings", .int(findings.readings)), ("irregularHeartbeat", .int(findings.irregularHeartbeat)),
                    ("possibleAFib", .int(findings.possibleAFib)),
                ])
            } ?? .null),
            ("deviations", summary.deviations.map { deviations in
                .object([
                    ("count", .int(deviations.count)), ("tags", .array(deviations.tagIDs.map(JSONValue.string))),
                    ("headlineCount", .int(summary.headlineDeviations?.count ?? 0)), ("headlineReadings", .int(summary.headlineReadings)),
                ])
            } ?? .null),
            ("alerts", .array(summary.alerts.map { alert in
                .object([
                    ("id", .string(alert.id)), ("takenAt", .string(alert.takenAt.iso8601)),
                    ("systolic", .int(alert.pressure.systolic)), ("diastolic", .int(alert.pressure.diastolic)),
                    ("kind", .string(alert.kind.rawValue)),
                ])
            })),
            ("weight", summary.weight.map { weight in
                .object([
                    ("first", .double(weight.first)), ("last", .double(weight.last)),
                    ("change", .double(weight.change)), ("mean", .double(weight.mean)), ("count", .int(weight.count)),
                ])
            } ?? .null),
        ]
        return .object(members)
    }

    static func pressure(_ value: BloodPressure) -> JSONValue {
        .object([("systolic", .int(value.systolic)), ("diastolic", .int(value.diastolic))])
    }

    /// `{count, systolic, diastolic}`.
    static func mean(_ mean: PressureMean) -> JSONValue {
        .object([("count", .int(mean.count)), ("systolic", .double(mean.systolic)), ("diastolic", .double(mean.diastolic))])
    }

    static func pair(_ value: (systolic: Double, diastolic: Double)?) -> JSONValue {
        value.map { .object([("systolic", .double($0.systolic)), ("diastolic", .double($0.diastolic))]) } ?? .null
    }

    static func protocolAverage(_ average: ProtocolAverage) -> JSONValue {
        .object([
            ("firstDay", .string(average.firstDay.description)), ("lastDay", .string(average.lastDay.description)),
            ("excludedDay", .string(average.excludedDay.description)),
            ("days", .int(average.days)), ("count", .int(average.count)),
            ("systolic", .double(average.systolic)), ("diastolic", .double(average.diastolic)),
            ("sufficient", .bool(average.sufficient)),
            ("morning", average.morning.map(mean) ?? .null), ("evening", average.evening.map(mean) ?? .null),
            ("morningEveningDifference", pair(average.morningEveningDifference)),
        ])
    }

    /// `{meanPulse, readings, slow, lowest, week, marked, urgent, symptomNote, rateSlowing: [{name, dose}]}`:
    /// the slow pulse page 1 names (``Bradycardia``).
    private static func bradycardia(_ slow: Bradycardia) -> JSONValue {
        .object([
            ("meanPulse", .double(slow.meanPulse)), ("readings", .int(slow.readings)), ("slow", .int(slow.slow)), ("lowest", .int(slow.lowest)),
            ("week", .bool(slow.week)), ("marked", .bool(slow.marked)), ("urgent", .bool(slow.urgent)),
            ("symptomNote", .optional(slow.symptomNote)),
            ("rateSlowing", .array(slow.rateSlowing.map { course in
                .object([("name", .string(course.name)), ("generic", .optional(course.generic)), ("dose", .optional(course.dose))])
            })),
        ])
    }

    /// `{standing, sessions, falls, meanFall: {systolic, diastolic} | null}`: the standing readings
    /// left out of the home figures and their falls on standing (``OrthostaticReadings``).
    private static func orthostatic(_ standing: OrthostaticReadings) -> JSONValue {
        .object([
            ("standing", .int(standing.standing)), ("sessions", .int(standing.sessions)), ("falls", .int(standing.falls)),
            ("meanFall", pair(standing.meanFall)),
        ])
    }

    private static func verdict(_ verdict: HomeVerdict, namesIsolatedSystolic: Bool) -> JSONValue {
        .object([
            ("basis", .string(verdict.isProtocolAverage ? "protocol" : "all-home-readings")),
            ("systolic", .double(verdict.mean.systolic)), ("diastolic", .double(verdict.mean.diastolic)),
            ("sufficient", .bool(verdict.sufficient)), ("atOrAboveThreshold", .bool(verdict.atOrAboveThreshold)),
            ("atOrAboveTarget", .optional(verdict.atOrAboveTarget)), ("isolatedSystolic", .bool(verdict.isolatedSystolic)),
            ("isolatedDiastolic", .bool(verdict.isolatedDiastolic)),
            // Page 1's home sentence names isolated systolic hypertension ("Home 157/64 is uncontrolled: …").
            ("namesIsolatedSystolic", .bool(namesIsolatedSystolic)),
            ("nearThreshold", verdict.nearThreshold.map(near) ?? .null), ("nearTarget", verdict.nearTarget.map(near) ?? .null),
        ])
    }

    /// `{systolic, diastolic, reached}`: the numbers within 1 mmHg of the limit (null for one that
    /// is not), and whether the unrounded mean reaches the limit (what the badge reads).
    private static func near(_ near: NearLimit) -> JSONValue {
        .object([("systolic", .optional(near.systolic)), ("diastolic", .optional(near.diastolic)), ("reached", .bool(near.reached))])
    }

    /// `{from, to, n, systolic: {mean, sd}, diastolic: {mean, sd}}`.
    public static func window(_ figures: WindowFigures) -> JSONValue {
        let sample = { (statistics: SampleStatistics) -> JSONValue in
            .object([("mean", .optional(statistics.mean)), ("sd", .optional(statistics.sd))])
        }
        return .object([
            ("from", .string(figures.from.description)), ("to", .string(figures.to.description)), ("n", .int(figures.count)),
            ("systolic", sample(figures.systolic)), ("diastolic", sample(figures.diastolic)),
        ])
    }

    /// `{systolic: {mean, ci95: [lo, hi]}, diastolic: {…}}`, or null when either window has fewer than 2 readings.
    public static func difference(_ comparison: WindowComparison) -> JSONValue {
        guard let systolic = comparison.systolic, let diastolic = comparison.diastolic else { return .null }
        return .object([("systolic", meanDifference(systolic)), ("diastolic", meanDifference(diastolic))])
    }

    /// `{mean, ci95: [lo, hi]}`, or null.
    static func meanDifference(_ difference: MeanDifference?) -> JSONValue {
        guard let difference else { return .null }
        return .object([
            ("mean", .double(difference.mean)), ("ci95", .array([.double(difference.ci95.lowerBound), .double(difference.ci95.upperBound)])),
        ])
    }

    static func event(_ effect: EventEffect) -> JSONValue {
        let event = effect.event
        return .object([
            ("id", .string(event.id)), ("at", .string(event.at.iso8601)), ("kind", .string(event.kind.rawValue)),
            ("text", .string(event.text)), ("before", window(effect.before)), ("after", window(effect.after)),
            ("difference", difference(effect.comparison)), ("sufficient", .bool(effect.comparison.sufficient)),
            ("sameTimeOfDay", sameTimeOfDay(effect.sameTimeOfDay)),
            // A change too close to the headline week: its difference is withheld (page 1 says so).
            ("tooEarly", .bool(effect.tooEarly)),
            // Another medication or monitor event inside its windows: the difference mixes both,
            // so page 1 withholds it and names the other event (the first of overlappingWith).
            ("overlapping", .bool(!effect.overlapping.isEmpty)),
            ("overlappingWith", .array(effect.overlapping.map { .string($0.id) })),
        ])
    }

    /// The before/after difference within the same time of day, session means as the unit:
    /// `{periods, firstSessions, secondSessions, sufficient, systolic: {mean, ci95}, diastolic}`.
    static func sameTimeOfDay(_ difference: SessionDifference) -> JSONValue {
        return .object([
            ("periods", .array(difference.periodsCompared.map { .string($0.rawValue) })),
            ("firstSessions", .int(difference.firstSessions)), ("secondSessions", .int(difference.secondSessions)),
            ("sufficient", .bool(difference.sufficient)), ("systolic", meanDifference(difference.systolic)), ("diastolic", meanDifference(difference.diastolic)),
        ])
    }

    private static func group(_ statistics: GroupStatistics) -> JSONValue {
        .object([
            ("count", .int(statistics.count)), ("systolic", stat(statistics.systolic)),
            ("diastolic", stat(statistics.diastolic)), ("pulse", stat(statistics.pulse)),
        ])
    }

    private static func stat(_ statistics: MeasureStatistics) -> JSONValue {
        .object([
            ("count", .int(statistics.count)), ("mean", .optional(statistics.mean)), ("sd", .optional(statistics.sd)),
            ("cv", .optional(statistics.cv)), ("arv", .optional(statistics.arv)),
            ("min", extreme(statistics.min)), ("max", extreme(statistics.max)),
        ])
    }

    private static func extreme(_ value: Extreme?) -> JSONValue {
        guard let value else { return .null }
        return .object([("value", .int(value.value)), ("takenAt", .string(value.takenAt.iso8601)), ("id", .string(value.id))])
    }

    private static func side(_ side: TagComparison.Side) -> JSONValue {
        .object([("count", .int(side.count)), ("systolic", .optional(side.systolic)), ("diastolic", .optional(side.diastolic))])
    }
}
