import HealthAnalytics
import HealthCore
import Testing

/// Page 1 says only what it knows: threshold where no target is set, no 100 % that is not all,
/// and a very high home reading is named for what to do, not as an office grade or an emergency.
@Suite struct PageOneWordingTests {
    static func week(_ pressure: (Int, Int)) -> [Reading] {
        (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [(7, 0), (7, 3), (21, 0), (21, 3)].map { reading(date, $0.0, $0.1, pressure.0, pressure.1) }
        }
    }

    @Test func withNoTargetTheBadgeSpeaksOfTheThreshold() {
        let above = Headline(summary: BPSummary(profile: dad, readings: Self.week((142, 88))), strings: english) { $0 }
        #expect(above.targetIsThreshold)
        #expect(above.badgeText(english) == "At or above threshold")
        #expect(above.badgeText(chinese) == "达到或超过阈值")
        let below = Headline(summary: BPSummary(profile: dad, readings: Self.week((122, 78))), strings: english) { $0 }
        #expect(below.badgeText(english) == "Below threshold")
        var profile = dad
        profile.target = BloodPressure(systolic: 130, diastolic: 80)
        let own = Headline(summary: BPSummary(profile: profile, readings: Self.week((132, 78))), strings: english) { $0 }
        #expect(own.badgeText(english) == "At or above target")
    }

    static let shares: [(Double, String)] = [(100, "100"), (99.523_809, "99"), (99.4, "99"), (0.333_333, "<1"), (0, "0"), (50.5, "51")]

    @Test func percentagesNeverRoundToAllOrNone() {
        for (value, shown) in Self.shares { #expect(Figures.percent(value) == shown, "\(value)") }
    }

    @Test func aVeryHighHomeReadingSaysWhatToDo() throws {
        var readings = Self.week((142, 88))
        readings.append(reading("2026-11-27", 8, 0, 182, 75))
        let summary = BPSummary(profile: dad, readings: readings)
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.alertLines.first)
        #expect(line == "1 very high reading (≥ 180/110: measure again and ask about symptoms): 182/75 on 27 Nov")
        #expect(!line.contains("crisis") && !line.contains("grade"))
        let aha = BPSummary(profile: dad, readings: readings + [reading("2026-11-28", 8, 0, 185, 80)], options: AnalysisOptions(guideline: .aha))
        #expect(SummaryWording(summary: aha, strings: english) { $0 }.alertLines.first?.contains("> 180/120") == true)
    }
}
