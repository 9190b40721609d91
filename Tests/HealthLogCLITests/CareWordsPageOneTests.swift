import Foundation
import Testing

/// Page 1 and the care record's words as a Chinese hypertension specialist reads them (issue 35):
/// medicines and their steps in the reader's language, Chinese spaced once, the patient's
/// conditions in the header, palpitations and a fast rate in AF, a morning–evening difference
/// only on enough readings, and a tag comparison withheld across a change of treatment. Each
/// on a log made for it through the real CLI, read from the real PDF (or `stats --format json`,
/// whose clinical summary is page 1's, word for word).
@Suite struct CareWordsPageOneTests {
    typealias Page = PageOneClinicalTests
    static let week = ["--from", "2026-11-23", "--to", "2026-11-29"]

    /// Telmisartan typed in Chinese from 1 Oct, a tea the catalogue does not know from 1 Nov,
    /// amlodipine from 10 Nov raised to 10 mg on 20 Nov; a tagged week 23–29 Nov around 142/87.
    /// Dad's log; amlodipine is started on `started` and raised on `raised` (by default 3 days
    /// before the headline week: too early to judge it).
    static func treated(name: String = "Dad", started: String = "2026-11-10", raised: String = "2026-11-20") -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", name, "--birth-year", "1952", "--target", "130/80")
        cli.ok("med", "start", "替米沙坦", "--dose", "40 mg", "--times", "morning", "--at", "2026-10-01 08:00")
        cli.ok("med", "start", "Grandma's tea", "--dose", "1 cup", "--at", "2026-11-01 08:00")
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "\(started) 08:00")
        cli.ok("med", "change", "氨氯地平", "--dose", "10 mg", "--at", "\(raised) 08:00", "--reason", "血压仍高")
        Page.week(cli, tags: ["bp-med"]) { k in (140 + k % 5, 86 + k % 3) }
        return cli
    }

    /// The clinical summary of `stats --format json` (page 1's, word for word) in `language`.
    static func clinical(_ cli: CLIHarness, language: String) throws -> String {
        cli.environment["LANG"] = language
        defer { cli.environment["LANG"] = nil }
        let headline = try #require(try Page.statsJSON(cli, week)["headline"] as? [String: Any])
        return try #require(headline["clinicalSummary"] as? String)
    }

    // MARK: - Medicines in the reader's language

    @Test func medicinesAndTheirStepsAreNamedInTheReadersLanguage() throws {
        let cli = Self.treated()
        let chinese = try Page.pageOne(cli, Self.week, language: "zh_CN.UTF-8")
        #expect(chinese.contains(Page.squeezed("正在服用替米沙坦 40 mg（10月1日起）、Grandma's tea 1 cup（11月1日起）和氨氯地平 5 mg（11月10日起） → 10 mg（11月20日起）")), "\(chinese)")
        #expect(!chinese.contains("amlodipine") && !chinese.contains("changed"), "\(chinese)")
        // The events table names each step with 开始服用, 加量 and 停用.
        cli.ok("med", "change", "amlodipine", "--dose", "5 mg", "--at", "2026-11-26 08:00")
        cli.ok("med", "stop", "Grandma's tea", "--at", "2026-11-27 08:00")
        _ = try Page.pageOne(cli, ["--from", "2026-11-01", "--to", "2026-11-29"], language: "zh_CN.UTF-8")
        let report = try Page.wholeReport(cli, language: "zh_CN.UTF-8")
        for said in ["开始服用氨氯地平 5 mg", "氨氯地平加量至 10 mg（血压仍高）", "氨氯地平减量至 5 mg", "停用 Grandma's tea"] {
            #expect(report.contains(Page.squeezed(said)), "\(said)")
        }
        let english = try Page.pageOne(cli, ["--from", "2026-11-01", "--to", "2026-11-29"])
        #expect(english.contains(Page.squeezed("telmisartan 40 mg")), "\(english)")
        #expect(!english.contains("替米沙坦"))
        let all = try Page.wholeReport(cli)
        for said in ["amlodipine 5 mg started", "amlodipine increased to 10 mg (血压仍高)", "amlodipine reduced to 5 mg", "Grandma's tea stopped"] {
            #expect(all.contains(Page.squeezed(said)), "\(said)")
        }
        // med list says the same steps, from the same words.
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let listed = cli.ok("med", "list", "--all")
        cli.environment["LANG"] = nil
        #expect(listed.contains("加量至 10 mg，早晨（血压仍高）"), "\(listed)")
        #expect(listed.contains("减量至 5 mg，早晨"))
        #expect(cli.ok("med", "list", "--all").contains("increased to 10 mg, morning (血压仍高)"))
    }

    // MARK: - Chinese spaced once

    /// Han beside a Latin letter or a number is spaced, a date's digits stay with 年月日, and no
    /// space comes before Chinese punctuation; the user's own words are never touched.
    @Test func chineseIsSpacedAndTheUsersWordsAreKeptAsTyped() throws {
        // The last change 18 days before the week: the week is judged, against her target.
        let cli = Self.treated(name: "Li小明", started: "2026-10-20", raised: "2026-11-05")
        cli.ok("add", "150/95", "--at", "2026-11-29 21:10", "-t", "bp-med", "-n", "心慌了2次，heart racing")
        let summary = try Self.clinical(cli, language: "zh_CN.UTF-8")
        #expect(summary.contains("为 Li小明设定的目标 130/80"), "\(summary)")
        #expect(summary.contains("、氨氯地平 5 mg（10月20日起） → 10 mg（11月5日起）和 Grandma's tea 1 cup（11月1日起）"), "\(summary)")
        #expect(summary.contains("“心慌了2次，heart racing”"), "\(summary)")
        // Outside the user's words, no Han touches a Latin letter or a number but in a date.
        var generated = summary
        for typed in ["Li小明", "心慌了2次，heart racing", "Grandma's tea", "1 cup", "血压仍高"] { generated = generated.replacing(typed, with: "·") }
        let characters = Array(generated)
        for (left, right) in zip(characters, characters.dropFirst()) {
            let touching = (Self.isHan(left) && (right.isASCII && (right.isLetter || right.isNumber)) && !"年月日".contains(left))
                || ((left.isASCII && (left.isLetter || left.isNumber)) && Self.isHan(right) && !"年月日级型期".contains(right))
            #expect(!touching, "\(left)\(right) in \(generated)")
            #expect(!(left == " " && "，。；：、）”".contains(right)), "a space before \(right) in \(generated)")
        }
    }

    static func isHan(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && (0x4E00...0x9FFF).contains(character.unicodeScalars.first!.value)
    }

    // MARK: - The patient's conditions, and one word for each slot

    @Test func theConditionsAreInTheHeaderAndEachSlotHasOneName() throws {
        let cli = Page.patient(born: 1950)
        cli.ok("profile", "edit", "dad", "--conditions", "diabetes,ckd,af")
        Page.week(cli) { k in k % 4 < 2 ? (146, 90) : (136, 84) }
        let english = try Page.pageOne(cli, Self.week)
        #expect(english.contains(Page.squeezed("· diabetes, CKD, AF")), "\(english)")
        let chinese = try Page.pageOne(cli, Self.week, language: "zh_CN.UTF-8")
        #expect(chinese.contains(Page.squeezed("糖尿病、慢性肾脏病、房颤")), "\(chinese)")
        // AF has one Chinese name on the page, as the header, the AF sentence and the monitor's tag write it.
        #expect(!chinese.contains("心房颤动") && chinese.contains(Page.squeezed("房颤患者每次至少测 3 遍")), "\(chinese)")
        #expect(english.contains(Page.squeezed("In AF take at least 3 readings a session")) && !english.contains(Page.squeezed("Atrial fibrillation:")), "\(english)")
        #expect(!chinese.contains("慢性肾病"))
        // Morning is 早晨 and evening 晚上 throughout, never 晨间, 晚间, 早上 or 上午.
        #expect(chinese.contains(Page.squeezed("早晨较高：清晨高血压（早晨 − 晚上 +10/+6）")), "\(chinese)")
        let report = try Page.wholeReport(cli, language: "zh_CN.UTF-8")
        for other in ["晨间", "晚间", "早上", "上午"] { #expect(!report.contains(other), "\(other)") }
    }

    // MARK: - Palpitations, and a fast rate said once with AF

    @Test func palpitationsReachPageOneAndAFastRateIsSaidOnceWithAF() throws {
        let cli = Page.patient(born: 1950)
        var k = 0
        for day in 23...29 {
            for time in ["07:00", "07:02", "21:00", "21:02"] {
                let tags = k % 5 < 3 ? ["-t", "irregular-heartbeat" + (k % 5 == 0 ? ",possible-afib" : "")] : []
                cli.ok(["add", "\(136 + k % 3)/84", k % 5 == 1 ? "108" : "88", "--at", "2026-11-\(day) \(time)"] + tags)
                k += 1
            }
        }
        cli.ok("add", "140/86", "92", "--at", "2026-11-28 21:05", "-n", "心悸")
        cli.ok("add", "138/85", "90", "--at", "2026-11-29 07:05", "-n", "heart racing this morning")
        let english = try Page.pageOne(cli, Self.week)
        #expect(english.contains(Page.squeezed("palpitations noted 2 times, the latest noted “heart racing this morning”")), "\(english)")
        #expect(english.contains(Page.squeezed("pulse ≥ 100 on 6 of the range's 18 flagged readings")), "\(english)")
        #expect(english.components(separatedBy: Page.squeezed("Irregular heartbeat flagged")).count == 2, "AF said once: \(english)")
        let chinese = try Page.pageOne(cli, Self.week, language: "zh_CN.UTF-8")
        #expect(chinese.contains(Page.squeezed("备注提到心悸 2 次")), "\(chinese)")
        #expect(chinese.contains(Page.squeezed("18 次不规则心跳读数中 6 次脉搏 ≥ 100")), "\(chinese)")
        #expect(chinese.components(separatedBy: "提示不规则心跳").count == 2, "AF said once: \(chinese)")
        // One word for each flag, the tag's own: never 心律不齐 beside 不规则心跳, nor 可能房颤 beside 疑似房颤.
        #expect(!chinese.contains("心律不齐") && !chinese.contains("可能房颤"), "\(chinese)")
        // With AF known, the flags are the AF sentence's, not a line of their own as well.
        cli.ok("profile", "edit", "dad", "--conditions", "af")
        let known = try Page.pageOne(cli, Self.week)
        #expect(known.contains(Page.squeezed("pulse ≥ 100 on 6 of the range's 18 flagged readings")), "\(known)")
        #expect(!known.contains(Page.squeezed("Irregular heartbeat flagged on 18 of")), "\(known)")
    }

    // MARK: - The morning–evening difference, and the week's coverage

    @Test func theMorningEveningDifferenceNeedsSixReadingsOfEach() throws {
        // Mornings every day, evenings on two days: 12 mornings, 4 evenings after the first day.
        let cli = Page.patient(born: 1960)
        for day in 23...29 {
            for time in ["07:00", "07:02"] + (day >= 28 ? ["21:00", "21:02"] : []) { cli.ok("add", "150/92", "--at", "2026-11-\(day) \(time)") }
        }
        let page = try Page.pageOne(cli, Self.week)
        #expect(!page.contains(Page.squeezed("Morning − evening")), "\(page)")
        #expect(!page.contains(Page.squeezed("higher in the")), "\(page)")
        #expect(!(try Page.details(cli)).contains(Page.squeezed("Morning − evening over the whole range")))
        #expect(!(try Page.pageOne(cli, Self.week, language: "zh_CN.UTF-8")).contains(Page.squeezed("早晨 − 晚上")))
        // Six evenings: said.
        cli.ok("add", "130/80", "--at", "2026-11-27 21:00")
        cli.ok("add", "130/80", "--at", "2026-11-27 21:02")
        #expect(try Page.pageOne(cli, Self.week).contains(Page.squeezed("higher in the mornings: morning hypertension (morning − evening +7/+4)")))
    }

    @Test func theWeeksCoverageIsSaidAsDaysOfTheWeek() throws {
        let cli = Page.patient(born: 1960)
        for day in [23, 24, 26, 27, 29] {
            for time in ["07:00", "07:02", "21:00", "21:02"] { cli.ok("add", "138/86", "--at", "2026-11-\(day) \(time)") }
        }
        #expect(try Page.pageOne(cli, Self.week).contains(Page.squeezed("16 readings on 4 of 6 days, 24 Nov – 29 Nov")))
        #expect(try Page.pageOne(cli, Self.week, language: "zh_CN.UTF-8").contains(Page.squeezed("11月24日 至 11月29日 6 天中 4 天有读数，共 16 次")))
    }

    // MARK: - A tag comparison across a change of treatment

    @Test func aTagComparisonIsWithheldAcrossAMedicationChange() throws {
        let cli = Page.patient(born: 1960)
        for day in 10...29 {
            for time in ["07:00", "07:02", "21:00", "21:02"] {
                cli.ok(["add", day < 20 ? "150/94" : "132/82", "--at", "2026-11-\(day) \(time)"] + (day % 2 == 0 ? ["-t", "diet"] : []))
            }
        }
        let range = ["--from", "2026-11-10", "--to", "2026-11-29"]
        _ = try Page.pageOne(cli, range)
        #expect(!(try Page.wholeReport(cli)).contains(Page.squeezed("falls among these readings")), "no change: the difference is said")
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--at", "2026-11-20 08:00")
        _ = try Page.pageOne(cli, range)
        // The cell wraps beside the periods column: read it in its two pieces.
        let english = try Page.wholeReport(cli)
        #expect(english.contains(Page.squeezed("withheld: amlodipine 5")) && english.contains(Page.squeezed("started (20 Nov) falls among these readings")), "\(english)")
        _ = try Page.pageOne(cli, range, language: "zh_CN.UTF-8")
        let chinese = try Page.wholeReport(cli, language: "zh_CN.UTF-8")
        #expect(chinese.contains(Page.squeezed("不显示：开始服用")) && chinese.contains(Page.squeezed("5 mg（11月20日）发生在这些读数期间")), "\(chinese)")
    }
}
