import HealthCore
import HealthLogTestSupport
import HealthPresentation
import Testing

/// An import's report in words, as `healthlog import` prints it and any other front end would.
@Suite struct ImportTextTests {
    private let english = try! StringTable.load(.english, from: TemplatesFolder(directory: templatesPath))
    private let chinese = try! StringTable.load(.chinese, from: TemplatesFolder(directory: templatesPath))

    private func account(dryRun: Bool = false, profile: String? = "dad") -> ImportAccount {
        var summary = ImportSummary()
        summary.added = 7
        summary.duplicates = 2
        summary.createdProfiles = ["oma"]
        summary.eventsAdded = 1
        var account = ImportAccount(input: "omron.csv", profile: profile, dryRun: dryRun, summary: summary)
        account.problems = [ImportProblemLine(location: "omron.csv:4", reason: Phrase(verbatim: "systolic 400 is out of range"))]
        account.problemCount = 3
        account.settledDateOrder = ("dmy", "13/01/2026", 5)
        account.skipped = ["StepCount": 2, "Encounter": 5]
        account.deviceErrorRows = 1
        return account
    }

    @Test func theNoticesComeInOrderAndTheCountsOnOneLine() {
        let text = ImportText(words: english)
        #expect(text.notices(account()) == [
            "Skipped invalid record: omron.csv:4: systolic 400 is out of range",
            "… and 2 more invalid records, not listed.",
            "Read dates as day/month/year: 13/01/2026 on line 5 can only be that (--date-order overrides).",
            "Created profile 'oma'.",
            "Skipped (not readings HealthLog keeps): 5 Encounter, 2 StepCount.",
        ])
        #expect(text.result(account())
            == "Imported omron.csv into dad: added 7, duplicate 2, device error rows 1, events added 1, skipped 7, invalid 3.")
    }

    /// Problems sharing a reason are named three times, then counted in one line where the
    /// third was; other problems keep their place; a reason said exactly three times has no count line.
    @Test func problemsAlikeAreCountedAfterTheThirdNotListed() {
        let text = ImportText(words: english)
        let time = { (line: Int) in ImportProblemLine(location: "a.csv:\(line)", reason: Phrase("time '{time}' is not like 08:12", ["time": "25:0\(line)"])) }
        let other = ImportProblemLine(location: "a.csv:9", reason: Phrase("systolic {value} is out of range", ["value": "400"]))
        let pulse = { (line: Int) in
            ImportProblemLine(location: "a.csv:\(line)", reason: Phrase("{name} {value} is out of range", ["value": "9"], terms: ["name": Phrase("pulse")]))
        }
        let systolic = ImportProblemLine(location: "a.csv:13", reason: Phrase("{name} {value} is out of range", ["value": "9"], terms: ["name": Phrase("systolic")]))
        let problems = [time(2), time(3), other, time(4), time(5), time(6), pulse(10), pulse(11), pulse(12), systolic]
        #expect(text.problemLines(problems) == [
            "a.csv:2: time '25:02' is not like 08:12", "a.csv:3: time '25:03' is not like 08:12", "a.csv:9: systolic 400 is out of range",
            "a.csv:4: time '25:04' is not like 08:12", "… and 2 more with the same problem as a.csv:2 (the last at a.csv:6).",
            "a.csv:10: pulse 9 is out of range", "a.csv:11: pulse 9 is out of range", "a.csv:12: pulse 9 is out of range",
            "a.csv:13: systolic 9 is out of range",
        ])
        let chineseLines = ImportText(words: chinese).problemLines([time(2), time(3), time(4), time(5)])
        #expect(chineseLines.last == "……另有 1 条与 a.csv:2 同样的问题（最后一条在 a.csv:5）。")
    }

    @Test func aDryRunSaysWhatItWouldDo() {
        let text = ImportText(words: english)
        #expect(text.notices(account(dryRun: true)).contains("Would create profile 'oma'."))
        #expect(text.result(account(dryRun: true, profile: nil))
            == "Dry run of omron.csv, nothing written: added 7, duplicate 2, device error rows 1, events added 1, skipped 7, invalid 3.")
    }

    @Test func chineseHasItsOwnPunctuation() {
        #expect(ImportText(words: chinese).result(account())
            == "已把 omron.csv 导入到 dad：新增 7，重复 2，设备错误行 1，新增事件 1，跳过 7，无效 3。")
    }
}
