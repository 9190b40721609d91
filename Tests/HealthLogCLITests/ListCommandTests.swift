import Foundation
import HealthCommandLine
import Testing
import HealthLogCLI

@Suite struct ListCommandTests {
    @Test func jsonHasTheDocumentedKeysAndNulls() throws {
        let cli = CLIHarness()
        cli.ok("add", "--weight", "72.5", "--at", "07:00")
        cli.ok("add", "138/86", "72", "-t", "bp-med", "-n", "头晕", "--at", "07:05")
        let output = cli.ok("list", "--format", "json")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        let keys = [
            "id", "profile", "takenAt", "period", "systolic", "diastolic", "pulse", "weightKg", "tags", "note", "site", "measurementDay",
        ]
        for object in objects { #expect(Set(object.keys) == Set(keys)) }
        #expect(objects[0]["systolic"] is NSNull)
        #expect(objects[0]["note"] is NSNull)
        #expect(objects[0]["weightKg"] as? Double == 72.5)
        #expect(objects[1]["takenAt"] as? String == "2026-11-30T07:05:00+08:00")
        #expect(objects[1]["period"] as? String == "morning")
        #expect(objects[1]["tags"] as? [String] == ["bp-med"])
        #expect(objects[1]["note"] as? String == "头晕")
        #expect(objects[1]["site"] as? String == "home")
        #expect(objects[1]["measurementDay"] as? String == "2026-11-30")
    }

    @Test func filtersByRangePeriodTagAndLimit() throws {
        let cli = CLIHarness()
        cli.family()
        let ids = { (arguments: [String]) throws -> [Int] in
            let output = cli.run(arguments + ["--format", "json"]).stdout
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            return objects.compactMap { $0["systolic"] as? Int }
        }
        #expect(try ids(["-p", "dad", "list"]) == [150, 142, 138])
        #expect(try ids(["-p", "dad", "list", "--from", "2026-11-30"]) == [138])
        #expect(try ids(["-p", "dad", "list", "--last", "2d"]) == [150, 142, 138])
        #expect(try ids(["-p", "dad", "list", "--last", "1d"]) == [138])
        #expect(try ids(["-p", "dad", "list", "--to", "yesterday"]) == [150, 142])
        #expect(try ids(["-p", "dad", "list", "--period", "evening"]) == [142])
        #expect(try ids(["-p", "dad", "list", "--tag", "bp-med"]) == [150])
        #expect(try ids(["-p", "dad", "list", "--limit", "2"]) == [142, 138])
        #expect(try ids(["-p", "mom", "list"]) == [118])
    }

    @Test func tablePrintsTheDateOncePerDay() {
        let cli = CLIHarness()
        cli.family()
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        let lines = cli.ok("-p", "dad", "list").split(separator: "\n")
        #expect(lines[0] == "dad (爸爸) · all dates · 3 readings")
        // Cut by --limit, the header says how much of the log is shown.
        #expect(cli.ok("-p", "dad", "list", "--limit", "2").hasPrefix("dad (爸爸) · all dates · latest 2 of 3 readings\n"))
        #expect(cli.ok("-p", "dad", "list", "--limit", "2", "--period", "evening").hasPrefix("dad (爸爸) · all dates · only evening readings · 1 reading\n"))
        #expect(lines[1].hasPrefix("ID        Date            Time   Period   BP         Pulse  Tags"))
        #expect(lines[2].contains("2026-11-29 Sun  07:30  morning  150/95        80  BP medication"))
        #expect(lines[3].contains("                21:00  evening  142/88"))
        #expect(lines[4].contains("2026-11-30 Mon  07:30  morning  138/86"))
    }

    /// On a terminal a stamp reads as its label in the reader's language; through a pipe as its id.
    @Test func aTerminalShowsTagLabelsAPipeTheIDs() {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "-t", "bp-med,good-sleep", "--at", "07:30")
        cli.ok("add", "131/80", "-t", "bp-med,good-sleep,exercise,diet,black-coffee", "--at", "07:35")
        #expect(cli.ok("list").contains("bp-med,good-sleep"))
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        let english = cli.ok("list")
        #expect(english.contains("  BP medication +1"), "the ones that do not fit are counted: \(english)")
        #expect(english.contains("  BP medication +4"), "\(english)")
        #expect(!english.contains("bp-med"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = cli.ok("list")
        #expect(chinese.contains("降压药, 好睡眠"), "\(chinese)")
    }

