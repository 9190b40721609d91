import HealthCore
import Testing

@Suite struct CivilDateTests {
    @Test func dayNumbersRoundTrip() {
        for dayNumber in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(CivilDate(dayNumber: dayNumber).dayNumber == dayNumber)
        }
        #expect(CivilDate(dayNumber: 0).description == "1970-01-01")
        #expect(CivilDate(iso: "2026-11-30")!.dayNumber == 20_787)
    }

    @Test func rejectsImpossibleDates() {
        #expect(CivilDate(iso: "2026-02-29") == nil)
        #expect(CivilDate(iso: "2024-02-29") != nil)
        #expect(CivilDate(iso: "2026-13-01") == nil)
        #expect(CivilDate(iso: "2026-1-01") == nil)
        #expect(CivilDate(iso: "yesterday") == nil)
    }

    @Test func isoWeeks() {
        #expect(CivilDate(iso: "2026-03-04")!.isoWeek == (2026, 10))
        #expect(CivilDate(iso: "2027-01-01")!.isoWeek == (2026, 53))
        #expect(CivilDate(iso: "2024-12-30")!.isoWeek == (2025, 1))
        #expect(CivilDate(iso: "2026-11-30")!.isoWeekday == 1)
    }
}
