import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct EventEffectTests {
    static let event = Event(
        profileID: "dad", at: ZonedInstant(date: day("2026-10-20"), hour: 8, minute: 0, offsetMinutes: 480), text: "bisoprolol 5 mg started")

    /// A session of two readings a minute apart, `spread` either side of `systolic/diastolic`.
    private func session(_ date: CivilDate, _ hour: Int, _ systolic: Int, _ diastolic: Int, spread: Int = 2) -> [Reading] {
        [reading(date.description, hour, 0, systolic - spread, diastolic - spread), reading(date.description, hour, 1, systolic + spread, diastolic + spread)]
    }

    /// No true effect: mornings run 12/7 higher than evenings, and after the event the patient
    /// measures in the evenings only. The raw windows differ by about −6/−3; within the same
    /// time of day nothing changed.
    @Test func stoppingMorningsAfterAnEventIsNoEffect() throws {
        var readings: [Reading] = []
        for offset in 1...28 {
            let date = day("2026-10-20").adding(days: -offset)
            readings += session(date, 7, 146 + offset % 5, 90 + offset % 3)
            readings += session(date, 21, 134 + offset % 5, 83 + offset % 3)
        }
        for offset in 8...35 {
            // The same evening values as before, day for day.
            readings += session(day("2026-10-20").adding(days: offset), 21, 134 + (offset - 7) % 5, 83 + (offset - 7) % 3)
        }
        let effect = EventEffect(event: Self.event, readings: readings)
        let raw = try #require(effect.comparison.systolic)
        #expect(raw.mean < -5 && raw.ci95.upperBound < 0, "the raw windows show a spurious fall")
        let same = effect.sameTimeOfDay
        #expect(same.periodsCompared == [.evening])
        #expect(same.firstSessions == 28 && same.secondSessions == 28, "two readings a minute apart are one session")
        #expect(same.sufficient)
        #expect(close(same.systolic?.mean, 0, within: 1e-9))
        #expect(close(same.diastolic?.mean, 0, within: 1e-9))
        #expect(same.systolic!.ci95.contains(0))
        #expect(SummaryWording.eventDifference(effect, strings: english).hasPrefix("0/0 mmHg (95 % CI −"))
        #expect(SummaryWording.eventDifference(effect, strings: english).hasSuffix("; evening, 28 and 28 sessions"))
        #expect(SummaryWording.eventDifference(effect, strings: chinese).hasSuffix("；晚上，28 次与 28 次测量"))
    }

    /// By hand. Morning session means 150, 152, 154 before and 146, 148, 150 after: d = −4,
    /// s² = 4 each, w = 3·3/6 = 1.5. Evening 130, 132, 134, 136 on both sides: d = 0, s² = 20/3,
    /// w = 4·4/8 = 2. D = (1.5 · −4) / 3.5 = −1.714286. Var = (1.5/3.5)² (4/3 + 4/3) + (2/3.5)² (5/3 + 5/3)
    /// = 0.489796 + 1.088435 = 1.578231; df = Var² / (2 · 0.244898² / 2 + 2 · 0.544218² / 3) = 9.6759.
    @Test func periodsAreWeightedAndTheIntervalCountsSessions() throws {
        var readings: [Reading] = []
        for (index, value) in [150, 152, 154].enumerated() {
            readings += session(day("2026-10-10").adding(days: index), 7, value, 90)
            readings += session(day("2026-11-01").adding(days: index), 7, value - 4, 90)
        }
        for (index, value) in [130, 132, 134, 136].enumerated() {
            readings += session(day("2026-10-10").adding(days: index), 20, value, 80)
            readings += session(day("2026-11-01").adding(days: index), 20, value, 80)
        }
        let effect = EventEffect(event: Self.event, readings: readings)
        let same = effect.sameTimeOfDay
        #expect(same.periodsCompared == [.morning, .evening])
        #expect(same.firstSessions == 7 && same.secondSessions == 7)
        let systolic = try #require(same.systolic)
        #expect(close(systolic.mean, -1.714286, within: 1e-6))
        let df = try #require(systolic.degreesOfFreedom)
        #expect(close(df, 9.6759, within: 0.0005))
        let half = (systolic.ci95.upperBound - systolic.ci95.lowerBound) / 2
        #expect(close(half, StudentT.quantile(0.975, degreesOfFreedom: df) * 1.578231.squareRoot(), within: 1e-5))
        // Diastolic never moved and has no spread: the difference is exact.
        #expect(same.diastolic?.ci95 == 0...0)
        #expect(same.sufficient)
    }

    /// A time of day with fewer than 3 sessions on a side is not compared; fewer than 6 sessions
    /// a side over the compared ones is too few.
    @Test func tooFewSessionsSaySo() {
        var readings: [Reading] = []
        for offset in 1...5 { readings += session(day("2026-10-20").adding(days: -offset), 7, 150, 90) }
        for offset in 8...20 { readings += session(day("2026-10-20").adding(days: offset), 7, 140, 85) }
        readings += session(day("2026-10-19"), 21, 140, 85)
        for offset in 8...9 { readings += session(day("2026-10-20").adding(days: offset), 21, 130, 80) }
        let effect = EventEffect(event: Self.event, readings: readings)
        #expect(effect.sameTimeOfDay.periodsCompared == [.morning])
        #expect(effect.sameTimeOfDay.firstSessions == 5)
        #expect(!effect.sameTimeOfDay.sufficient)
        #expect(SummaryWording.eventDifference(effect, strings: english) == "too few sessions at the same time of day")
        #expect(SummaryWording.eventDifference(effect, strings: chinese) == "同一时段的测量次数不足")
    }
}
