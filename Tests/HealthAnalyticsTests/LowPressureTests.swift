import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

/// A low home average is asked about, never given a green badge; ESC 2024's treated band is used.
@Suite struct LowPressureTests {
    /// A protocol week (23–29 Nov) at `pressure`, tagged `bp-med` when `treated`.
    static func week(_ pressure: (Int, Int), treated: Bool) -> [Reading] {
        (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [(7, 0), (7, 3), (21, 0), (21, 3)].map { reading(date, $0.0, $0.1, pressure.0, pressure.1, tags: treated ? ["bp-med"] : []) }
        }
    }

    @Test func aLowTreatedPatientIsAskedAboutSymptoms() throws {
        var profile = dad
        profile.target = BloodPressure(systolic: 130, diastolic: 80)
        var readings = Self.week((105, 63), treated: true)
        for hour in [8, 9, 10] {
            var dizzy = reading("2026-11-27", hour, 30, 86, 52, tags: ["bp-med"])
            dizzy.note = "站起来头晕"
            readings.append(dizzy)
        }
        let summary = BPSummary(profile: profile, readings: readings)
        #expect(summary.goals.treated)
        #expect(summary.verdict?.low == true)
        let headline = Headline(summary: summary, strings: english) { $0 }
        #expect(headline.badge == .low)
        #expect(headline.badgeText(english) == "Low: ask about symptoms")
        #expect(!headline.verdicts.contains { $0.tone == .good }, "nothing about a low average is good news")
        #expect(!headline.verdicts.contains { $0.kind == .target })
        let low = try #require(headline.verdicts.first { $0.kind == .low })
        #expect(low.tone == .bad)
        #expect(low.text.hasPrefix("Home 103/62 is low for treated hypertension (below 115/65): ask about dizziness on standing"))
        #expect(low.text.contains("3 notes at low readings, the latest “站起来头晕” (86/52)"))
        let chinese = try #require(Headline(summary: summary, strings: chinese) { $0 }.verdicts.first { $0.kind == .low })
        #expect(chinese.text.contains("治疗中家庭血压 103/62 偏低"))
    }

    @Test func anUntreatedPatientIsLowOnlyBelow90Over60() throws {
        #expect(BPSummary(profile: dad, readings: Self.week((105, 63), treated: false)).verdict?.low == false)
        #expect(BPSummary(profile: dad, readings: Self.week((99, 64), treated: false)).verdict?.low == false, "a healthy 99/64 is not low")
        let low = BPSummary(profile: dad, readings: Self.week((96, 58), treated: false))
        #expect(Headline(summary: low, strings: english) { $0 }.badge == .low)
        let line = try #require(SummaryWording(summary: low, strings: english) { $0 }.lowLine)
        #expect(line.hasPrefix("Home 96/58 is low (diastolic below 60)"), "the number that is low is named")
    }

    @Test(arguments: [((132, 78), Headline.Badge.aboveTarget, "Above the treated target band of ESC 2024"), ((124, 74), .atTarget, "Within the treated target band of ESC 2024"), ((113, 70), .low, "ESC 2024 aims for a treated systolic of 120–129")])
    func escTreatedPatientsAreReadAgainstTheBand(pressure: (Int, Int), badge: Headline.Badge, words: String) throws {
        let summary = BPSummary(profile: dad, readings: Self.week(pressure, treated: true), options: AnalysisOptions(guideline: .esc))
        #expect(summary.goals.targetSource == .treatedBand)
        let headline = Headline(summary: summary, strings: english) { $0 }
        #expect(headline.badge == badge)
        #expect(headline.verdicts.contains { $0.text.contains(words) }, "\(headline.verdicts.map(\.text))")
        #expect(!headline.verdicts.contains { $0.text.contains("Target 135/85") })
    }

    @Test func escUntreatedKeepsTheHomeThreshold() {
        let summary = BPSummary(profile: dad, readings: Self.week((132, 78), treated: false), options: AnalysisOptions(guideline: .esc))
        #expect(summary.goals.targetSource == .threshold)
        #expect(Headline(summary: summary, strings: english) { $0 }.badge == .atTarget)
    }
}
