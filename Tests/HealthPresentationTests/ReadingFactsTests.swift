import HealthAnalytics
import HealthCore
import HealthPresentation
import Testing

/// Each fact of a reading is decided once, by the rules of its summary.
@Suite struct ReadingFactsTests {
    private func reading(_ time: String, _ systolic: Int, _ diastolic: Int, tags: [String] = [], site: MeasurementSite = .home) -> Reading {
        Reading(
            profileID: "dad", takenAt: ZonedInstant(iso8601: "2026-11-24T\(time):00+08:00")!,
            bloodPressure: BloodPressure(systolic: systolic, diastolic: diastolic), tagIDs: tags, site: site)
    }

    @Test func aReadingsFactsFollowItsRules() {
        let rules = ReadingRules(target: BloodPressure(systolic: 130, diastolic: 80), guideline: .esh, deviationTags: ["black-coffee"])
        let high = rules.facts(of: reading("07:10", 131, 79, tags: ["black-coffee"]))
        #expect(high.slot == .morning)
        #expect(high.reachesTarget == (true, false) && high.atOrAboveTarget)
        #expect(high.isDeviation && !high.isLow && !high.isVeryHigh && !high.isAlert && !high.isOffice)
        let low = rules.facts(of: reading("21:00", 95, 58, site: .office))
        #expect(low.slot == .evening && low.isOffice)
        #expect(low.lowValues == (false, true) && low.isLow && low.isAlert && !low.atOrAboveTarget)
    }

    /// 180/110 is very high under ESH 2023, ESC 2024 and the Chinese guideline, and not under
    /// AHA 2017, whose crisis starts above 180/120: the entry line, the alerts and page 1 all ask this.
    @Test(arguments: [(Guideline.esh, true), (.esc, true), (.china, true), (.aha, false)])
    func veryHighFollowsTheGuideline(guideline: Guideline, veryHigh: Bool) {
        let rules = ReadingRules(target: guideline.homeThreshold, guideline: guideline, deviationTags: [])
        let facts = rules.facts(of: reading("09:00", 180, 110))
        #expect(facts.isVeryHigh == veryHigh)
        #expect(facts.isAlert == veryHigh)
        #expect(rules.facts(of: reading("09:00", 181, 100)).isVeryHigh)
        #expect(ReadingAttention.of(reading("09:00", 180, 110), guideline: guideline).contains(.veryHigh) == veryHigh)
    }

    /// In a pregnancy a reading is marked against 140/90 (not 135/85) and is very high from
    /// 160/110, each by its own day: `list`, `add` and the web page mark it so (issue 35).
    @Test func aPregnancyMarksEachReadingByItsOwnDay() {
        var anna = Profile(id: "dad")
        anna.pregnancyDue = CivilDate(iso: "2027-01-25")
        let rules = ReadingRules(profile: anna, guideline: .esh, tags: [])
        let pregnant = rules.facts(of: reading("07:10", 138, 88))
        #expect(!pregnant.atOrAboveTarget, "138/88 is below pregnancy's 140/90")
        #expect(rules.facts(of: reading("07:10", 140, 86)).reachesTarget == (true, false))
        #expect(rules.facts(of: reading("07:10", 162, 104)).isVeryHigh, "severe in pregnancy from 160/110")
        // Before the pregnancy (more than 42 weeks before the due date) the ordinary rules hold.
        anna.pregnancyDue = CivilDate(iso: "2027-11-25")
        let before = ReadingRules(profile: anna, guideline: .esh, tags: [])
        #expect(before.facts(of: reading("07:10", 138, 88)).atOrAboveTarget)
        #expect(!before.facts(of: reading("07:10", 162, 104)).isVeryHigh)
        // Her own target still decides.
        anna.pregnancyDue = CivilDate(iso: "2027-01-25")
        anna.target = BloodPressure(systolic: 135, diastolic: 85)
        #expect(ReadingRules(profile: anna, guideline: .esh, tags: []).facts(of: reading("07:10", 138, 84)).atOrAboveTarget)
    }

    /// 02:30 is a night reading, 01:59 still the evening before.
    @Test func theNightSlot() {
        let rules = ReadingRules(target: BloodPressure(systolic: 135, diastolic: 85), guideline: .esh, deviationTags: [])
        #expect(rules.facts(of: reading("02:30", 130, 80)).slot == .night)
        #expect(rules.facts(of: reading("01:59", 130, 80)).slot == .evening)
        #expect(rules.facts(of: reading("13:00", 130, 80)).slot == .noon)
        #expect(rules.facts(of: reading("04:00", 130, 80)).slot == .morning)
    }
}
