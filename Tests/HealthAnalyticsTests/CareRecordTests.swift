import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct CareRecordTests {
    @Test func medicationDaysCountMeasurementDaysAndListTheOnesWithout() throws {
        let readings = [
            reading("2026-11-01", 7, 0, 140, 90, tags: ["bp-med"]), reading("2026-11-01", 21, 0, 130, 80),
            reading("2026-11-02", 7, 0, 140, 90),
            // 00:30 on the 4th is the 3rd's evening: the pill counts for the 3rd.
            reading("2026-11-04", 0, 30, 130, 80, tags: ["bp-med"]),
            reading("2026-11-04", 7, 0, 140, 90),
        ]
        let summary = BPSummary(profile: dad, readings: readings)
        let days = try #require(summary.medicationDays)
        #expect(days.days == 4)  // 1, 2, 3 (the 00:30 reading) and 4 Nov
        #expect(days.medicated == 2)
        #expect(days.daysWithout == [day("2026-11-02"), day("2026-11-04")])
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.medicationLine
            == "BP medication stamp on 2 of 4 days; none on 2 Nov, 4 Nov")
        #expect(SummaryWording(summary: summary, strings: chinese) { $0 }.medicationLine
            == "4 天中有 2 天盖了降压药印章；未记录：11月2日、11月4日")
        #expect(BPSummary(profile: dad, readings: [reading("2026-11-01", 7, 0, 140, 90)]).medicationDays == nil)
    }

    @Test func adherenceIsCountedFromTheStartOfTreatment() throws {
        // 46 days untreated, then amlodipine started and tagged on 38 of the 39 days since.
        var readings: [Reading] = []
        let start = day("2026-09-01")
        for offset in 0..<85 where offset < 46 || offset >= 46 {
            let date = start.adding(days: offset).description
            let treated = offset >= 46 && offset != 60
            readings.append(reading(date, 7, 0, 140, 90, tags: treated ? ["bp-med"] : []))
        }
        let event = Event(profileID: "dad", at: ZonedInstant(date: start.adding(days: 46), hour: 8, minute: 0, offsetMinutes: 480), kind: .medication, text: "amlodipine 5 mg started")
        let summary = BPSummary(profile: dad, readings: Array(readings.prefix(85)), events: [event])
        let days = try #require(summary.medicationDays)
        #expect(days.since == start.adding(days: 46))
        #expect(days.daysBefore == 46)
        #expect(days.days == 39)
        #expect(days.medicated == 38)
        #expect(days.missedSessions == 1)
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.medicationLine)
        #expect(line.hasPrefix("BP medication stamp on 38 of 39 days since 17 Oct (first recorded); none on 31 Oct; 1 of 39 morning sessions without it"))
    }

    @Test func notesSayingADoseWasForgottenAreShownBesideTheTags() throws {
        var readings: [Reading] = []
        for offset in 0..<10 {
            var morning = reading(day("2026-11-01").adding(days: offset).description, 7, 0, 140, 90, tags: ["bp-med"])
            if offset < 3 { morning.note = "忘记吃药了" }
            readings.append(morning)
        }
        var evening = reading("2026-11-05", 21, 0, 150, 95)
        evening.note = "Forgot my evening pill"
        readings.append(evening)
        let summary = BPSummary(profile: dad, readings: readings)
        let days = try #require(summary.medicationDays)
        #expect(days.forgottenNotes.count == 4)
        #expect(days.forgottenOnTaggedDays == 4, "every day with such a note is tagged as taken: the two disagree")
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.medicationLine)
        #expect(line == "BP medication stamp on 10 of 10 days; 4 notes say a dose was forgotten (4 on days tagged as taken)")
        let chineseLine = try #require(SummaryWording(summary: summary, strings: chinese) { $0 }.medicationLine)
        #expect(chineseLine.hasSuffix("4 条备注提到漏服（其中 4 天同时标记已服药）"))
        #expect(!MedicationDays.saysForgotten("took it after breakfast"))
    }

    @Test func moreThanTenDaysWithoutAreCountedNotListed() {
        let readings = (0..<12).map { reading(day("2026-11-01").adding(days: $0).description, 7, 0, 140, 90, tags: $0 == 0 ? ["bp-med"] : []) }
        let line = SummaryWording(summary: BPSummary(profile: dad, readings: readings), strings: english) { $0 }.medicationLine
        #expect(line == "BP medication stamp on 1 of 12 days")
    }

    @Test func deviationsAreCountedByTheirDefinitionAndKeptInEveryFigure() throws {
        let readings = [
            reading("2026-11-01", 7, 0, 150, 90, tags: ["black-coffee"]), reading("2026-11-01", 8, 0, 150, 90, tags: ["exercise", "black-coffee"]),
            reading("2026-11-02", 7, 0, 140, 90, tags: ["exercise"]), reading("2026-11-02", 8, 0, 140, 90, tags: ["black-coffee"]),
            reading("2026-11-03", 7, 0, 120, 80, tags: ["salt"]),
        ]
        let summary = BPSummary(profile: dad, readings: readings)
        let deviations = try #require(summary.deviations)
        #expect(deviations.count == 4)
        #expect(deviations.tagIDs == ["black-coffee", "exercise"])
        #expect(summary.overall.systolic.count == 5)
        let labels = ["black-coffee": "black coffee", "exercise": "exercise"]
        #expect(SummaryWording(summary: summary, strings: english) { labels[$0] ?? $0 }.deviationLine
            == "2 of the 3 headline readings after black coffee or exercise (protocol deviation; kept in the figure); 4 in the whole range",
            "counted among the readings behind the headline (1 Nov is the protocol's left-out first day)")
        #expect(summary.headlineDeviations?.count == 2)
        // A user's own definition decides: salt marked as a deviation.
        let own = BPSummary(profile: dad, readings: readings, options: AnalysisOptions(deviationTags: ["salt"]))
        #expect(own.deviations?.count == 1)
        #expect(SummaryWording(summary: own, strings: english) { $0 }.deviationLine
            == "1 of the 3 headline readings after salt (protocol deviation; kept in the figure); 1 in the whole range")
        // Without a protocol week the range's count is the line.
        let oneDay = BPSummary(profile: dad, readings: Array(readings.prefix(2)))
        #expect(SummaryWording(summary: oneDay, strings: english) { labels[$0] ?? $0 }.deviationLine
            == "2 readings after black coffee or exercise (protocol deviation; kept in every figure)")
    }

    @Test func notesDigestIsNewestFirstUpToTwelve() throws {
        var readings = (0..<14).map { index -> Reading in
            var noted = reading(day("2026-11-01").adding(days: index).description, 7, 0, 140, 90)
            noted.note = "note \(index)"
            return noted
        }
        readings.append(reading("2026-11-20", 7, 0, 140, 90))
        var blank = reading("2026-11-21", 7, 0, 140, 90)
        blank.note = "  \n "
        readings.append(blank)
        let notes = try #require(BPSummary(profile: dad, readings: readings).notes)
        #expect(notes.readings.map(\.note) == (2..<14).reversed().map { "note \($0)" })
        #expect(notes.more == 2)
    }

    @Test func deviceFindingsLine() throws {
        let readings = [
            reading("2026-11-01", 7, 0, 140, 90, tags: ["irregular-heartbeat"]),
            reading("2026-11-01", 8, 0, 140, 90, tags: ["irregular-heartbeat", "possible-afib"]),
            reading("2026-11-02", 7, 0, 140, 90), reading("2026-11-02", 8, 0, weight: 70_000, tags: ["possible-afib"]),
        ]
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.findings == nil ? false : summary.findings!.readings == 3)
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.findingsLine
            == "Irregular heartbeat flagged on 2 of 3 readings; possible AFib on 1")
        #expect(SummaryWording(summary: summary, strings: chinese) { $0 }.findingsLine == "3 次读数中 2 次提示不规则心跳；疑似房颤 1 次")
    }
}
