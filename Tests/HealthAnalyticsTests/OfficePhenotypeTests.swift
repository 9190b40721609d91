import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct OfficePhenotypeTests {
    /// A sufficient home week (23–29 Nov) at `home`, tagged `bp-med` when `treated`, and office
    /// visits (one reading each at 10:00, on 27 Nov unless given).
    static func summary(
        home: (Int, Int), office: (Int, Int), treated: Bool = false, guideline: Guideline = .esh,
        visits: [String] = ["2026-11-27"], events: [Event] = []
    ) -> BPSummary {
        let tags = treated ? ["bp-med"] : []
        var readings = (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [reading(date, 7, 0, home.0, home.1, tags: tags), reading(date, 21, 0, home.0, home.1, tags: tags)]
        }
        readings += (0..<7).map { reading(day("2026-11-23").adding(days: $0).description, 7, 5, home.0, home.1, tags: tags) }
        for date in visits {
            var clinic = reading(date, 10, 0, office.0, office.1)
            clinic.site = .office
            readings.append(clinic)
        }
        return BPSummary(profile: dad, readings: readings, options: AnalysisOptions(guideline: guideline), events: events)
    }

    static func medication(_ date: String) -> Event {
        Event(profileID: "dad", at: ZonedInstant(date: day(date), hour: 9, minute: 0, offsetMinutes: 480), kind: .medication, text: "amlodipine 5 mg started")
    }

    @Test(arguments: [
        ((128, 79), (152, 94), Phenotype.whiteCoat), ((140, 80), (132, 82), .masked), ((128, 86), (138, 89), .masked),
        ((140, 88), (150, 95), .sustained), ((125, 78), (130, 80), .normal), ((134, 84), (139, 89), .normal),
        ((135, 70), (120, 90), .sustained),
    ])
    func theFourPhenotypes(home: (Int, Int), office: (Int, Int), expected: Phenotype) throws {
        for treated in [false, true] {
            let summary = Self.summary(home: home, office: office, treated: treated)
            let comparison = try #require(summary.office)
            #expect(comparison.office.count == 1)
            #expect(comparison.office.systolic == Double(office.0))
            #expect(comparison.phenotype == expected)
            #expect(comparison.treated == treated)
            // Office readings never enter a home figure.
            #expect(summary.overall.systolic.max?.value == home.0)
        }
    }

    @Test func labelsNameTreatedPatientsUncontrolled() throws {
        let untreated = SummaryWording(summary: Self.summary(home: (128, 79), office: (152, 94)), strings: english) { $0 }
        #expect(untreated.officeLine == "Office 152/94 on 27 Nov (n=1; 1 visit) vs home 128/79: possible white-coat hypertension")
        let treated = SummaryWording(summary: Self.summary(home: (128, 79), office: (152, 94), treated: true), strings: english) { $0 }
        #expect(treated.officeLine == "Office 152/94 on 27 Nov (n=1; 1 visit) vs home 128/79: possible white-coat uncontrolled hypertension")
        let masked = SummaryWording(summary: Self.summary(home: (140, 80), office: (132, 82), treated: true), strings: english) { $0 }
        #expect(masked.officeLine?.hasSuffix("possible masked uncontrolled hypertension") == true)
        let controlled = SummaryWording(summary: Self.summary(home: (125, 78), office: (130, 80), treated: true), strings: chinese) { $0 }
        #expect(controlled.officeLine?.hasPrefix("诊室血压 130/80（") == true)
        #expect(controlled.officeLine?.contains("n=1，1 次就诊），家庭血压 125/78：按诊室和家庭血压阈值已控制") == true)
    }

    @Test func undecidedWithoutASufficientHomeWeek() {
        var office = reading("2026-11-27", 10, 0, 150, 95)
        office.site = .office
        let summary = BPSummary(profile: dad, readings: [reading("2026-11-26", 7, 0, 120, 80), reading("2026-11-27", 7, 0, 121, 80), office])
        #expect(summary.office?.phenotype == nil)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.officeLine
            == "Office 150/95 on 27 Nov (n=1; 1 visit); the home average has too few readings to compare")
    }

    /// AHA reads both settings against 130/80.
    @Test func ahaThresholds() {
        #expect(Self.summary(home: (128, 79), office: (132, 79), guideline: .aha).office?.phenotype == .whiteCoat)
        #expect(Self.summary(home: (128, 79), office: (132, 79), guideline: .esh).office?.phenotype == .normal)
    }

    /// ESH 2023: one visit's mean, the latest near the home week, in the same treatment state.
    @Test func theOfficeFigureIsTheLatestVisitNearTheHomeWeek() throws {
        // Visits in June, September and inside the week; only the last is set beside it.
        let summary = Self.summary(home: (128, 79), office: (152, 94), visits: ["2026-06-02", "2026-09-15", "2026-11-27"])
        let office = try #require(summary.office)
        #expect(office.visits.count == 3)
        #expect(office.compared?.day == day("2026-11-27"))
        #expect(office.phenotype == .whiteCoat)
        let line = SummaryWording(summary: summary, strings: english) { $0 }.officeLine
        #expect(line == "Office 152/94 on 27 Nov (n=1; latest of 3 visits) vs home 128/79: possible white-coat hypertension")
    }

    @Test func aVisitMonthsFromTheHomeWeekIsNotCompared() throws {
        let summary = Self.summary(home: (128, 79), office: (152, 94), visits: ["2026-06-02", "2026-09-15"])
        let office = try #require(summary.office)
        #expect(office.phenotype == nil)
        #expect(office.notCompared == .noVisitNear)
        #expect(office.office.count == 1, "the latest visit's own mean, not every office reading pooled")
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.officeLine)
        #expect(line.contains("Office 152/94 on 15 Sep"))
        #expect(line.contains("no office reading within 28 days of this home week"))
        #expect(!line.contains("white-coat"))
    }

    @Test func aMedicationChangeBetweenTheVisitAndTheWeekStopsTheComparison() throws {
        // The visit on 1 Nov, amlodipine started on 5 Nov, the home week from 23 Nov.
        let summary = Self.summary(home: (128, 79), office: (152, 94), treated: true, visits: ["2026-11-01"], events: [Self.medication("2026-11-05")])
        let office = try #require(summary.office)
        #expect(office.notCompared == .medicationBetween(day("2026-11-05")))
        #expect(office.phenotype == nil)
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.officeLine)
        #expect(line.contains("a medication change on 5 Nov lies between the visit and this home week"))
        // The same visit with no change between them is compared.
        #expect(Self.summary(home: (128, 79), office: (152, 94), visits: ["2026-11-01"]).office?.phenotype == .whiteCoat)
    }

    @Test func treatedComesFromTheHomeWeekNotFromMonthsBefore() throws {
        var summary = Self.summary(home: (128, 79), office: (152, 94))
        #expect(summary.office?.treated == false)
        // bp-med tags in June only: this week is untreated, so no "uncontrolled".
        var readings = summary.readings
        readings.append(reading("2026-06-01", 7, 0, 150, 95, tags: ["bp-med"]))
        summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.office?.treated == false)
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.officeLine)
        #expect(line.hasSuffix("possible white-coat hypertension"))
    }
}