    @Test func officeReadingsAreMarkedAndAfterMidnightCountsForTheDayBefore() {
        let cli = CLIHarness()
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        cli.ok("add", "152/94", "--office", "--at", "2026-11-28 10:00")
        cli.ok("add", "131/80", "--at", "2026-11-29 00:40")
        let lines = cli.ok("list").split(separator: "\n")
        #expect(lines[2].contains("2026-11-28 Sat  10:00           morning  152/94 ᵒ"))
        // 00:40 on the 29th is the 28th's evening reading: no new date, and its own day beside its time.
        #expect(lines[3].contains("                00:40 (Sun 29)  evening  131/80"))
        #expect(lines.last == "ᵒ taken at the clinic (office reading)")
        #expect(cli.ok("show", String(lines[3].prefix(8))).contains("counts for Sat 2026-11-28 (its evening runs to 01:59)"))
        // 03:50 is a night reading: shown, counted for the day before, never the protocol's evening.
        cli.ok("add", "170/100", "--at", "2026-11-29 03:50", "-n", "woke up")
        let nightRow = cli.ok("list").split(separator: "\n").first { $0.contains("03:50") } ?? ""
        #expect(nightRow.contains("03:50 (Sun 29)  night  "), "\(nightRow)")
        let night = String(nightRow.prefix(8))
        #expect(cli.ok("show", night).contains("a night reading (02:00–03:59): counts for Sat 2026-11-28, but not in the protocol's evening figure"))
    }

    @Test func throughAPipeEveryRowHasItsDateAndHintsGoToStandardError() throws {
        let cli = CLIHarness()
        cli.family()
        for hour in [8, 12, 19, 22] { cli.ok("-p", "dad", "add", "130/8\(hour % 10)", "--at", "2026-11-29 \(hour):15") }
        let piped = cli.run("-p", "dad", "list")
        let day = piped.stdout.split(separator: "\n").filter { $0.contains("2026-11-29") }
        #expect(day.count == 6, "every reading of the day carries the date: \(piped.stdout)")
        #expect(piped.stderr.isEmpty)
        // Past the 20 a table shows, the hint goes to standard error, not into the data.
        for minute in 0..<20 { cli.ok("-p", "dad", "add", "120/80", "--at", "2026-11-27 09:\(minute < 10 ? "0" : "")\(minute)") }
        let cut = cli.run("-p", "dad", "list")
        #expect(cut.stderr == "(the latest 20 of 27; use --last, --from or --limit for more)\n")
        #expect(!cut.stdout.contains("use --last"))
        // An empty profile says how to add the first reading, on standard error.
        cli.ok("profile", "add", "grandma")
        let empty = cli.run("-p", "grandma", "list")
        #expect(empty.status == 0)
        #expect(empty.stderr == "No readings yet. Add the first with: healthlog -p grandma add 138/86 72\n")
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        #expect(cli.run("-p", "grandma", "list").stdout.hasSuffix("No readings yet. Add the first with: healthlog -p grandma add 138/86 72\n"))
    }

