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
        #expect(verdict.label(in: english) == "Grade 1 hypertension")
        #expect(verdict.label(in: chinese) == "1级高血压")
        #expect(verdict.isolatedLabel(in: english) == "Isolated systolic hypertension")
        #expect(verdict.isolatedLabel(in: chinese) == "单纯收缩期高血压")
        #expect(Guideline.china.classify(BloodPressure(systolic: 125, diastolic: 70)).label(in: chinese) == "正常高值")
        #expect(Guideline.aha.classify(BloodPressure(systolic: 190, diastolic: 70)).label(in: english) == "Hypertensive crisis")
    }

    @Test func homeThresholds() {
        let target = BloodPressure(systolic: 130, diastolic: 80)
        #expect(Guideline.esh.homeThreshold(target: .defaultTarget) == .defaultTarget)
        #expect(Guideline.china.homeThreshold(target: target) == target)
        #expect(Guideline.aha.homeThreshold(target: .defaultTarget) == BloodPressure(systolic: 130, diastolic: 80))
    }
}
