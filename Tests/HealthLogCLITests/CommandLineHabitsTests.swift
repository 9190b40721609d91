import Foundation
import Testing

/// The habits of a command-line user (issue 37): typos named, numbers typed as they are said,
/// a script's JSON and quiet runs, dates as people type them, and delete showing what goes.
@Suite struct CommandLineHabitsTests {
    @Test func aMistypedOptionAndHelpTopicNameTheOneMeant() {
        let cli = CLIHarness()
        let option = cli.run("list", "--formt", "json")
        #expect(option.status == 64)
        #expect(option.stderr == "Error: unknown option '--formt' (did you mean '--format'?). See 'healthlog list --help'.\n")
        #expect(cli.run("list", "--frobnicate").stderr == "Error: unknown option '--frobnicate'. See 'healthlog list --help'.\n")
        let help = cli.run("help", "lsit")
        #expect(help.status == 64)
        #expect(help.stderr == "Error: no help for 'lsit': unknown command (did you mean 'help list'?). See 'healthlog --help'.\n")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.run("list", "--formt").stderr.contains("未知选项“--formt”（是不是“--format”？）"))
    }

    @Test func threeNumbersPointToSysDiaAndPulse() throws {
        let cli = CLIHarness()
        let result = cli.run("add", "120", "80", "70")
        #expect(result.status == 64)
        #expect(result.stderr == "Error: '120 80 70' is not a blood pressure; did you mean 120/80 70? (SYS/DIA, then the pulse). See 'healthlog add --help'.\n")
        cli.ok("add", "138/86", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        #expect(cli.run("edit", String(id.prefix(8)), "120", "80", "70").stderr.contains("did you mean 120/80 70?"))
        #expect(try cli.readings().count == 1)
    }

    @Test func scriptsGetJSONOrSilence() throws {
        let cli = CLIHarness()
        let added = cli.ok("add", "138/86", "72", "--at", "07:30", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])
        let id = try #require(object["id"] as? String)
        #expect(try cli.readings().first?.id == id)
        #expect(object["systolic"] as? Int == 138)
        let edited = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("edit", id, "--pulse", "70", "--format", "json").utf8)) as? [String: Any])
        #expect(edited["pulse"] as? Int == 70)
        #expect(cli.ok("add", "130/80", "--at", "07:40", "-q") == "")
        #expect(cli.ok("edit", id, "--pulse", "71", "--quiet") == "")
        #expect(cli.ok("delete", id, "--yes", "--format", "json") == "{\n  \"deleted\": [\n    \"\(id)\"\n  ]\n}\n")
        let other = try #require(try cli.readings().first?.id)
        #expect(cli.ok("delete", other, "--yes", "-q") == "")
        #expect(try cli.readings().isEmpty)
    }

    @Test func deleteShowsWhatGoesAndTakesARange() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-n", "头有点晕", "--at", "yesterday 07:30")
        cli.ok("add", "128/80", "--at", "07:30")
        let ids = try cli.readings().map(\.id)
        let asked = cli.run("delete", "--from", "yesterday", "--to", "yesterday")
        #expect(asked.status == 64)
        #expect(asked.stderr.hasPrefix("  Delete \(ids[0].prefix(8)) · me · Sun 2026-11-29 07:30 morning · 138/86 mmHg · pulse 72 · 头有点晕\nError: not at a terminal to ask \"Delete 1 reading?\""))
        #expect(cli.run("delete", ids[1], "--from", "today").status == 64)
        #expect(cli.run("delete").status == 64)
        #expect(cli.ok("delete", "--last", "7d", "--yes") == "Deleted 2 readings.\n")
        #expect(try cli.readings().isEmpty)
    }

    @Test func datesAsPeopleTypeThem() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "2 hours ago")
        cli.ok("add", "137/86", "--at", "昨天晚上9点")
        cli.ok("add", "136/86", "--at", "sunday 7:30")
        cli.ok("add", "135/86", "--at", "Nov 2 7:30")
        let taken = try cli.readings().map(\.takenAt.iso8601).sorted()
        #expect(taken == ["2026-11-02T07:30:00+08:00", "2026-11-29T07:30:00+08:00", "2026-11-29T21:00:00+08:00", "2026-11-30T06:00:00+08:00"])
        #expect(cli.ok("list", "--from", "2026-11", "--to", "2026-11", "--format", "csv").split(separator: "\n").count == 5)
        #expect(cli.ok("list", "--from", "last week", "--to", "last week", "--format", "csv").split(separator: "\n").count == 3)
        #expect(cli.ok("list", "--from", "this week", "--format", "csv").split(separator: "\n").count == 2)
        #expect(cli.ok("list", "--from", "上月", "--to", "上月", "--format", "csv").split(separator: "\n").count == 1)
    }

    @Test func editHelpDoesNotSayAtDefaultsToNow() {
        let cli = CLIHarness()
        #expect(cli.ok("add", "--help").contains("(default: now)"))
        #expect(!cli.ok("edit", "--help").contains("(default: now)"))
    }

    @Test func statsJSONCarriesItsSchemaVersion() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        #expect(cli.ok("stats", "--format", "json").hasPrefix("{\n  \"schema\": 1,\n  \"profile\": \"me\","))
    }
}
