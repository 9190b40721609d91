import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct TagComparisonTests {
    /// Pills are taken in the morning, when pressure runs higher. Morning: 6 with bp-med at 150/90,
    /// 3 without at 152/91. Evening: 3 with at 128/80, 6 without at 130/82.
    /// Raw: with (6·150 + 3·128)/9 = 142.67, without (3·152 + 6·130)/9 = 137.33: +5.3, as if pills raised it.
    /// Adjusted: d_morning = −2, d_evening = −2, each weight 6·3/9 = 2: −2 systolic;
    /// diastolic d = −1 and −2: −1.5.
    static let confounded: [Reading] = (0..<9).flatMap { index -> [Reading] in
        let date = day("2026-11-01").adding(days: index).description
        return [
            index < 6 ? reading(date, 7, 0, 150, 90, tags: ["bp-med"]) : reading(date, 7, 0, 152, 91),
            index < 3 ? reading(date, 20, 0, 128, 80, tags: ["bp-med"]) : reading(date, 20, 0, 130, 82),
        ]
    }

    @Test func adjustedDifferenceCanHaveTheOtherSign() throws {
        let summary = BPSummary(profile: dad, readings: Self.confounded)
        let comparison = try #require(summary.tags.first { $0.tag == "bp-med" })
        let raw = comparison.with.systolic! - comparison.without.systolic!
        #expect(abs(raw - 16.0 / 3) < 1e-9)
        #expect(comparison.periodsCompared == [.morning, .evening])
        #expect(comparison.sufficient)
        #expect(comparison.adjustedDifference?.systolic == -2)
        #expect(comparison.adjustedDifference?.diastolic == -1.5)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.adjustedDifference(comparison) == "−2/−2")
    }

    /// Unequal weights: morning 4 with / 4 without (w = 2, d = +10), evening 3 with / 9 without
    /// (w = 27/12 = 2.25, d = −4): (2·10 + 2.25·(−4)) / 4.25 = 11 / 4.25 = 2.588.
    @Test func periodsAreWeightedByTheirHarmonicSize() throws {
        var readings: [Reading] = []
        for index in 0..<8 {
            let date = day("2026-11-01").adding(days: index).description
            readings.append(index < 4 ? reading(date, 7, 0, 150, 90, tags: ["salt"]) : reading(date, 7, 0, 140, 90))
        }
        for index in 0..<12 {
            let date = day("2026-11-01").adding(days: index).description
            readings.append(index < 3 ? reading(date, 20, 0, 126, 80, tags: ["salt"]) : reading(date, 20, 0, 130, 80))
        }
        let comparison = try #require(BPSummary(profile: dad, readings: readings).tags.first)
        #expect(close(comparison.adjustedDifference?.systolic, 11 / 4.25))
        #expect(comparison.adjustedDifference?.diastolic == 0)
    }

    @Test func tooFewInThePeriodsUsedIsNotSufficient() throws {
        // Morning: 3 with, 3 without (compared); evening: 2 with (not compared). 3 < 6 per side.
        var readings: [Reading] = []
        for index in 0..<6 {
            let date = day("2026-11-01").adding(days: index).description
            readings.append(reading(date, 7, 0, 140, 90, tags: index < 3 ? ["exercise"] : []))
            if index < 2 { readings.append(reading(date, 20, 0, 130, 80, tags: ["exercise"])) }
        }
        let comparison = try #require(BPSummary(profile: dad, readings: readings).tags.first)
        #expect(comparison.periodsCompared == [.morning])
        #expect(!comparison.sufficient)
        #expect(comparison.adjustedDifference == nil)
        #expect(comparison.with.count == 5)
    }
}
