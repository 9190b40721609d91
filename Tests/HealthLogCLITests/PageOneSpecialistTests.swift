import Foundation
import Testing

/// Page 1 read as a hypertension specialist reads it (issue 35), each situation on a log made for
/// it through the real CLI and read from the real PDF, in English and Chinese: warning words and
/// their denials, falls, pregnancy, a change too recent to judge, the dated regimen, a shift
/// worker's day and morning hypertension at the threshold.
@Suite struct PageOneSpecialistTests {
    typealias Page = PageOneClinicalTests
    typealias Care = CareRecordPageOneTests

    // MARK: - 1. Warning words, denials and falls

    @Test func chineseWarningWordsReachTheTopAndDenialsDoNot() throws {
        let cli = Page.patient(born: 1956)
        Page.week(cli) { k in (128 + k % 3, 80) }
        cli.ok("add", "150/92", "--at", "2026-11-29 12:00", "-n", "说话困难，手脚无力")
        cli.ok("add", "126/76", "--at", "2026-11-26 12:00", "-n", "no chest pain, not dizzy, without headache")
        cli.ok("add", "125/75", "--at", "2026-11-25 12:00", "-n", "没有头晕，不头痛")
        let range = ["--from", "2026-11-16", "--to", "2026-11-29"]
        let english = try Page.pageOne(cli, range)
        #expect(Care.top(english).hasPrefix(Page.squeezed("Warning symptoms noted with 150/92 on 29 Nov: “说话困难，手脚无力”; ask about them today")), "\(english)")
        // Denied symptoms are no symptom notes.
        #expect(!english.contains(Page.squeezed("no chest pain")), "\(english)")
        #expect(!english.contains(Page.squeezed("dizziness or fainting noted")), "\(english)")
        let chinese = try Page.pageOne(cli, range, language: "zh_CN.UTF-8")
        #expect(Care.top(chinese).hasPrefix(Page.squeezed("11月29日 的 150/92 备注有警示症状：“说话困难，手脚无力”")), "\(chinese)")
        // add warns with the same list, and not for a denial.
        cli.environment["LANG"] = "en_US.UTF-8"
        for note in ["胸口有点闷", "喘不上气", "言语不清", "口齿不清", "一侧无力", "头痛，看东西模糊", "昏倒了", "passed out in the kitchen", "fainted"] {
            #expect(cli.ok("add", "130/82", "--at", "2026-11-29 22:00", "-n", note).contains("a warning sign"), "\(note)")
        }
        for note in ["no chest pain", "没有胸闷", "not short of breath", "无胸痛", "未晕倒"] {
            #expect(!cli.ok("add", "130/82", "--at", "2026-11-29 22:05", "-n", note).contains("Attention"), "\(note)")
        }
    }

    @Test func fallsAndNearFallsAreCountedOverTheRangeAndTheWeek() throws {
        let cli = Page.patient(born: 1940)
        Page.week(cli) { k in (128 + k % 3, 78) }
        cli.ok("add", "120/70", "--at", "2026-11-18 12:00", "-n", "差点摔倒")
        cli.ok("add", "125/75", "--at", "2026-11-27 12:00", "-n", "near fall on the stairs")
        cli.ok("add", "126/75", "--at", "2026-11-28 12:00", "-n", "fell asleep in the chair")
        let range = ["--from", "2026-11-16", "--to", "2026-11-29"]
        let english = try Page.pageOne(cli, range)
        #expect(Care.top(english).hasPrefix(Page.squeezed("Fall or near fall noted 2 times in the range, 1 this week: 18 Nov “差点摔倒”; 27 Nov “near fall on the stairs”")), "\(english)")
        let chinese = try Page.pageOne(cli, range, language: "zh_CN.UTF-8")
        #expect(Care.top(chinese).hasPrefix(Page.squeezed("范围内记录跌倒或险些跌倒 2 次，本周 1 次")), "\(chinese)")
    }
}
