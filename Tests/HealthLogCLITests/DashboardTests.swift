import Testing

/// `healthlog` alone (issue 37): a dashboard, not the full help.
@Suite struct DashboardTests {
    @Test func anEmptyLogSaysTheFirstStepAndCreatesNothing() {
        let cli = CLIHarness()
        let shown = cli.ok()
        // A profile first (whose the readings are, and the birth year the guideline reads), then the first reading.
        #expect(shown == """
            No profile yet. First create one for the person who measures: healthlog profile add mum --name Mum --birth-year 1950
            Then measure, and type the two numbers and the pulse: healthlog add 138/86 72
            healthlog --help lists every command.

            """)
        #expect(cli.databaseBytes().allSatisfy { $0 == nil })
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = cli.ok()
        #expect(chinese.hasPrefix("还没有档案。请先为测量的人创建一个：healthlog profile add mum --name 妈妈 --birth-year 1950\n然后测量，输入两个数和脉搏：healthlog add 138/86 72\n"), "\(chinese)")
    }

    @Test func theLastReadingTheWeekAndWhatIsStillDue() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        cli.ok("add", "150/95", "--at", "yesterday 07:30")
        cli.ok("add", "146/92", "--at", "yesterday 21:00")
        cli.ok("add", "148/94", "72", "--at", "07:30")
        let id = try #require(try cli.readings().last?.id)
        let shown = cli.ok()
        #expect(shown.hasPrefix("""
            dad (爸爸)
              Last \(id.prefix(8)) · dad · Mon 2026-11-30 07:30 morning · 148/94 mmHg · pulse 72
              Last 7 days at home: 
            """))
        // The week's figure and badge are stats' own (its first day is left out: too few yet).
        #expect(shown.contains("  Last 7 days at home: 148/94 mmHg, too few readings\n"))
        // At 08:00 the morning reading is in; the evening one is still due.
        #expect(shown.contains("  Still due today: evening\n"))
        #expect(shown.hasSuffix("healthlog --help lists every command.\n"))
        #expect(!shown.contains("OVERVIEW"))
        #expect(cli.ok("--help").hasPrefix("OVERVIEW: HealthLog"))
    }

    /// A very high or low last reading of today or yesterday, or one with a warning symptom,
    /// is said under it as `add` said it; an old one is not said again.
    @Test func aLastReadingThatNeedsAttentionSaysSo() {
        let cli = CLIHarness()
        let added = cli.ok("add", "182/112", "88", "--at", "07:30")
        let warning = added.split(separator: "\n").dropFirst().first
        #expect(warning != nil, "\(added)")
        let shown = cli.ok()
        #expect(shown.contains("182/112") && shown.contains("  \(warning ?? "")\n"), "\(shown)")
        cli.now += 3 * 86_400_000
        #expect(!cli.ok().contains(String(warning ?? "-")), "a reading three days old is not said again")
        cli.ok("add", "128/80", "--at", "07:30", "--note", "fainted on the stairs")
        #expect(cli.ok().contains("faint"), "\(cli.ok())")
    }

    @Test func aMorningPastIsMissedNotDue() {
        let cli = CLIHarness()
        cli.now += 12 * 3_600_000
        cli.ok("add", "128/80", "--at", "19:30")
        #expect(cli.ok().contains("\n  Today's evening reading is in; the morning one was missed.\n"))
        cli.ok("add", "126/80", "--at", "07:30")
        #expect(cli.ok().contains("\n  Today's morning and evening readings are in.\n"))
    }

    @Test func everyProfileWhenNoneIsChosenInChinese() {
        let cli = CLIHarness()
        cli.environment["LANG"] = "zh_CN.UTF-8"
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        cli.ok("profile", "add", "mom", "--name", "妈妈")
        cli.ok("-p", "mom", "add", "118/76", "--at", "07:40")
        let shown = cli.ok()
        #expect(shown.contains("dad (爸爸)\n  还没有读数：healthlog -p dad add 138/86 72\n"))
        #expect(shown.contains("mom (妈妈)\n  最近 "))
        #expect(shown.contains("  今天还要测：晚上"))
        #expect(cli.ok("-p", "mom").contains("mom (妈妈)") && !cli.ok("-p", "mom").contains("爸爸"))
    }
}
