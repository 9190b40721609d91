import HealthAnalytics
import HealthCore
import Testing

@Suite struct GuidelineTests {
    static let boundaries: [(Int, Int, BPCategory, BPCategory, BPCategory)] = [
        // SYS, DIA, ESH, AHA, China
        (119, 79, .optimal, .normal, .normal),
        (120, 79, .normal, .elevated, .highNormal),
        (119, 80, .normal, .stage1, .highNormal),
        (129, 80, .normal, .stage1, .highNormal),
        (129, 84, .normal, .stage1, .highNormal),
        (129, 85, .highNormal, .stage1, .highNormal),
        (130, 79, .highNormal, .stage1, .highNormal),
        (139, 89, .highNormal, .stage1, .highNormal),
        (140, 89, .grade1, .stage2, .grade1),
        (139, 90, .grade1, .stage2, .grade1),
        (159, 99, .grade1, .stage2, .grade1),
        (160, 99, .grade2, .stage2, .grade2),
        (159, 100, .grade2, .stage2, .grade2),
        (179, 109, .grade2, .stage2, .grade2),
        (180, 109, .grade3, .stage2, .grade3),
        (179, 110, .grade3, .stage2, .grade3),
        (180, 110, .grade3, .stage2, .grade3),
        (180, 120, .grade3, .stage2, .grade3),
        (181, 100, .grade3, .crisis, .grade3),
        (170, 121, .grade3, .crisis, .grade3),
    ]

    @Test(arguments: boundaries)
    func everyBoundary(systolic: Int, diastolic: Int, esh: BPCategory, aha: BPCategory, china: BPCategory) {
        let pressure = BloodPressure(systolic: systolic, diastolic: diastolic)
        #expect(Guideline.esh.classify(pressure).category == esh)
        #expect(Guideline.aha.classify(pressure).category == aha)
        #expect(Guideline.china.classify(pressure).category == china)
    }

    @Test func isolatedFlags() {
        let classify = { (s: Int, d: Int, g: Guideline) in g.classify(BloodPressure(systolic: s, diastolic: d)).isolated }
        #expect(classify(140, 89, .esh) == .systolic)
        #expect(classify(139, 90, .esh) == .diastolic)
        #expect(classify(140, 90, .esh) == nil)
        #expect(classify(139, 89, .esh) == nil)
        #expect(classify(140, 89, .china) == .systolic)
        #expect(classify(140, 89, .aha) == nil)
    }

    @Test func labelsInBothLanguages() {
        let verdict = Guideline.esh.classify(BloodPressure(systolic: 145, diastolic: 85))
        #expect(verdict.label(in: english) == "Grade 1 hypertension (ESH 2023)")
        #expect(verdict.label(in: chinese) == "1级高血压（ESH 2023）")
        #expect(verdict.isolatedLabel(in: english) == "Isolated systolic hypertension")
        #expect(verdict.isolatedLabel(in: chinese) == "单纯收缩期高血压")
        #expect(Guideline.china.classify(BloodPressure(systolic: 125, diastolic: 70)).label(in: chinese) == "正常高值（《中国高血压防治指南》2024年修订版）")
        #expect(Guideline.aha.classify(BloodPressure(systolic: 190, diastolic: 70)).label(in: english) == "Hypertensive crisis (ACC/AHA 2017)")
    }

    @Test(arguments: [
        (Guideline.esh, 135, 85, 140, 90), (.china, 135, 85, 140, 90), (.esc, 135, 85, 140, 90), (.aha, 130, 80, 130, 80),
    ])
    func thresholds(guideline: Guideline, homeSystolic: Int, homeDiastolic: Int, officeSystolic: Int, officeDiastolic: Int) {
        #expect(guideline.homeThreshold == BloodPressure(systolic: homeSystolic, diastolic: homeDiastolic))
        #expect(guideline.officeThreshold == BloodPressure(systolic: officeSystolic, diastolic: officeDiastolic))
    }

    /// The target is the profile's when set, else the threshold; the threshold never follows the target.
    @Test(arguments: Guideline.allCases)
    func targetVersusThreshold(guideline: Guideline) {
        let unset = Goals(profile: Profile(id: "dad"), guideline: guideline)
        #expect(unset.target == guideline.homeThreshold)
        #expect(unset.threshold == guideline.homeThreshold)
        #expect(!unset.hasOwnTarget)
        let own = BloodPressure(systolic: 125, diastolic: 80)
        let set = Goals(profile: Profile(id: "dad", target: own), guideline: guideline)
        #expect(set.target == own)
        #expect(set.threshold == guideline.homeThreshold)
        #expect(set.hasOwnTarget)
        // A target equal to the threshold is no separate verdict.
        let same = Goals(profile: Profile(id: "dad", target: guideline.homeThreshold), guideline: guideline)
        #expect(!same.hasOwnTarget)
    }