    @Test func filtersTakeSeveralTagsAndTypedProfilesAreNamed() throws {
        let cli = CLIHarness()
        cli.family()
        cli.ok("-p", "dad", "add", "131/81", "-t", "bp-med,exercise", "--at", "2026-11-28 20:00")
        cli.ok("-p", "dad", "add", "132/82", "-t", "diet", "--at", "2026-11-28 21:00")
        let systolics = { (arguments: [String]) throws -> [Int] in
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok(arguments + ["--format", "json"]).utf8)) as? [[String: Any]])
            return rows.compactMap { $0["systolic"] as? Int }
        }
        // All the tags given, in a comma list or repeated alike.
        #expect(try systolics(["-p", "dad", "list", "-t", "bp-med,exercise"]) == [131])
        #expect(try systolics(["-p", "dad", "list", "-t", "bp-med", "-t", "exercise"]) == [131])
        #expect(try systolics(["-p", "dad", "list", "-t", "bp-med"]) == [131, 150])
        // None of the tags given.
        #expect(try systolics(["-p", "dad", "list", "--without-tag", "bp-med,diet"]) == [142, 138])
        #expect(cli.ok("-p", "dad", "list", "-t", "bp-med,exercise").contains("only readings tagged BP medication, exercise"))
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("-p", "dad", "stats", "-t", "bp-med", "-t", "exercise", "--format", "json").utf8)) as? [String: Any])
        let filter = try #require(stats["filter"] as? [String: Any])
        #expect(filter["tags"] as? [String] == ["bp-med", "exercise"])
        #expect(filter["tag"] as? String == "bp-med", "the key from before filters took several tags stays")
        // A typo in any of them is refused, naming it.
        let typo = cli.run("-p", "dad", "list", "-t", "bp-med,excercise")
        #expect(typo.status == ExitCode.dataError)
        #expect(typo.stderr.contains("unknown tag 'excercise' (did you mean 'exercise'?)"))
        // Profiles: a capital or a typo names the one meant; a new name says how to make it.
        let capital = cli.run("-p", "Dad", "list")
        #expect(capital.status == ExitCode.dataError)
        #expect(capital.stderr == "Error: no profile 'Dad'; did you mean 'dad'? (profiles: dad, mom)\n")
        #expect(cli.run("-p", "grandpa", "list").stderr == "Error: no profile 'grandpa' (profiles: dad, mom); add it with: healthlog profile add grandpa\n")
        // Two numbers where SYS/DIA was meant.
        let spaced = cli.run("-p", "dad", "add", "138", "86")
        #expect(spaced.status == ExitCode.usage)
        #expect(spaced.stderr.hasPrefix("Error: '138 86' is not a blood pressure; did you mean 138/86?"))
        #expect(try cli.readings(profile: "dad").count == 5, "nothing was added")
    }

    @Test func tagsThatDoNotFitSayHowManyAreHidden() {
        let cli = CLIHarness()
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        cli.ok("add", "120/80", "-t", "bp-med,exercise,good-sleep,black-coffee", "--at", "07:00")
        let row = cli.ok("list").split(separator: "\n")[2]
        #expect(row.contains("BP medication +3"))
        // Through a pipe every tag is whole.
        cli.onTerminal = false
        #expect(cli.ok("list").contains("bp-med,exercise,good-sleep,black-coffee"))
    }

    @Test(arguments: [
        (["list", "--period", "night"], 64, "Error: --period 'night' is not a period (morning, noon or evening). See 'healthlog list --help'."),
        (["list", "--format", "xml"], 64, "Error: --format 'xml' is not a format (table, text, csv or json). See 'healthlog list --help'."),
        (["list", "--from", "2026-13-01"], 64, "Error: --from '2026-13-01' is not a date; use YYYY-MM-DD, today or yesterday. See 'healthlog list --help'."),
        (["list", "--last", "7x"], 64, "Error: --last '7x' is not a span; use a number and d, w, m or y, e.g. 7d, 4w, 3m, 1y. See 'healthlog list --help'."),
        (["list", "--from", "2026-11-30", "--to", "2026-11-01"], 65, "Error: --from 2026-11-30 is after --to 2026-11-01"),
        (["list", "--limit", "0"], 64, "Error: --limit '0' is not a whole number of at least 1. See 'healthlog list --help'."),
    ])
    func badFiltersAreUsageOrDataErrors(arguments: [String], status: Int32, message: String) {
        let cli = CLIHarness()
        cli.ok("add", "120/80")
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
    }
}
