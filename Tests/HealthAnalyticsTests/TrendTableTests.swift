import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct TrendTableTests {
    /// 3 weeks from Wednesday 4 Nov: weeks start on Mondays 2, 9 and 16 Nov.
    @Test func weekByWeekFromMondayWithFirstAndLastInWords() throws {
        let readings = (0..<17).map { reading(day("2026-11-04").adding(days: $0).description, 7, 0, 150 - $0, 90) }
            + [reading("2026-11-09", 1, 0, 100, 60)]  // 01:00 Monday counts for Sunday 8 Nov
        let summary = BPSummary(profile: dad, readings: readings)
        let trend = try #require(summary.trend)
        #expect(trend.step == .week)
        #expect(trend.rows.map(\.start) == [day("2026-11-02"), day("2026-11-09"), day("2026-11-16")])
        #expect(trend.rows.map(\.mean.count) == [6, 7, 5])
        // Week 1: 150…146 and 100/60 → (150+149+148+147+146+100)/6 = 140, (5·90+60)/6 = 85.
        #expect(trend.rows[0].mean.systolic == 140)
        #expect(trend.rows[2].mean.systolic == 136)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.trendWords == "first week 140/85 → last week 136/90")
    }

    @Test func monthByMonthBeyondTwelveWeeks() throws {
        let readings = (0..<100).map { reading(day("2026-09-01").adding(days: $0).description, 7, 0, 140, 90) }
        let trend = try #require(BPSummary(profile: dad, readings: readings).trend)
        #expect(trend.step == .month)
        #expect(trend.rows.map(\.start) == [day("2026-09-01"), day("2026-10-01"), day("2026-11-01"), day("2026-12-01")])
        #expect(trend.rows.map(\.end) == [day("2026-09-30"), day("2026-10-31"), day("2026-11-30"), day("2026-12-31")])
        #expect(trend.rows.map(\.mean.count) == [30, 31, 30, 9])
    }
}
