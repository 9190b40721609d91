import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

/// A wide pulse pressure: 60 mmHg or more in an older patient (ESH 2023, ESC/ESH 2018).
@Suite struct PulsePressureTests {
    /// A complete protocol week at `systolic`/`diastolic` from 23 Nov 2026.
    static func summary(_ systolic: Int, _ diastolic: Int, born: Int?) -> BPSummary {
        let readings = (0..<28).map { k in
            let time = [(7, 0), (7, 2), (21, 0), (21, 2)][k % 4]
            return reading(day("2026-11-23").adding(days: k / 4).description, time.0, time.1, systolic, diastolic)
        }
        return BPSummary(profile: Profile(id: "dad", name: "Dad", birthYear: born), readings: readings)
    }

    @Test func sixtyIsWideFiftyNineIsNot() {
        #expect(WidePulsePressure.of(Self.summary(150, 90, born: 1950)) == 60)
        #expect(WidePulsePressure.of(Self.summary(149, 90, born: 1950)) == nil)
    }

    /// 65 in the range's last year is older; 64 is not; an unknown age is shown (the words say "in older people").
    @Test func itAppliesFromSixtyFive() {
        #expect(WidePulsePressure.of(Self.summary(157, 78, born: 1961)) == 79)
        #expect(WidePulsePressure.of(Self.summary(157, 78, born: 1962)) == nil)
        #expect(WidePulsePressure.of(Self.summary(157, 78, born: nil)) == 79)
    }

    @Test func theWordsNameTheMarkerAndTheGuideline() {
        let summary = Self.summary(157, 78, born: 1948)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.widePulsePressure
            == "Wide pulse pressure 79 mmHg (157/78): ESH 2023 lists a pulse pressure of 60 mmHg or more in older people as a marker of large-artery stiffening (organ damage)")
        #expect(SummaryWording(summary: summary, strings: chinese) { $0 }.widePulsePressure?.contains("脉压 ≥ 60 mmHg 列为大动脉僵硬") == true)
    }
}
