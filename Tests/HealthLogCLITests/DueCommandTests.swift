import Foundation
import HealthCore
import Testing

/// `healthlog due --before DATE`: the protocol week before a visit, as a daughter preparing
/// it reads it (now is Mon 2026-11-30 08:00, +08:00).
@Suite struct DueCommandTests {
    /// dad, in the week before a visit on Thu 3 Dec (Thu 26 Nov – Wed 2 Dec): 26 Nov and 29 Nov
    /// complete, 27 Nov's evening and all of 28 Nov missed, one of this morning's two readings taken.
    private func weekUnderWay() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        for at in [
            "2026-11-26 07:00", "2026-11-26 07:02", "2026-11-26 21:00", "2026-11-26 21:02",
            "2026-11-27 07:00", "2026-11-27 07:02",
            "2026-11-29 07:00", "2026-11-29 07:02", "2026-11-29 21:00", "2026-11-29 21:02",
            "2026-11-30 07:30",
        ] {
            cli.ok("add", "138/86", "--at", at)
        }
        return cli
    }

    @Test func saysWhatIsDoneMissedAndStillToTakeAndTheNextStep() {
        let cli = weekUnderWay()
        let text = cli.ok("due", "--before", "2026-12-03")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "dad (爸爸) · visit Thu 2026-12-03 · home week 2026-11-26 – 2026-12-02")
        // 26 Nov is day 1 (not counted): 27 Nov's 2, 29 Nov's 4 and this morning's 1 are.
        #expect(lines[1] == "2 of 7 days complete · 7 of the 12 readings needed so far")
        #expect(text.contains("""
            Still to take (2 readings each time):
              Mon 2026-11-30   morning (1/2) and evening  today
              Tue 2026-12-01   morning and evening
              Wed 2026-12-02   morning and evening

            Missed (their time has passed):
              Fri 2026-11-27   evening
              Sat 2026-11-28   morning and evening

            Next: today's morning readings, 1 reading still to take.
            """), "\(text)")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func jsonGivesEverySessionsStateAndTheNextOne() throws {
        let cli = weekUnderWay()
        let output = cli.ok("due", "--before", "2026-12-03", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["visit"] as? String == "2026-12-03")
        #expect(object["start"] as? String == "2026-11-26")
        #expect(object["end"] as? String == "2026-12-02")
        #expect(object["completeDays"] as? Int == 2)
        #expect(object["count"] as? Int == 7)
        #expect(object["needed"] as? Int == 12)
        let slots = try #require(object["slots"] as? [[String: Any]])
        #expect(slots.count == 14)
        #expect(slots.map { $0["state"] as? String ?? "" } == [
            "done", "done", "done", "missed", "missed", "missed", "done", "done", "due", "due", "planned", "planned", "planned", "planned",
        ])
        let next = try #require(object["next"] as? [String: Any])
        #expect(next["date"] as? String == "2026-11-30")
        #expect(next["session"] as? String == "morning")
        #expect(next["taken"] as? Int == 1)
    }

    @Test func aWeekNotYetStartedStartsOnItsFirstMorning() {
        let cli = weekUnderWay()
        let text = cli.ok("due", "--before", "2026-12-10")
        #expect(text.contains("0 of 7 days complete"))
        #expect(!text.contains("Missed"))
        #expect(text.contains("Next: Thu 2026-12-03, morning: 2 readings."), "\(text)")
    }

    @Test func aFinishedWeekSaysWhetherItIsSufficient() {
        let cli = weekUnderWay()
        // The visit is today: the week (23–29 Nov) ended yesterday with 6 counted readings.
        let text = cli.ok("due", "--before", "today")
        #expect(text.contains("Nothing is left to take before the visit."))
        #expect(text.contains("Next: no session is left before the visit and the week has 6 of the 12 readings needed"), "\(text)")
    }

    @Test func withoutADateItSaysTheCareRecordHasNoVisitsAndAPastDayIsRefused() {
        let cli = weekUnderWay()
        let missing = cli.run("due")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("the care record has no visit dates; give the visit day with --before DATE"), "\(missing.stderr)")
        let past = cli.run("due", "--before", "2026-11-20")
        #expect(past.status == 64)
        #expect(past.stderr.contains("--before 2026-11-20 is past"))
        #expect(cli.ok("due", "--before", "tomorrow").contains("visit Tue 2026-12-01"))
    }

    @Test func inChinese() {
        let cli = weekUnderWay()
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let text = cli.ok("due", "--before", "2026-12-03")
        #expect(text.contains("7 天中已完成 2 天"), "\(text)")
        #expect(text.contains("还需测量（每次 2 个读数）："))
        #expect(text.contains("下一步：今天早晨的读数，还需 1 次读数。"), "\(text)")
        #expect(cli.run("due").stderr.contains("护理记录中没有就诊日期"))
    }
}