    /// ESC 2024: non-elevated < 120/70, elevated 120–139 or 70–89, hypertension ≥ 140 or ≥ 90, at every boundary.
    @Test(arguments: [
        (119, 69, BPCategory.nonElevated), (120, 60, .elevated), (110, 70, .elevated), (139, 89, .elevated),
        (140, 60, .hypertension), (110, 90, .hypertension), (139, 69, .elevated), (119, 89, .elevated), (200, 120, .hypertension),
    ])
    func escCategories(systolic: Int, diastolic: Int, expected: BPCategory) {
        #expect(Guideline.esc.classify(BloodPressure(systolic: systolic, diastolic: diastolic)).category == expected)
    }

    @Test func escLabelsCarryTheirGuideline() {
        #expect(Guideline.esc.classify(BloodPressure(systolic: 125, diastolic: 75)).label(in: english) == "Elevated (ESC 2024)")
        #expect(Guideline.aha.classify(BloodPressure(systolic: 125, diastolic: 75)).label(in: english) == "Elevated (ACC/AHA 2017)")
        #expect(Guideline.china.classify(BloodPressure(systolic: 145, diastolic: 75)).label(in: chinese) == "1级高血压（轻度）（《中国高血压防治指南》2024年修订版）")
        // ESC has no severe grade: urgent alerts use ESH's grade 3.
        #expect(Guideline.esc.isVeryHigh(BloodPressure(systolic: 180, diastolic: 80)))
        #expect(!Guideline.esc.isVeryHigh(BloodPressure(systolic: 179, diastolic: 109)))
    }

    /// Very high is the guideline's top category, for every pressure: one rule, whichever
    /// question asks it (a new reading's attention line, the alerts, page 1, the chart).
    @Test(arguments: [Guideline.esh, .aha, .china])
    func veryHighIsTheTopCategory(guideline: Guideline) {
        for systolic in stride(from: 150, through: 200, by: 1) {
            for diastolic in stride(from: 90, through: 130, by: 1) {
                let pressure = BloodPressure(systolic: systolic, diastolic: diastolic)
                #expect(guideline.isVeryHigh(pressure) == (guideline.classify(pressure).category == guideline.categories.last))
            }
        }
        #expect(Guideline.aha.veryHighLimit.level == BloodPressure(systolic: 180, diastolic: 120) && !Guideline.aha.veryHighLimit.inclusive)
        #expect(!Guideline.aha.isVeryHigh(BloodPressure(systolic: 180, diastolic: 110)))
        #expect(Guideline.esh.isVeryHigh(BloodPressure(systolic: 180, diastolic: 110)))
    }

    /// ESC 2024's home category reads the mean unrounded, as every home verdict does: 113.4/69.7
    /// is non-elevated, though it prints as 113/70.
    @Test func escHomeCategoryReadsTheUnroundedMean() {
        let mean = PressureMean.ofTenReadings
        #expect(Guideline.escHomeCategory(mean(113.4, 69.7)) == .nonElevated)
        #expect(Guideline.escHomeCategory(mean(113.4, 70.0)) == .elevated)
        #expect(Guideline.escHomeCategory(mean(119.9, 60)) == .nonElevated)
        #expect(Guideline.escHomeCategory(mean(134.6, 84.6)) == .elevated)
        #expect(Guideline.escHomeCategory(mean(135.0, 60)) == .hypertension)
    }
}

extension PressureMean {
    /// The mean of ten readings that is exactly these values (to a tenth).
    static func ofTenReadings(_ systolic: Double, _ diastolic: Double) -> PressureMean {
        let tenths = { (value: Double) in Int((value * 10).rounded()) }
        let pressures = (0..<10).map { index in
            BloodPressure(
                systolic: tenths(systolic) / 10 + (index < tenths(systolic) % 10 ? 1 : 0),
                diastolic: tenths(diastolic) / 10 + (index < tenths(diastolic) % 10 ? 1 : 0))
        }
        return PressureMean(pressures)!
    }
}
