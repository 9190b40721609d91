import HealthAnalytics
import HealthCore

/// The one or two sentences a specialist would write at the top of page 1, made only of
/// figures the page already states: treatment, the home figure's verdict with the target and
/// the morning–evening difference, the office comparison, and what the week's readings carry.
///
/// It is never more certain than the lines below it: a provisional figure is called
/// provisional, a figure at a threshold is "at" it, and a low one is low, never controlled.
extension SummaryWording {
    /// A morning–evening difference of the week this large (systolic, mmHg) is worth a clause.
    public static let notableMorningEvening = 5

    /// "Home 138/86 is uncontrolled (ESH 2023 ≥ 135/85) and at or above the target 130/80 set
    /// for Dad, higher in the mornings (morning − evening +6/+3). Office 150/93 on 20 Nov (1
    /// visit): sustained uncontrolled hypertension. Treated (amlodipine 5 mg started, since 27
    /// Oct, 33 days). Of note: …". nil without a blood-pressure figure.
    public var clinicalSummary: String? {
        let parts = [clinicalSafety, clinicalBody].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: strings.text("clinical.paragraphSeparator"))
    }

    /// The safety sentences that open the clinical summary, whatever else the range holds: a
    /// warning symptom, a severe reading in pregnancy, falls on treatment, the alerts; nil
    /// without any. The alerts are said here and nowhere else on page 1, where a doctor looks
    /// first; a reading the safety sentence names is not counted again.
    public var clinicalSafety: String? {
        let slowPulse = summary.bradycardia?.urgent == true ? bradycardiaSentence : nil
        let sentences = [safetySentence, slowPulse, fallsSentence].compactMap { $0 } + safetyAlerts
        return sentences.isEmpty ? nil : sentences.joined(separator: strings.text("clinical.sentenceSeparator")) + strings.text("clinical.end")
    }

    /// The alert lines of the safety sentences: the readings the safety sentence names are not
    /// counted again, and a fall's note, which the falls sentence quotes and dates, is not quoted again.
    private var safetyAlerts: [String] {
        alertLines(excluding: Set(summary.safety?.readings.map(\.id) ?? []), notesSaid: Set(listedFalls.map(\.note)))
    }

    /// The falls the falls sentence lists: the latest 3.
    private var listedFalls: [FallNotes.Fall] { summary.falls.map { Array($0.falls.suffix(3)) } ?? [] }

    /// The notes the safety sentences quote (the safety reading's, the alerts', the falls'): the
    /// symptom count below them does not quote one again.
    private var notesSaidInSafety: Set<String> {
        var notes = Set(listedFalls.map(\.note))
        if let safety = summary.safety { notes.insert(safety.first.note) }
        let named = Set(summary.safety?.readings.map(\.id) ?? [])
        for kind in [Alert.Kind.urgent, .low] {
            // The alert's reading found by its time first (an id is made as text when asked for).
            guard let latest = summary.alerts.last(where: { $0.kind == kind && !named.contains($0.id) }),
                let note = summary.readings.last(where: { $0.takenAt == latest.takenAt && $0.id == latest.id })?.note.trimmingWhitespace(), !note.isEmpty
            else { continue }
            notes.insert(String(note))
        }
        return notes
    }

    /// The rest of the clinical summary, in the order a specialist reads it: control (the home
    /// verdict against the target, the office, a new monitor beside them), then treatment, then
    /// the data's quality (AF, of note); nil without a blood-pressure figure.
    public var clinicalBody: String? {
        guard let verdict = summary.verdict else { return nil }
        var sentences: [String] = []
        sentences.append(homeSentence(verdict))
        // A new monitor is said beside the verdict it may explain, with the step since it came.
        if let monitor = monitorSentence(verdict) { sentences.append(monitor) }
        if let rise = summary.pregnancyRise {
            sentences.append(strings.text("clinical.pregnancyRise", [
                "before": SummaryWording.pressure(rise.before), "n": String(rise.before.count),
                "from": date(rise.firstWeek.lowerBound), "to": date(rise.firstWeek.upperBound), "now": SummaryWording.pressure(rise.now),
            ]))
        }
        if let standing = standingSentence { sentences.append(standing) }
        if let office = summary.office, let phenotype = office.phenotype, summary.protocolAverage != nil {
            sentences.append(strings.text(office.visits.count == 1 ? "clinical.office.oneVisit" : "clinical.office", officeValues(office).merging(["phenotype": phenotypeLabel(phenotype, treated: office.treated)]) { $1 }))
        }
        if let treatment = treatmentSentence { sentences.append(treatment) }
        if let adherence = adherenceSentence { sentences.append(adherence) }
        if summary.bradycardia?.urgent == false, let slowPulse = bradycardiaSentence { sentences.append(slowPulse) }
        if let af = atrialFibrillationSentence { sentences.append(af) }
        if let notes = ofNote { sentences.append(notes) }
        return sentences.joined(separator: strings.text("clinical.sentenceSeparator")) + strings.text("clinical.end")
    }

    /// "A new monitor from 16 Nov (new wrist monitor); home BP +10/+7 mmHg since, at the same
    /// times of day (event 1): check the monitor against an office reading before calling the
    /// pressure uncontrolled; ESH recommends a validated upper-arm device". The step is the
    /// events table's difference for the monitor's row, left out when that is withheld or has too
    /// few sessions; nil without a monitor change.
    private func monitorSentence(_ verdict: HomeVerdict) -> String? {
        guard let monitor = summary.monitorChange else { return nil }
        let (event, day) = eventWords(monitor.event)
        var values = [
            "event": event, "date": day,
            "check": strings.text(verdict.sufficient && verdict.atOrAboveThreshold ? "clinical.monitor.check.uncontrolled" : "clinical.monitor.check"),
        ]
        guard let row = summary.events.firstIndex(where: { $0.event.id == monitor.event.id }), let step = monitor.step(summary.events[row]) else {
            return strings.text("clinical.monitor", values)
        }
        values.merge(["difference": SummaryWording.signedPair(step.systolic, step.diastolic), "number": String(row + 1)]) { $1 }
        return strings.text("clinical.monitor.step", values)
    }

    /// "48 standing readings left out of the home figures (home BP is measured seated):
    /// orthostatic hypotension, a fall of ≥ 20 systolic or ≥ 10 diastolic on standing in 23 of 28
    /// sessions (mean change −22/−10)"; nil without standing readings (``OrthostaticReadings``).
    private var standingSentence: String? {
        guard let standing = summary.orthostatic else { return nil }
        var sentence = strings.text(standing.standing == 1 ? "clinical.standing.one" : "clinical.standing", ["n": String(standing.standing)])
        guard standing.sessions > 0, let fall = standing.meanFall else { return sentence }
        let values = [
            "systolic": String(OrthostaticReadings.fall.systolic), "diastolic": String(OrthostaticReadings.fall.diastolic),
            "falls": String(standing.falls), "sessions": String(standing.sessions),
            "mean": SummaryWording.signedPair(Double(-Figures.rounded(fall.systolic)), Double(-Figures.rounded(fall.diastolic))),
        ]
        sentence += strings.text(standing.falls > 0 ? "clinical.standing.falls" : "clinical.standing.noFalls", values)
        return sentence
    }

    /// "Slow pulse (bradycardia): mean pulse 46 this week, 19 of 20 readings below 50, lowest 38,
    /// with “very tired” noted; on metoprolol 190 mg: ECG promptly and review the rate-slowing
    /// medicine"; nil without a slow pulse (``Bradycardia``). Marked or with symptoms it opens
    /// page 1 (``clinicalSafety``), else it follows the treatment.
    private var bradycardiaSentence: String? {
        guard let slow = summary.bradycardia else { return nil }
        var sentence = strings.text(slow.week ? "clinical.brady" : "clinical.brady.range", [
            "lead": strings.text(slow.marked ? "clinical.brady.lead.marked" : "clinical.brady.lead"), "pulse": String(Figures.rounded(slow.meanPulse)),
            "slow": String(slow.slow), "n": String(slow.readings), "rate": String(Bradycardia.slowRate), "lowest": String(slow.lowest),
        ])
        if let note = slow.symptomNote, note != summary.safety?.first.note { sentence += strings.text("clinical.brady.note", ["note": String(note.prefix(60))]) }
        let urgent = slow.urgent ? ".urgent" : ""
        if slow.rateSlowing.isEmpty {
            sentence += strings.text("clinical.brady.ecg" + urgent)
        } else {
            let names = slow.rateSlowing.map { course in MedicineText(words: strings).name(course) + (course.dose.map { " " + $0 } ?? "") }
            sentence += strings.text("clinical.brady.drug" + urgent, ["medicines": strings.conjunction(names)])
        }
        return sentence
    }

    /// "Irregular heartbeat flagged on 33 of the range's 56 readings, possible AF on 12; the
    /// week's mean pulse 88: confirm by ECG; in AF take 3 readings a session (ESH 2023), 2 of 12
    /// sessions had 3", or with AF on the profile "In AF, mean pulse 88: take at least 3 readings
    /// a session…". The pulse is the headline week's, the flags labelled when they are the range's.
    private var atrialFibrillationSentence: String? {
        guard let af = summary.atrialFibrillation else { return nil }
        var values = ["guideline": Guideline.esh.label(in: strings), "n": String(AtrialFibrillation.readingsPerSession),
                      "with": String(af.sessionsWithThree), "sessions": String(af.sessions),
                      "pulse": af.meanPulse.map { String(Figures.rounded($0)) } ?? ""]
        var sentence: String
        if let findings = af.findings, !af.known {
            values.merge(["irregular": String(findings.irregularHeartbeat), "afib": String(findings.possibleAFib), "total": String(findings.readings)]) { $1 }
            sentence = strings.text(af.flagsOverRange ? "clinical.af.flagged.range" : "clinical.af.flagged", values)
            if af.meanPulse != nil {
                // After the range's flags, the week's pulse says whose it is.
                sentence += strings.text(af.flagsOverRange && summary.protocolAverage != nil ? "clinical.af.pulse.week" : "clinical.af.pulse", values)
            }
            sentence += strings.text("clinical.af.confirm", values)
        } else {
            sentence = strings.text(af.meanPulse == nil ? "clinical.af.known" : "clinical.af.known.pulse", values)
        }
        if af.sessions > 0 { sentence += strings.text("clinical.af.sessions", values) }
        // A fast rate on the flagged readings is said here, once, with the rest of AF.
        if let findings = af.findings, findings.fastPulse > 0 {
            // The flags are the range's: said so beside the week's sessions.
            sentence += strings.text(af.flagsOverRange ? "clinical.af.fast.range" : "clinical.af.fast", [
                "fast": String(findings.fastPulse), "flagged": String(findings.flagged), "pulse": String(DeviceFindings.fastRate),
            ])
        }
        return sentence
    }

    /// "On amlodipine 5 mg since 1 Jun, ramipril 5 mg since 1 Jun and telmisartan 40 mg from
    /// 25 Nov → 80 mg from 27 Nov": the medicines taken on the headline week's last day, from the
    /// care record, each dose with the day it began, before the range too.
    private var regimenSentence: String? {
        let last = summary.protocolAverage?.lastDay ?? summary.to
        let taken = summary.regimen.taken(on: last)
        guard !taken.isEmpty else { return nil }
        let items = taken.map { course -> String in
            let since = course.lastChange(onOrBefore: last)?.day ?? course.steps[0].day
            let dated = { (day: CivilDate) in strings.tickDate(day, withYear: datesNeedYear || day.year != last.year) }
            // Each dose in turn, when it changed: what the doctor reads the week against.
            var doses: [Regimen.Step] = []
            for step in course.steps where step.action != .stop && step.day <= last && step.dose != nil && step.dose != doses.last?.dose {
                doses.append(step)
            }
            if doses.count > 1 {
                let steps = doses.map { strings.text("clinical.regimen.step", ["dose": $0.dose ?? "", "date": dated($0.day)]) }
                return strings.text("clinical.regimen.steps", ["name": MedicineText(words: strings).name(course), "steps": steps.joined(separator: " → ")])
            }
            return strings.text(course.dose == nil ? "clinical.regimen.itemNoDose" : "clinical.regimen.item", [
                "name": MedicineText(words: strings).name(course), "dose": course.dose ?? "", "date": dated(since),
                "action": strings.text(course.steps.count > 1 && since != course.steps[0].day ? "clinical.regimen.changed" : "clinical.regimen.since"),
            ])
        }
        let listed = items.count > 2 ? [strings.list(Array(items.dropLast())), items.last!] : items
        var sentence = strings.text("clinical.regimen", ["items": strings.conjunction(listed)])
        if let resistant = summary.resistant {
            // Every guideline HealthLog reads defines it alike: the one the report is made under is cited.
            sentence += strings.text("clinical.resistant", ["n": String(resistant.classCount), "guideline": summary.options.guideline.label(in: strings)])
        }
        // A medicine stopped while the rest go on stays on the line, with its day, its reason and
        // the pressure before and after; the one the home sentence names as too recent is not said twice.
        let tooEarly = summary.tooEarlyToJudge?.id
        for stop in summary.stoppedAlone where stop.course.steps.last?.eventID != tooEarly {
            sentence += stopSentence(stop, alone: true)
        }
        return sentence
    }

    /// "Treated (amlodipine 5 mg started, since 27 Oct, 34 days)", "No BP medication recorded
    /// in the headline week", or nil when the log records no medication at all.
    private var treatmentSentence: String? {
        if let stop = summary.stop { return stopSentence(stop) }
        // The care record says what is taken; the tags only whether it was recorded.
        if let regimen = regimenSentence { return regimen }
        // The change that leaves the week too early to judge is named by the home sentence;
        // this one never names it again.
        let tooEarly = summary.tooEarlyToJudge?.id
        let events = summary.events.filter { $0.event.id != tooEarly }
        guard summary.goals.treated else {
            // A medication event with no tag in the week: say both, the doctor asks which is true.
            let last = summary.protocolAverage?.lastDay ?? summary.to
            if let event = events.last(where: { $0.event.kind == .medication && $0.event.at.measurementDay <= last })?.event {
                return strings.text("clinical.untreatedAfterEvent", ["event": eventWords(event).name, "date": eventWords(event).date])
            }
            return summary.medicationDays == nil ? nil : strings.text("clinical.untreated")
        }
        guard let days = summary.medicationDays else { return strings.text("clinical.treated") }
        let last = summary.protocolAverage?.lastDay ?? summary.to
        let started = events.first { $0.event.kind == .medication && $0.event.at.measurementDay == days.since }?.event
        // The tags and the events disagree on when treatment began (tagged from 6 Oct, "amlodipine
        // started" on 27 Oct): both are said, and the doctor asks which is true.
        let later = started == nil
            ? events.last { $0.event.kind == .medication && $0.event.at.measurementDay > days.since && $0.event.at.measurementDay <= last }?.event
            : nil
        // The start is day 0, as an event's day is: 27 Oct to 29 Nov is 33 days, and on the day
        // itself no count is said.
        let elapsed = last.dayNumber - days.since.dayNumber
        var values = [
            "since": date(days.since), "event": started.map(eventWords)?.name ?? later.map(eventWords)?.name ?? "",
            "for": elapsed < 1 ? "" : strings.text(elapsed == 1 ? "clinical.for.one" : "clinical.for", ["days": String(elapsed)]),
        ]
        if let later { values["date"] = date(later.at.measurementDay) }
        // A medication event before the first home reading (amlodipine started in September,
        // home readings from November) is when treatment began: said first.
        if started == nil, later == nil,
            let earlier = events.last(where: { $0.event.kind == .medication && $0.event.at.measurementDay < days.since })?.event
        {
            return strings.text(
                "clinical.treatedEarlierEvent", ["event": eventWords(earlier).name, "date": eventWords(earlier).date, "since": date(days.since)])
        }
        // With no home day before the first record, treatment may have begun before the range.
        let key = started != nil ? "clinical.treatedEvent" : days.daysBefore == 0 ? "clinical.treatedThroughout" : "clinical.treatedSince"
        return strings.text(later == nil ? key : key + ".event", values)
    }

    /// "Untreated since amlodipine was stopped on 9 Nov (ankle swelling): home 129/79 (n=84) in
    /// the 28 days before → 146/92 (n=52) on days 8–35 after (event 1)": a decision, said as one,
    /// never as missed doses. The means are the stop's row of the events table, cell for cell,
    /// never the headline figure again; without that row (a stop before the range) the 28 days
    /// before it, and without an after window the before alone.
    /// A medicine stopped `alone`, while others go on, is a clause of the regimen sentence:
    /// "; amlodipine 5 mg stopped on 24 Oct (ankle swelling): home 128/79 (n=112) in the 28 days
    /// before → 146/90 (n=112) on days 8–35 after (event 1)".
    private func stopSentence(_ stop: TreatmentStop, alone: Bool = false) -> String {
        let name = MedicineText(words: strings).name(stop.course)
        let key = alone ? "clinical.stoppedAlone" : "clinical.stopped"
        var values = [
            "medicine": alone ? stop.course.dose.map { name + " " + $0 } ?? name : name, "date": date(stop.day),
            "reason": stop.reason.map { strings.text("clinical.stopped.reason", ["reason": String($0.prefix(SummaryWording.eventNameLength))]) } ?? "",
        ]
        let stepAt = stop.course.steps.last?.at
        let row = summary.events.firstIndex { $0.event.kind == .medication && $0.event.at == stepAt }
        let before = row.map { summary.events[$0].before } ?? stop.before
        guard before.mean != nil else { return strings.text(key, values) }
        values["before"] = window(before)
        guard let row, summary.events[row].after.mean != nil else { return strings.text(key + ".before", values) }
        values["after"] = window(summary.events[row].after)
        values["number"] = String(row + 1)
        return strings.text(key + ".figures", values)
    }

    /// The first sentence of page 1 when a reading must be seen before any average: "Emergency:
    /// 166/112 on 29 Nov is severe in pregnancy (≥ 160/110, ESH 2023), with “severe headache,
    /// flashing lights…”: warning signs of pre-eclampsia, an obstetric emergency: seek care now;
    /// also 158/106 on 28 Nov with “headache, swollen hands”"; nil without one. A severe reading
    /// with warning signs is an emergency (ESH 2023, ESC 2018 in pregnancy), never one to wait a day for.
    var safetySentence: String? {
        guard let safety = summary.safety else { return nil }
        let first = safety.first
        var values = [
            "pressure": first.pressure?.description ?? "", "date": date(first.takenAt.measurementDay), "note": String(first.note.prefix(80)),
            "limit": first.limit?.text ?? "", "guideline": Guideline.esh.label(in: strings),
        ]
        let key: String
        if first.severe && first.pregnant {
            key = first.warning ? "clinical.safety.pregnancyWarning" : "clinical.safety.pregnancy"
        } else if first.pregnant && first.warning && first.pressure != nil {
            // Headache with visual disturbance in a pregnancy is pre-eclampsia's warning below 160/110 too.
            key = "clinical.safety.pregnancyWarning.belowSevere"
        } else if first.severe {
            key = "clinical.safety.veryHighWarning"
        } else {
            key = first.pressure == nil ? "clinical.safety.warning.noPressure" : "clinical.safety.warning"
        }
        var sentence = strings.text(key, values)
        var others = safety.readings.filter { $0.id != first.id }
        // A severe reading is named, never only counted, when the first is not severe: the latest.
        if !first.severe, let severe = others.last(where: \.severe), let pressure = severe.pressure {
            sentence += strings.text(severe.pregnant ? "clinical.safety.alsoSeverePregnancy" : "clinical.safety.alsoSevere", [
                "pressure": pressure.description, "date": date(severe.takenAt.measurementDay), "limit": severe.limit?.text ?? "",
            ])
            others.removeAll { $0.id == severe.id }
        }
        // Symptoms noted with other readings of the headline period are named, never only
        // counted: 158/106 with a headache the day before 166/112 is the rise a doctor reads.
        let period = headlinePeriod
        for noted in others.filter({ $0.warning && $0.pressure != nil && period.contains($0.takenAt.measurementDay) }).suffix(2) {
            sentence += strings.text("clinical.safety.alsoNoted", [
                "pressure": noted.pressure?.description ?? "", "date": date(noted.takenAt.measurementDay), "note": String(noted.note.prefix(80)),
            ])
            others.removeAll { $0.id == noted.id }
        }
        if !others.isEmpty {
            values["n"] = String(others.count)
            sentence += strings.text(others.count == 1 ? "clinical.safety.more.one" : "clinical.safety.more", values)
        }
        return sentence
    }

    /// The headline period: the headline week from its left-out first day, with the recent days
    /// beside it; without a protocol week, the range.
    private var headlinePeriod: ClosedRange<CivilDate> {
        summary.protocolAverage.map { $0.excludedDay...(summary.recentWeek?.lastDay ?? $0.lastDay) } ?? summary.from...summary.to
    }

    /// "Fall or near fall noted 2 times in the range, 1 this week: 21 Nov “fell in the
    /// bathroom”; 28 Nov “nearly fell”; on treatment, frail: consider reducing or stopping a
    /// medicine (ESH 2023, ESC 2024)"; nil without falls, and without a reason to consider
    /// deprescribing. The week is the headline period the symptom notes are counted in.
    var fallsSentence: String? {
        var parts: [String] = []
        if let falls = summary.falls {
            let items = listedFalls.map { strings.text("clinical.fall.item", ["date": date($0.day), "note": String($0.note.prefix(50))]) }
            let week = summary.protocolAverage.map { $0.excludedDay...(summary.recentWeek?.lastDay ?? $0.lastDay) }
            let inWeek = week.map { week in strings.text("clinical.falls.week", ["n": String(falls.falls.count { week.contains($0.day) })]) } ?? ""
            // A near fall is never counted as a fall: the words say which they were.
            let kind = falls.onlyNear ? "clinical.nearFalls" : falls.noNear ? "clinical.fallsOnly" : "clinical.falls"
            parts.append(strings.text(falls.falls.count == 1 ? kind + ".one" : kind, [
                "n": String(falls.falls.count), "week": inWeek, "items": items.joined(separator: strings.text("clinical.partSeparator")),
            ]))
        }
        if summary.considerDeprescribing {
            let who = summary.goals.relaxed.map { strings.text("clinical.deprescribe.who", ["who": relaxedWho($0)]) } ?? ""
            parts.append(strings.text(parts.isEmpty ? "clinical.deprescribe.alone" : "clinical.deprescribe", [
                "what": deprescribingReasons, "who": who, "esh": Guideline.esh.label(in: strings), "esc": Guideline.esc.label(in: strings),
            ]))
        }
        return parts.isEmpty ? nil : parts.joined(separator: strings.text("clinical.partSeparator"))
    }

    /// What there was, as it was: "a fall, a near fall and dizziness", "near falls", "dizziness"
    /// (a near fall is never called a fall, nor dizziness a fall).
    var deprescribingReasons: String {
        let falls = summary.falls?.falls ?? []
        let real = falls.count { !$0.near }
        let near = falls.count - real
        var items: [String] = []
        if real > 0 { items.append(strings.text(real == 1 ? "clinical.deprescribe.fall.one" : "clinical.deprescribe.fall")) }
        if near > 0 { items.append(strings.text(near == 1 ? "clinical.deprescribe.nearFall.one" : "clinical.deprescribe.nearFall")) }
        if summary.symptomNotes != nil || summary.earlierSymptomNotes != nil { items.append(strings.text("clinical.deprescribe.dizziness")) }
        guard let last = items.popLast() else { return "" }
        return items.isEmpty ? last : strings.conjunction([strings.list(items), last])
    }

    /// "dizziness or fainting noted once earlier in the range, on 10 Nov: “dizzy when I stood
    /// up”", or "1 more earlier in the range, on 10 Nov: …" after the week's count: a note before
    /// the headline week, labelled with its own dates, as page 1's time frame asks; nil without one.
    private var earlierSymptomsPart: String? {
        earlierPart(summary.earlierSymptomNotes, week: summary.symptomNotes, key: "clinical.symptoms.earlier")
    }

    /// ``earlierSymptomsPart`` for the notes of palpitations: "palpitations noted 2 times
    /// earlier in the range, 3–10 Nov", or "1 more earlier, on 10 Nov" after the week's count.
    private var earlierPalpitationsPart: String? {
        earlierPart(summary.earlierPalpitationNotes, week: summary.palpitationNotes, key: "clinical.palpitations.earlier")
    }

    /// The notes of one symptom before the headline week, `earlier`, labelled with their own
    /// dates (`key`, its `.one` for one), or counted as more after the week's (`week`); nil without any.
    private func earlierPart(_ earlier: SymptomNotes?, week: SymptomNotes?, key: String) -> String? {
        guard let earlier else { return nil }
        let prefix = week == nil ? key : "clinical.symptoms.more"
        var part = strings.text(earlier.count == 1 ? prefix + ".one" : prefix, [
            "n": String(earlier.count), "date": date(earlier.lastDay), "from": date(earlier.firstDay), "to": date(earlier.lastDay),
        ])
        // A note said already (the week's latest, a fall's) is not quoted again.
        if earlier.latestNote != week?.latestNote, !notesSaidInSafety.contains(earlier.latestNote) {
            part += strings.text(earlier.count == 1 ? "clinical.lowNote.one" : "clinical.lowNote", ["note": String(earlier.latestNote.prefix(60))])
        }
        return part
    }

    /// "frail" or "aged 87": why the target is relaxed.
    func relaxedWho(_ relaxed: RelaxedTarget) -> String {
        switch relaxed {
        case .frail: strings.text("relaxed.frail")
        case .age(let age): strings.text("relaxed.age", ["age": String(age)])
        }
    }

    /// "Home 138/86 is uncontrolled (ESH 2023 ≥ 135/85) and …, higher in the mornings (…)".
    private func homeSentence(_ verdict: HomeVerdict) -> String {
        let goals = summary.goals
        let guideline = SummaryWording.thresholdSource(goals, strings: strings)
        var values = [
            "mean": SummaryWording.figure(verdict), "guideline": guideline, "threshold": goals.threshold.description,
            "target": goals.target.description, "name": summary.profile.name, "limit": goals.lowerLimit.description,
        ]
        var key: String
        if !verdict.sufficient {
            key = "clinical.home.provisional"
        } else if let change = summary.tooEarlyToJudge {
            // The figure is neither side of the threshold yet: the change is said here, once.
            let (event, day) = eventWords(change)
            values.merge(["event": event, "date": day]) { $1 }
            if let days = summary.weekQuality?.medicationChangeDaysBefore {
                values["days"] = String(days)
                return strings.text(days == 1 ? "clinical.home.tooEarly.before.one" : "clinical.home.tooEarly.before", values)
            }
            return strings.text("clinical.home.tooEarly.inside", values)
        } else if verdict.low {
            if let relaxed = goals.relaxed, goals.treated { values["who"] = relaxedWho(relaxed) }
            key = goals.treated && goals.pregnant ? "clinical.home.lowPregnancy"
                : goals.targetSource == .treatedBand ? "clinical.home.belowBand" : values["who"] != nil ? "clinical.home.lowRelaxed" : "clinical.home.low"
        } else if let near = verdict.nearThreshold {
            values.merge(nearWords(near)) { $1 }
            key = "clinical.home.atThreshold"
        } else if goals.treated, !verdict.atOrAboveThreshold, goals.targetSource == .profile, verdict.atOrAboveTarget == true, verdict.nearTarget == nil {
            // Below the threshold but above the doctor's own target is not "controlled": the target decides.
            key = "clinical.home.notAtOwnTarget"
        } else if goals.treated {
            key = namesIsolatedSystolic ? "clinical.home.uncontrolled.isolatedSystolic" : verdict.atOrAboveThreshold ? "clinical.home.uncontrolled"
                : goals.targetSource == .treatedBand ? "clinical.home.belowThreshold" : "clinical.home.controlled"
        } else {
            key = namesIsolatedSystolic ? "clinical.home.above.isolatedSystolic" : verdict.atOrAboveThreshold ? "clinical.home.above" : "clinical.home.below"
        }
        // On a new monitor the figure reaches the threshold; whether the pressure is uncontrolled
        // waits for the monitor's check, which the next sentence asks for.
        if summary.monitorChange != nil, key == "clinical.home.uncontrolled" || key == "clinical.home.above" { key = "clinical.home.reaches" }
        var sentence = strings.text(key, values)
        // The target is read only on a decided figure that is not low.
        if verdict.sufficient, !verdict.low, key != "clinical.home.notAtOwnTarget", let atOrAbove = verdict.atOrAboveTarget {
            let targetKey: String = switch goals.targetSource {
            case .treatedBand: verdict.nearTarget != nil ? "clinical.band.at" : atOrAbove ? "clinical.band.above" : "clinical.band.within"
            default: verdict.nearTarget != nil ? "clinical.target.at" : atOrAbove ? "clinical.target.above" : "clinical.target.below"
            }
            sentence += strings.text(targetKey, values)
        }
        if let mornings = verdict.morningHypertension {
            // 134/83 with mornings at 144/91 is morning hypertension, never simply below the threshold;
            // above the doctor's target, the mornings add to it, never "but".
            let morningKey = key == "clinical.home.notAtOwnTarget" ? "clinical.morningHypertension.target" : "clinical.morningHypertension"
            return sentence + strings.text(slotKey(morningKey), [
                "morning": SummaryWording.pressure(mornings, against: goals.threshold), "threshold": goals.threshold.description,
                "n": String(mornings.count),
            ])
        }
        if let (systolic, diastolic) = notableWeekDifference {
            // Uncontrolled, with mornings higher still and at the threshold themselves: morning
            // hypertension too (清晨高血压, China 2024), what the timing of a dose may answer.
            let morningHypertension = systolic > 0 && summary.protocolAverage?.morning?.reaches(goals.threshold) == true
            sentence += strings.text(
                slotKey(morningHypertension ? "clinical.mornings.hypertension" : systolic > 0 ? "clinical.mornings" : "clinical.evenings"),
                ["difference": SummaryWording.signedPair(Double(systolic), Double(diastolic))])
        }
        return sentence
    }

    /// True when the home sentence names isolated systolic hypertension: a decided figure, not
    /// low, not at the threshold nor too early to judge, whose systolic alone reaches the
    /// threshold (``HomeVerdict/isolatedSystolic``). "Home 157/64 is uncontrolled: isolated
    /// systolic hypertension": the pattern line below it is then not said again.
    var namesIsolatedSystolic: Bool {
        guard let verdict = summary.verdict else { return false }
        return verdict.sufficient && summary.tooEarlyToJudge == nil && !verdict.low && verdict.nearThreshold == nil && verdict.isolatedSystolic
    }

    /// The week's morning − evening difference (whole mmHg, as the means print) when the home
    /// sentence says it ("higher in the mornings (morning − evening +6/+3)"); nil otherwise.
    var notableWeekDifference: (systolic: Int, diastolic: Int)? {
        // A low figure's sentence ends on what to ask ("ask about symptoms on standing"): the
        // difference is left to the box below it, never read as the symptoms' ("…, higher in the mornings").
        guard let verdict = summary.verdict, verdict.sufficient, !verdict.low, verdict.morningHypertension == nil, let average = summary.protocolAverage,
            average.morningEveningDifference != nil, let morning = average.morning, let evening = average.evening
        else { return nil }
        let systolic = morning.shown.systolic - evening.shown.systolic
        guard abs(systolic) >= SummaryWording.notableMorningEvening else { return nil }
        return (systolic, morning.shown.diastolic - evening.shown.diastolic)
    }

    /// "Of note: 2 of the 24 headline readings after black coffee or exercise; 3 morning sessions
    /// without the medication tag since 27 Oct; 2 notes say a dose was forgotten; dizziness or
    /// fainting noted twice". The alerts are not among them: the safety sentences say them.
    private var ofNote: String? {
        var parts: [String] = []
        if summary.protocolAverage != nil, let deviations = summary.headlineDeviations {
            parts.append(strings.text("clinical.deviations", [
                "n": String(deviations.count), "total": String(summary.headlineReadings),
                "tags": strings.alternatives(deviations.tagIDs.map(tagLabel)),
            ]))
        }
        // Doses recorded with `took` are said by the adherence clause, for the headline week.
        if summary.doseAdherence == nil, let days = summary.medicationDays {
            // Counted since treatment began, not in the headline week: said with their own date,
            // once for both, beside the week's counts.
            let periods = strings.conjunction(days.usualPeriods.map { strings.text($0.rawValue).lowercased() })
            let notes = days.forgottenNotes.count
            let values = ["n": String(days.missedSessions), "periods": periods, "since": date(days.since), "notes": String(notes)]
            switch (days.missedSessions > 0, notes) {
            case (true, 0): parts.append(strings.text("clinical.missed", values))
            case (true, 1): parts.append(strings.text("clinical.missedAndForgotten.one", values))
            case (true, _): parts.append(strings.text("clinical.missedAndForgotten", values))
            case (false, 0): break
            case (false, 1): parts.append(strings.text("clinical.forgotten.one", values))
            case (false, _): parts.append(strings.text("clinical.forgotten", values))
            }
        }
        // The alerts are the safety sentences' (``clinicalSafety``), not said again here.
        if let symptoms = summary.symptomNotes {
            var part = strings.text(symptoms.count == 1 ? "clinical.symptoms.one" : "clinical.symptoms", ["n": String(symptoms.count)])
            // The low reading the alerts give with its date is not given again as the lowest.
            let saidLow = summary.alerts.last { $0.kind == .low }?.pressure
            if let lowest = symptoms.lowest, lowest != saidLow {
                part += strings.text(symptoms.count == 1 ? "symptoms.at" : "symptoms.lowest", ["pressure": lowest.description])
            }
            if !notesSaidInSafety.contains(symptoms.latestNote) {
                // One note is not "the latest".
                part += strings.text(symptoms.count == 1 ? "clinical.lowNote.one" : "clinical.lowNote", ["note": String(symptoms.latestNote.prefix(60))])
            }
            parts.append(part)
        }
        if let earlier = earlierSymptomsPart { parts.append(earlier) }
        // Dizziness without a low or frail picture asks for standing readings, not less treatment.
        if summary.asksForStandingReadings { parts.append(strings.text("clinical.standing.measure")) }
        if let palpitations = summary.palpitationNotes {
            var part = strings.text(palpitations.count == 1 ? "clinical.palpitations.one" : "clinical.palpitations", ["n": String(palpitations.count)])
            if palpitations.latestNote != summary.symptomNotes?.latestNote, !notesSaidInSafety.contains(palpitations.latestNote) {
                part += strings.text(palpitations.count == 1 ? "clinical.lowNote.one" : "clinical.lowNote", ["note": String(palpitations.latestNote.prefix(60))])
            }
            parts.append(part)
        }
        if let earlier = earlierPalpitationsPart { parts.append(earlier) }
        guard !parts.isEmpty else { return nil }
        return strings.text("clinical.ofNote", ["parts": parts.joined(separator: strings.text("clinical.partSeparator"))])
    }
}
