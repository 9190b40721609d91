import Foundation
import HealthCore
import Testing

/// `stats --table`: one row per day, week or month and nothing else, aligned by display width
/// and within 80 columns, in English and Chinese.
@Suite struct StatsTableTests {
    /// dad: three weeks of mornings and evenings, pulse on the mornings.
    private func threeWeeks() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        for day in 9...29 {
            let date = String(format: "2026-11-%02d", day)
            cli.ok("add", "\(130 + day % 7)/\(80 + day % 5)", "70", "--at", "\(date) 07:00")
            cli.ok("add", "\(140 + day % 3)/\(85 + day % 4)", "--at", "\(date) 21:00")
        }
        return cli
    }

    @Test func oneRowPerWeekAndATotalAndNoClinicalText() {
        let cli = threeWeeks()
        let text = cli.ok("stats", "--from", "2026-11-09", "--to", "2026-11-29", "--by", "week", "--table")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "dad (爸爸) · 2026-11-09 – 2026-11-29 · 42 home readings", "\(text)")
        #expect(lines[1] == "Period     n  SYS  DIA  Pulse  SYS min–max  DIA min–max", "\(text)")
        #expect(lines.count == 7, "heading, titles, 3 weeks, rule, total: \(text)")
        #expect(lines[2].hasPrefix("2026-W46  14  "), "\(lines[2])")
        #expect(lines[6].hasPrefix("All       42  "), "\(lines[6])")
        #expect(lines[5].allSatisfy { $0 == "─" })
        // Every row as wide as the titles: the columns line up.
        #expect(Set(lines[1...].map(\.displayWidth)).count == 1, "\(text)")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
        #expect(!text.contains("Alerts") && !text.contains("Home BP"), "the clinical text stays in plain stats")
        // Without --by, the table is by week; by month, one row.
        #expect(cli.ok("stats", "--from", "2026-11-09", "--to", "2026-11-29", "--table") == text)
        #expect(cli.ok("stats", "--last", "30d", "--by", "month", "--table").contains("\n2026-11  42  "))
    }

    @Test func theFiguresAreTheWeeksOwn() {
        let cli = CLIHarness()
        cli.ok("add", "150/95", "72", "--at", "2026-11-23 07:00")
        cli.ok("add", "140/85", "--at", "2026-11-23 21:00")
        cli.ok("add", "120/80", "60", "--at", "2026-11-30 07:00")
        let text = cli.ok("stats", "--from", "2026-11-23", "--to", "2026-11-30", "--by", "week", "--table")
        #expect(text.contains("\n2026-W48  2  145   90     72      140–150        85–95\n"), "\(text)")
        #expect(text.contains("\n2026-W49  1  120   80     60      120–120        80–80\n"), "\(text)")
    }

    @Test func chineseTitlesAreCountedByDisplayWidth() {
        let cli = threeWeeks()
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let text = cli.ok("stats", "--from", "2026-11-09", "--to", "2026-11-29", "--by", "week", "--table")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("时段      次数  收缩压  舒张压  脉搏"), "\(text)")
        #expect(Set(lines[1...].map(\.displayWidth)).count == 1, "\(text)")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
    }

    @Test func tableWithPeriodOrJsonIsRefused() {
        let cli = threeWeeks()
        #expect(cli.run("stats", "--by", "period", "--table").status == 64)
        let json = cli.run("stats", "--table", "--format", "json")
        #expect(json.status == 64)
        #expect(json.stderr.contains("--format json carries the groups already"))
    }
}
