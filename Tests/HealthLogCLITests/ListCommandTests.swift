import Foundation
import Testing

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
        let lines = cli.ok("-p", "dad", "list").split(separator: "\n")
        #expect(lines[0] == "dad (爸爸) · all dates · 3 readings")
        // Cut by --limit, the header says how much of the log is shown.
        #expect(cli.ok("-p", "dad", "list", "--limit", "2").hasPrefix("dad (爸爸) · all dates · latest 2 of 3 readings\n"))
        #expect(cli.ok("-p", "dad", "list", "--limit", "2", "--period", "evening").hasPrefix("dad (爸爸) · all dates · only evening readings · 1 reading\n"))
        #expect(lines[1].hasPrefix("ID        Date            Time   Period   BP         Pulse  Weight"))
        #expect(lines[2].contains("2026-11-29 Sun  07:30  morning  150/95        80          bp-med"))
        #expect(lines[3].contains("                21:00  evening  142/88"))
        #expect(lines[4].contains("2026-11-30 Mon  07:30  morning  138/86"))
    }

    @Test func officeReadingsAreMarkedAndAfterMidnightCountsForTheDayBefore() {
        let cli = CLIHarness()
        cli.ok("add", "152/94", "--office", "--at", "2026-11-28 10:00")
        cli.ok("add", "131/80", "--at", "2026-11-29 00:40")
        let lines = cli.ok("list").split(separator: "\n")
        #expect(lines[2].contains("2026-11-28 Sat  10:00           morning  152/94 ᵒ"))
        // 00:40 on the 29th is the 28th's evening reading: no new date, and its own day beside its time.
        #expect(lines[3].contains("                00:40 (Sun 29)  evening  131/80"))
        #expect(lines.last == "ᵒ taken at the clinic (office reading)")
        #expect(cli.ok("show", String(lines[3].prefix(8))).contains("counts for Sat 2026-11-28 (the evening runs to 03:59)"))
    }

    @Test func tagsThatDoNotFitSayHowManyAreHidden() {
        let cli = CLIHarness()
        cli.ok("add", "120/80", "-t", "bp-med,exercise,good-sleep,black-coffee", "--at", "07:00")
        let row = cli.ok("list").split(separator: "\n")[2]
        #expect(row.contains("bp-med,exercise +2"))
    }

    @Test(arguments: [
        (["list", "--period", "night"], 64, "Error: --period 'night' is not a period (morning, noon or evening). See 'healthlog list --help'."),
        (["list", "--format", "xml"], 64, "Error: --format 'xml' is not a format (table, csv or json). See 'healthlog list --help'."),
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
