import HealthAnalytics
import HealthCore
import Testing

/// Which readings are standing (``StandingReading``), and the fall on standing against the
/// seated readings of the same session (``OrthostaticReadings``).
@Suite struct StandingReadingTests {
    @Test func aNoteSaysStandingTheWaysPeopleWriteIt() {
        for note in ["standing", "Standing 1 min", "standing 3 min, dizzy", "3 min standing", "3min standing", "after 1 minute of standing",
                     "standing for 3 minutes", "站立1分钟", "站立 3 分钟", "站立位", "立位", "1分钟站立"] {
            #expect(StandingReading.noteSaysStanding(note), "\(note)")
        }
        for note in ["dizzy on standing", "dizzy on standing up", "dizzy when I stood up", "seated", "站起来晕", "站立时头晕", "", "notstanding 1"] {
            #expect(!StandingReading.noteSaysStanding(note), "\(note)")
        }
    }

    @Test func aStandingReadingIsInNoHomeFigureAndItsFallIsCounted() {
        var readings: [Reading] = []
        for offset in 0..<7 {
            let date = day("2026-11-23").adding(days: offset).description
            readings += [reading(date, 7, 0, 150, 84), reading(date, 7, 2, 148, 82),
                         reading(date, 7, 5, 124, 72, tags: ["standing"]), reading(date, 7, 7, offset == 6 ? 140 : 128, offset == 6 ? 80 : 74, tags: ["standing"]),
                         reading(date, 21, 0, 140, 80), reading(date, 21, 2, 142, 82)]
        }
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.homeReadings.count == 28)
        #expect(summary.protocolAverage?.count == 24)
        #expect(summary.protocolAverage?.morning?.shown == BloodPressure(systolic: 149, diastolic: 83))
        let standing = summary.orthostatic
        #expect(standing?.standing == 14)
        #expect(standing?.sessions == 7)
        // The last day's 1-minute reading falls by 25/11 though its 3-minute one does not: still a fall.
        #expect(standing?.falls == 7)
        #expect(summary.asksForStandingReadings == false)
    }
}
