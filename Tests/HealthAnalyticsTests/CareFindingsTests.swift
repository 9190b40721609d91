import HealthAnalytics
import HealthCore
import Testing

/// What the care record changes in the figures (issue 35): symptom words, the readings page 1
/// opens with, pregnancy's severe limit, falls, the relaxed target, and a deliberate stop.
@Suite struct CareFindingsTests {
    func noted(_ date: String, _ hour: Int, _ systolic: Int, _ diastolic: Int, _ note: String, tags: [String] = []) -> Reading {
        var value = reading(date, hour, 0, systolic, diastolic, tags: tags)
        value.note = note
        return value
    }

    @Test func symptomWordsInEnglishAndChinese() {
        #expect(Symptom.named(in: "头有点晕") == [.dizziness], "the README's own example")
        #expect(Symptom.named(in: "fell in the bathroom this morning") == [.fall])
        #expect(Symptom.named(in: "nearly fell, had to sit down") == [.fall])
        #expect(Symptom.named(in: "早上在厨房摔倒了") == [.fall])
        #expect(Symptom.named(in: "fell asleep on the sofa").isEmpty, "falling asleep is no fall")
        #expect(Symptom.named(in: "fell asleep, then fell on the stairs") == [.fall])
        #expect(Symptom.named(in: "bad headache, seeing flashing lights") == [.warning])
        #expect(Symptom.named(in: "Chest pain after the stairs") == [.warning])
        #expect(Symptom.named(in: "胸闷，气短") == [.warning])
        #expect(Symptom.named(in: "心慌") == [.palpitations])
        // The Chinese and English warning words, and fainting.
        for note in ["说话困难", "言语不清", "口齿不清", "手脚无力", "一侧无力", "胸口有点闷", "胸闷", "胸痛", "气短", "喘不上气", "头痛，看东西模糊", "头痛，眼前发黑", "昏倒", "晕倒", "passed out", "fainted at lunch"] {
            #expect(Symptom.named(in: note).contains(.warning), "\(note)")
        }
        // Denied, a symptom is not named: in English within the clause, in Chinese directly before the word.
        for note in ["no chest pain", "not dizzy", "without headache", "no headache or blurred vision", "没有头晕", "不头痛，看东西模糊", "无胸痛", "未晕倒", "没胸闷"] {
            #expect(Symptom.named(in: note).isEmpty, "\(note)")
        }
        #expect(Symptom.named(in: "no chest pain, but dizzy") == [.dizziness], "a denial ends with its clause")
        #expect(Symptom.named(in: "not dizzy and then fell") == [.fall])
        // Falls and near falls; a fall's word inside another word is none.
        for note in ["fell", "a fall at home", "nearly fell", "near fall", "摔倒", "跌倒", "差点摔倒"] {
            #expect(Symptom.named(in: note) == [.fall], "\(note)")
        }
        #expect(Symptom.named(in: "heavy rainfall, walked slowly").isEmpty)
        #expect(Symptom.named(in: "after coffee").isEmpty)
        #expect(Symptom.named(in: "wrote down the number of pills").isEmpty, "'number' is no numbness")
        #expect(Symptom.named(in: "left arm went numb") == [.warning])
        // add's attention lines use the same list.
        #expect(ReadingAttention.of(noted("2026-11-30", 7, 150, 92, "chest pain"), guideline: .esh) == [.warningSymptom])
        #expect(ReadingAttention.of(noted("2026-11-30", 7, 120, 72, "头有点晕"), guideline: .esh) == [.symptom])
    }

    @Test func pregnancyMakesReadingsVeryHighFrom160Over110() {
        var anna = Profile(id: "dad", name: "Anna", birthYear: 1994)
        anna.pregnancyDue = day("2027-02-08")
        let readings = [
            reading("2026-11-29", 7, 0, 150, 95),
            noted("2026-11-30", 7, 164, 108, "bad headache, seeing flashing lights; ankles and face swollen"),
            reading("2026-11-30", 21, 0, 160, 100),
        ]
        let summary = BPSummary(profile: anna, readings: readings)
        #expect(summary.alerts.filter { $0.kind == .urgent }.count == 2)
        #expect(summary.alerts.allSatisfy { $0.limit == .pregnancy && $0.pregnant })
        let safety = try! #require(summary.safety)
        #expect(safety.first.pressure == BloodPressure(systolic: 164, diastolic: 108), "severe with warning symptoms comes first")
        #expect(safety.first.warning && safety.first.severe && safety.first.pregnant)
        #expect(safety.readings.count == 2)
        #expect(summary.pregnancyWeek == 30)
        // Not pregnant: neither is very high, and nothing is flagged without warning words.
        let after = BPSummary(profile: dad, readings: [readings[0], readings[2]])
        #expect(after.alerts.isEmpty && after.safety == nil)
        #expect(BPSummary(profile: dad, readings: readings).safety?.readings.count == 1, "warning symptoms, whatever the profile")
    }

