import HealthAnalytics
import HealthCore
import Testing

@Suite struct OfficePhenotypeTests {
    /// A sufficient home week at `systolic`/`diastolic`, and one office reading.
    static func summary(home: (Int, Int), office: (Int, Int), treated: Bool = false, guideline: Guideline = .esh) -> BPSummary {
        var readings = (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [reading(date, 7, 0, home.0, home.1), reading(date, 21, 0, home.0, home.1)]
        }
        readings += (0..<7).map { reading(day("2026-11-23").adding(days: $0).description, 7, 5, home.0, home.1) }
        var clinic = reading("2026-11-27", 10, 0, office.0, office.1, tags: treated ? ["bp-med"] : [])
        clinic.site = .office
        readings.append(clinic)
        return BPSummary(profile: dad, readings: readings, options: AnalysisOptions(guideline: guideline))
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
        #expect(untreated.officeLine == "Office 152/94 (n=1) vs home 128/79: possible white-coat hypertension")
        let treated = SummaryWording(summary: Self.summary(home: (128, 79), office: (152, 94), treated: true), strings: english) { $0 }
        #expect(treated.officeLine == "Office 152/94 (n=1) vs home 128/79: possible white-coat uncontrolled hypertension")
        let masked = SummaryWording(summary: Self.summary(home: (140, 80), office: (132, 82), treated: true), strings: english) { $0 }
        #expect(masked.officeLine?.hasSuffix("possible masked uncontrolled hypertension") == true)
        let controlled = SummaryWording(summary: Self.summary(home: (125, 78), office: (130, 80), treated: true), strings: chinese) { $0 }
        #expect(controlled.officeLine == "诊室血压 130/80（n=1），家庭血压 125/78：血压控制达标")
    }

    @Test func undecidedWithoutASufficientHomeWeek() {
        var office = reading("2026-11-27", 10, 0, 150, 95)
        office.site = .office
        let summary = BPSummary(profile: dad, readings: [reading("2026-11-26", 7, 0, 120, 80), reading("2026-11-27", 7, 0, 121, 80), office])
        #expect(summary.office?.phenotype == nil)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.officeLine
            == "Office 150/95 (n=1); the home average has too few readings to compare")
    }

    /// AHA reads both settings against 130/80.
    @Test func ahaThresholds() {
        #expect(Self.summary(home: (128, 79), office: (132, 79), guideline: .aha).office?.phenotype == .whiteCoat)
        #expect(Self.summary(home: (128, 79), office: (132, 79), guideline: .esh).office?.phenotype == .normal)
    }
}
