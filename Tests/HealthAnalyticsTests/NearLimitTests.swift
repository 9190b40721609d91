import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

/// A mean within 1 mmHg of a limit, where rounding and not the pressure would decide the verdict.
@Suite struct NearLimitTests {
    static let threshold = BloodPressure(systolic: 135, diastolic: 85)

    /// The mean of `groups`: each is (how many readings, SYS, DIA).
    static func mean(_ groups: (Int, Int, Int)...) -> PressureMean {
        PressureMean(groups.flatMap { Array(repeating: BloodPressure(systolic: $0.1, diastolic: $0.2), count: $0.0) })!
    }

    /// A protocol week of morning and evening pairs from 23 Nov; reading k (0…27, the left-out
    /// first day's four first) has diastolic `diastolic(k)`.
    static func week(systolic: Int, diastolic: (Int) -> Int) -> [Reading] {
        (0..<28).map { k in
            let time = [(7, 0), (7, 2), (21, 0), (21, 2)][k % 4]
            return reading(day("2026-11-23").adding(days: k / 4).description, time.0, time.1, systolic, diastolic(k))
        }
    }

    @Test func aNumberWithinOneMmHgIsAtTheLimit() throws {
        // 15 at 85 and 9 at 84: 84.625.
        let below = try #require(NearLimit(Self.mean((15, 126, 85), (9, 126, 84)), limit: Self.threshold))
        #expect(below.diastolic == 84.625 && below.systolic == nil)
        // 9 at 136 and 1 at 135: 135.9, still under 136.
        let above = try #require(NearLimit(Self.mean((9, 136, 80), (1, 135, 80)), limit: Self.threshold))
        #expect(close(above.systolic, 135.9, within: 1e-9) && above.diastolic == nil)
        let both = try #require(NearLimit(Self.mean((7, 135, 85), (5, 134, 84)), limit: Self.threshold))
        #expect(both.systolic != nil && both.diastolic != nil)
    }

    /// One number 1 mmHg or more above decides by itself; one 1 mmHg or more below is not near.
    @Test func aClearNumberDecides() {
        #expect(NearLimit(Self.mean((3, 142, 85), (2, 142, 84)), limit: Self.threshold) == nil)
        #expect(NearLimit(Self.mean((3, 136, 85), (2, 136, 84)), limit: Self.threshold) == nil)
        #expect(NearLimit(Self.mean((1, 134, 84)), limit: Self.threshold) == nil)
        #expect(NearLimit(Self.mean((1, 120, 70)), limit: Self.threshold) == nil)
    }

    @Test func theWordsGiveTheDecimal() {
        // The 24 averaged readings: 15 at 85, 9 at 84.
        let summary = BPSummary(profile: dad, readings: Self.week(systolic: 126) { $0 < 19 ? 85 : 84 })
        let wording = SummaryWording(summary: summary, strings: english) { $0 }
        #expect(wording.thresholdVerdict?.contains("diastolic 84.6, within 1 mmHg") == true)
        #expect(SummaryWording(summary: summary, strings: chinese) { $0 }.thresholdVerdict?.contains("舒张压 84.6，相差不到 1 mmHg") == true)
        // 84.6 shown as 85 is at the threshold, not an isolated diastolic pattern.
        #expect(summary.verdict?.isolatedDiastolic == false)
        #expect(wording.isolatedDiastolic == nil)
        let headline = Headline(summary: summary, strings: english) { $0 }
        #expect(headline.verdicts.first { $0.kind == .threshold }?.tone == .plain)
    }

    /// A pattern's other number keeps its decimal beside the limit: DIA 84.4 is shown 84, "below 85 (84.4)".
    @Test func aPatternGivesTheDecimalOfItsOtherNumber() {
        // The 24 averaged readings from day 2: 14 at 84 and 10 at 85 → 84.4166….
        let summary = BPSummary(profile: dad, readings: Self.week(systolic: 150) { $0 < 18 ? 84 : 85 })
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.isolatedSystolic
            == "Isolated systolic pattern: SYS at or above 135, DIA below 85 (84.4)")
    }

    /// Either side of 135 under ESH's home 135/85: 134.625 is printed "134.6" and is below, with a
    /// "Just below threshold" badge; 135.0 reaches it, with "At or above threshold". The badge, its
    /// colour, the figure and the words read the same unrounded comparison, never the rounding.
    @Test func theBadgeFollowsTheUnroundedComparisonOfTheWords() throws {
        // The 24 averaged readings (day 2 on): 15 at 135 and 9 at 134 → 3231 / 24 = 134.625.
        let below = Headline(summary: BPSummary(profile: dad, readings: Self.week(systolic: { $0 < 19 ? 135 : 134 }, diastolic: 80)), strings: english) { $0 }
        #expect(below.figureText == "134.6/80")
        // Only the headline figure keeps the decimal; the week's parts (mornings 1616/12,
        // evenings 1615/12) are whole mmHg, as every other mean, and so is their difference.
        #expect(below.morning?.text == "135/80" && below.evening?.text == "135/80")
        #expect(below.weekDifference == "0/0")
        #expect(below.badge == .atTarget)
        // Below by less than 1 mmHg, and shown 135 in the tables: "just below", never good news.
        #expect(below.badgeText(english) == "Just below threshold" && below.justBelow)
        let belowWords = try #require(below.verdicts.first { $0.kind == .threshold })
        #expect(belowWords.text == "Home average at the threshold of the hypertensive range (ESH 2023 135/85): systolic 134.6, within 1 mmHg and just below it")
        #expect(belowWords.tone == .plain)
        #expect(below.clinicalSummary?.contains("Home 134.6/80 is at the threshold (ESH 2023 135/85; systolic 134.6, just below it)") == true)

        let reached = Headline(summary: BPSummary(profile: dad, readings: Self.week(systolic: { _ in 135 }, diastolic: 80)), strings: english) { $0 }
        #expect(reached.figureText == "135.0/80")
        #expect(reached.badge == .aboveTarget)
        #expect(reached.badgeText(english) == "At or above threshold")
        #expect(reached.verdicts.first { $0.kind == .threshold }?.text
            == "Home average at the threshold of the hypertensive range (ESH 2023 135/85): systolic 135.0, within 1 mmHg and reaching it")
        let zh = Headline(summary: BPSummary(profile: dad, readings: Self.week(systolic: { _ in 135 }, diastolic: 80)), strings: chinese) { $0 }
        #expect(zh.verdicts.first { $0.kind == .threshold }?.text.contains("收缩压 135.0，相差不到 1 mmHg，已达到该值") == true)

        // 134.6 is printed 135 by the rounding: only the decimal tells it from 135.0.
        let summary = BPSummary(profile: dad, readings: Self.week(systolic: { $0 < 19 ? 135 : 134 }, diastolic: 80))
        #expect(summary.verdict?.atOrAboveThreshold == false && summary.verdict?.nearThreshold?.reached == false)
        #expect(summary.verdict?.mean.shown.systolic == 135)
    }

    /// A week whose systolic follows `systolic(k)` (k 0…27, the left-out first day's four first).
    static func week(systolic: (Int) -> Int, diastolic: Int) -> [Reading] {
        (0..<28).map { k in
            let time = [(7, 0), (7, 2), (21, 0), (21, 2)][k % 4]
            return reading(day("2026-11-23").adding(days: k / 4).description, time.0, time.1, systolic(k), diastolic)
        }
    }
}