    @Test func frailtyAndAgeRelaxTheTargetUnderEveryGuideline() {
        var grandpa = Profile(id: "dad", name: "Grandpa", birthYear: 1939)
        let escGoals = Goals(profile: grandpa, guideline: .esc, treated: true, on: day("2026-11-29"))
        #expect(escGoals.relaxed == .age(87))
        #expect(escGoals.targetSource == .threshold, "never ESC's band from 85")
        #expect(escGoals.lowerLimit == Goals.relaxedLowerLimit)
        grandpa.birthYear = 1950
        #expect(Goals(profile: grandpa, guideline: .esc, treated: true, on: day("2026-11-29")).targetSource == .treatedBand)
        grandpa.frail = true
        let frail = Goals(profile: grandpa, guideline: .esc, treated: true, on: day("2026-11-29"))
        #expect(frail.relaxed == .frail && frail.targetSource == .threshold)
    }

    @Test func fallsAcrossTheRangeRaiseDeprescribingOnTreatment() {
        var readings: [Reading] = []
        for date in (20...29).map({ "2026-11-\($0)" }) {
            readings += [reading(date, 7, 0, 108, 60, tags: ["bp-med"]), reading(date, 7, 2, 110, 61, tags: ["bp-med"]),
                         reading(date, 21, 0, 106, 58, tags: ["bp-med"]), reading(date, 21, 2, 107, 59, tags: ["bp-med"])]
        }
        readings.append(noted("2026-11-21", 10, 112, 62, "fell in the bathroom this morning", tags: ["bp-med"]))
        readings.sort { $0.takenAt < $1.takenAt }
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.falls?.falls.map(\.day) == [day("2026-11-21")], "a fall before the headline week is counted")
        #expect(summary.considerDeprescribing)
        let untreated = readings.map { reading -> Reading in
            var copy = reading
            copy.tagIDs = []
            return copy
        }
        #expect(!BPSummary(profile: dad, readings: untreated).considerDeprescribing)
        // Uncontrolled, a fall asks for no less treatment.
        let high = readings.map { reading -> Reading in
            var copy = reading
            copy.bloodPressure = BloodPressure(systolic: 150, diastolic: 95)
            return copy
        }
        #expect(!BPSummary(profile: dad, readings: high).considerDeprescribing)
        #expect(BPSummary(profile: dad, readings: high).falls != nil, "the fall is still counted")
    }

    @Test func aDeliberateStopIsNeitherMissedDosesNorTreatment() {
        var readings: [Reading] = []
        for offset in 0..<14 {
            let date = day("2026-11-01").adding(days: offset).description
            let tags = offset < 7 ? ["bp-med"] : []
            readings += [reading(date, 7, 0, offset < 7 ? 128 : 145, 80, tags: tags), reading(date, 21, 0, offset < 7 ? 126 : 143, 79, tags: tags)]
        }
        let stop = MedicineChange(name: "amlodipine", action: .stop, reason: "ankle swelling")
        let start = MedicineChange(name: "amlodipine", action: .start, dose: "5 mg")
        let events = [
            Event(profileID: "dad", at: ZonedInstant(date: day("2026-09-01"), hour: 8, minute: 0, offsetMinutes: 480), kind: .medication, text: start.eventText, medicine: start),
            Event(profileID: "dad", at: ZonedInstant(date: day("2026-11-08"), hour: 8, minute: 0, offsetMinutes: 480), kind: .medication, text: stop.eventText, medicine: stop),
        ]
        let regimen = Regimen(events: events, catalogue: .empty)
        let summary = BPSummary(profile: dad, readings: readings, events: events, regimen: regimen)
        let days = try! #require(summary.medicationDays)
        #expect(days.days == 7 && days.medicated == 7 && days.missedSessions == 0)
        #expect(days.until == day("2026-11-08"))
        let stopped = try! #require(summary.stop)
        #expect(stopped.day == day("2026-11-08") && stopped.reason == "ankle swelling")
        #expect(stopped.before.mean?.shown == BloodPressure(systolic: 127, diastolic: 80))
        // Without the stop recorded, the untagged days are days without the pill.
        let unknown = BPSummary(profile: dad, readings: readings)
        #expect(unknown.medicationDays?.days == 14 && unknown.stop == nil)
    }
}
