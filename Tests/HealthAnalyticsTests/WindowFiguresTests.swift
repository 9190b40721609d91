import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct WindowFiguresTests {
    /// 12 values: 140, 142, … 150 twice; mean 145, Σ(x − x̄)² = 2 × 70 = 140, SD = √(140 / 11).
    static let spread = [140, 142, 144, 146, 148, 150, 140, 142, 144, 146, 148, 150]

    /// Welch by hand: equal n (12) and equal SDs make df = 22 exactly, t(0.975, 22) = 2.0739 from the
    /// table; SE = √(2 × 140/11/12) = 1.45644; half-width = 2.0739 × 1.45644 = 3.0205.
    @Test func welchIntervalByHand() throws {
        let first = SampleStatistics(Self.spread)
        let second = SampleStatistics(Self.spread.map { $0 - 11 })
        #expect(first.mean == 145)
        #expect(abs(first.sd! - (140.0 / 11).squareRoot()) < 1e-12)
        let difference = try #require(MeanDifference(from: first, to: second))
        #expect(difference.mean == -11)
        #expect(abs(difference.degreesOfFreedom! - 22) < 1e-9)
        #expect(abs(difference.ci95.lowerBound - -14.0205) < 0.0005)
        #expect(abs(difference.ci95.upperBound - -7.9795) < 0.0005)
    }

    @Test func welchNeedsTwoValuesEachAndHandlesNoSpread() throws {
        #expect(MeanDifference(from: SampleStatistics([140]), to: SampleStatistics([130, 132])) == nil)
        let exact = try #require(MeanDifference(from: SampleStatistics([140, 140]), to: SampleStatistics([130, 130])))
        #expect(exact.ci95 == -10...(-10))
        #expect(exact.degreesOfFreedom == nil)
    }

    /// Readings on the event's day and the week after it belong to neither window; office
    /// readings to no home figure; a reading at 00:40 to the day before.
    @Test func eventWindowsByMeasurementDay() throws {
        let event = Event(profileID: "dad", at: ZonedInstant(date: day("2026-10-15"), hour: 9, minute: 0, offsetMinutes: 480), text: "amlodipine 5 mg started")
        var readings: [Reading] = []
        // Before: days −28 … −1 (09-17 … 10-14), one reading a day: 28 readings at 150/95.
        for offset in 1...28 { readings.append(reading(day("2026-10-15").adding(days: -offset).description, 7, 0, 150, 95)) }
        // Days 0 … 7: excluded.
        for offset in 0...7 { readings.append(reading(day("2026-10-15").adding(days: offset).description, 7, 0, 200, 120)) }
        // After: days 8 … 35 (10-23 … 11-19), 140/90 but one at 00:40 on 11-20 that counts for 11-19.
        for offset in 8...34 { readings.append(reading(day("2026-10-15").adding(days: offset).description, 7, 0, 140, 90)) }
        readings.append(reading("2026-11-20", 0, 40, 140, 90))
        // An office reading inside the window never counts.
        var office = reading("2026-10-25", 10, 0, 180, 110)
        office.site = .office
        readings.append(office)
        // Day 36: outside.
        readings.append(reading("2026-11-20", 7, 0, 100, 60))
        let effect = EventEffect(event: event, readings: readings)
        #expect(effect.before.from == day("2026-09-17"))
        #expect(effect.before.to == day("2026-10-14"))
        #expect(effect.after.from == day("2026-10-23"))
        #expect(effect.after.to == day("2026-11-19"))
        #expect(effect.before.count == 28)
        #expect(effect.after.count == 28)
        #expect(effect.after.systolic.mean == 140)
        #expect(effect.comparison.sufficient)
        #expect(effect.comparison.systolic?.mean == -10)
        #expect(effect.comparison.diastolic?.mean == -5)
    }

    @Test func fewerThanTwelveIsNotSufficient() {
        let readings = (0..<11).map { reading(day("2026-10-01").adding(days: $0).description, 7, 0, 150, 95) }
            + (0..<20).map { reading(day("2026-11-01").adding(days: $0).description, 7, 0, 140 + $0 % 3, 90) }
        let comparison = WindowComparison(readings, first: day("2026-10-01")...day("2026-10-31"), second: day("2026-11-01")...day("2026-11-30"))
        #expect(comparison.first.count == 11)
        #expect(comparison.second.count == 20)
        #expect(!comparison.sufficient)
        #expect(SummaryWording.difference(comparison, strings: english) == "too few readings")
    }

    @Test func differenceIsWordedWithItsInterval() {
        let first = Self.spread.enumerated().map { reading(day("2026-10-01").adding(days: $0.offset).description, 7, 0, $0.element, $0.element - 50) }
        let second = Self.spread.enumerated().map { reading(day("2026-11-01").adding(days: $0.offset).description, 7, 0, $0.element - 11, $0.element - 56) }
        let comparison = WindowComparison(first + second, first: day("2026-10-01")...day("2026-10-31"), second: day("2026-11-01")...day("2026-11-30"))
        #expect(SummaryWording.difference(comparison, strings: english) == "−11/−6 mmHg (95 % CI −14 to −8 / −9 to −3)")
        #expect(SummaryWording.difference(comparison, strings: chinese) == "−11/−6 mmHg（95% CI −14 至 −8 / −9 至 −3）")
    }
}
