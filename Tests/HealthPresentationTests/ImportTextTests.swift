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
        account.problems = [Phrase(verbatim: "omron.csv:4: systolic 400 is out of range")]
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
