import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

/// Notes of dizziness or fainting in the headline period, counted on page 1 and in `stats`.
@Suite struct SymptomNotesTests {
    /// A treated 80-year-old's week at 105/63 (23–29 Nov) with "站起来头晕" at 88/54, 86/52 and
    /// 92/58 on 27 Nov, one "dizzy" note weeks before, and one ordinary note.
    static var readings: [Reading] {
        var readings = LowPressureTests.week((105, 63), treated: true)
        for (hour, pressure) in [(8, (88, 54)), (9, (86, 52)), (10, (92, 58))] {
            var dizzy = reading("2026-11-27", hour, 30, pressure.0, pressure.1, tags: ["bp-med"])
            dizzy.note = "站起来头晕"
            readings.append(dizzy)
        }
        var earlier = reading("2026-10-20", 8, 0, 120, 70, tags: ["bp-med"])
        earlier.note = "a little dizzy"
        readings.append(earlier)
        var ordinary = reading("2026-11-28", 8, 30, 104, 62, tags: ["bp-med"])
        ordinary.note = "after a walk"
        readings.append(ordinary)
        return readings
    }

    @Test func theHeadlineWeeksSymptomNotesAreCountedWithTheLowest() throws {
        let summary = BPSummary(profile: Profile(id: "dad", name: "Dad", birthYear: 1946), readings: Self.readings, from: day("2026-10-01"))
        let symptoms = try #require(summary.symptomNotes)
        #expect(symptoms.count == 3, "the note of 20 Oct is outside the headline week")
        #expect(symptoms.lowest == BloodPressure(systolic: 86, diastolic: 52))
        #expect(symptoms.latestNote == "站起来头晕")
        #expect(symptoms.from == day("2026-11-23") && symptoms.to == day("2026-11-29"))
        // The note of 20 Oct is not dropped: it is the range's, before the headline week, with its day.
        let earlier = try #require(summary.earlierSymptomNotes)
        #expect(earlier.count == 1 && earlier.latestNote == "a little dizzy")
        #expect(earlier.firstDay == day("2026-10-20") && earlier.lastDay == day("2026-10-20") && earlier.to == day("2026-11-22"))

        let headline = Headline(summary: summary, strings: english) { $0 }
        let line = try #require(headline.verdicts.first { $0.kind == .symptoms })
        #expect(line.text == "Dizziness or fainting noted 3 times (23 Nov–29 Nov, lowest 86/52)")
        #expect(line.tone == .bad)
        #expect(headline.clinicalSummary?.contains("dizziness or fainting noted 3 times, lowest 86/52") == true)
        let chinese = Headline(summary: summary, strings: chinese) { $0 }
        #expect(chinese.verdicts.first { $0.kind == .symptoms }?.text.hasPrefix("备注提到头晕或晕厥 3 次（") == true)
        #expect(chinese.clinicalSummary?.contains("备注提到头晕或晕厥 3 次，最低 86/52") == true)
    }

    @Test func theWordsAreTheAttentionLinesWords() {
        #expect(ReadingAttention.mentionsSymptom("站起来头晕"))
        #expect(ReadingAttention.mentionsSymptom("Felt DIZZY on standing"))
        #expect(ReadingAttention.mentionsSymptom("nearly fainted"))
        #expect(!ReadingAttention.mentionsSymptom("after coffee"))
    }

    @Test func noSymptomNotesNoLine() {
        let summary = BPSummary(profile: dad, readings: LowPressureTests.week((128, 78), treated: false))
        #expect(summary.symptomNotes == nil)
        #expect(!Headline(summary: summary, strings: english) { $0 }.verdicts.contains { $0.kind == .symptoms })
    }
}
