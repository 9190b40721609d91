import Foundation
import HealthCore
import HealthRecords
import Testing

/// The smaller holes: stale PNG pages, a missing HOME, removed tag definitions, "today" just
/// after midnight and across zones, the hour the clocks go back, and the exit-code rule.
@Suite struct EdgeCaseTests {
    /// `pdftotext` of a PDF.
    private func text(ofPDF path: String) throws -> String {
        try runShell("pdftotext \"$0\" -", [path], environment: ["PATH": "/usr/bin:/bin"]).stdout
    }

    @Test func aShorterPNGReportRemovesThePagesTheLongerOneLeft() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        for day in 1...28 {
            for hour in [6, 7, 8, 9, 19, 20, 21, 22] {
                cli.ok("-p", "dad", "add", "1\(30 + day % 9)/8\(day % 7)", "--at", "2026-11-\(day < 10 ? "0" : "")\(day) \(hour):00")
            }
        }
        let base = cli.directory.file("pg.png")
        let pngs = { names(in: cli.directory.path).filter { $0.hasSuffix(".png") } }
        let long = cli.ok("-p", "dad", "report", "--log", "readings", "--dpi", "50", "-o", base)
        let pages = pngs()
        #expect(pages.count >= 4, "\(long)")
        #expect(!pages.contains("pg.png"))
        // Three pages: the summary and a daily sheet.
        cli.ok("-p", "dad", "report", "--log", "daily", "--dpi", "50", "-o", base)
        let shorter = pngs()
        #expect(shorter.count < pages.count && shorter.allSatisfy { $0.hasPrefix("pg-") }, "\(shorter)")
        #expect(Set(shorter) == Set((1...shorter.count).map { "pg-\($0).png" }), "the earlier report's last pages are gone: \(shorter)")
        // One page keeps the name given, and the numbered pages of before go.
        let other = cli.directory.write("pg-notes.png", "not a PNG: never removed")
        cli.ok("-p", "dad", "report", "--template", "summary", "--dpi", "50", "-o", base)
        #expect(pngs() == ["pg-notes.png", "pg.png"])
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test func withoutHomeTheLogIsTheUsersNeverTheCurrentFolders() throws {
        let path = try #require(DatabaseLocation.resolvePath(flag: nil, environment: [:]))
        #expect(path.hasPrefix("/") && path.hasSuffix("/.local/share/healthlog/healthlog.sqlite"), "\(path)")
        #expect(DatabaseLocation.resolvePath(flag: nil, environment: ["HOME": ""]) == path)
        #expect(DatabaseLocation.resolvePath(flag: nil, environment: ["HOME": "relative/dir"]) == path)
        #expect(DatabaseLocation.resolvePath(flag: nil, environment: ["HOME": "/home/dad"]) == "/home/dad/.local/share/healthlog/healthlog.sqlite")
    }

    @Test func removingATagDefinitionChangesNoFigure() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("tag", "add", "salt", "--label", "salty meal", "--deviation")
        for day in 10...25 {
            let tags = day % 3 == 0 ? "black-coffee" : day % 3 == 1 ? "salt" : "bp-med"
            cli.ok("-p", "dad", "add", "1\(30 + day % 9)/8\(day % 7)", "-t", tags, "--at", "2026-11-\(day) 07:00")
            cli.ok("-p", "dad", "add", "1\(25 + day % 9)/8\(day % 5)", "--at", "2026-11-\(day) 21:00")
        }
        let figures = { () throws -> [String: Any] in
            try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("-p", "dad", "stats", "--format", "json").utf8)) as? [String: Any])
        }
        let before = try figures()
        let deviations = try #require(before["deviations"] as? [String: Any])
        #expect(deviations["count"] as? Int == 11)
        cli.ok("tag", "remove", "black-coffee")
        cli.ok("tag", "remove", "salt")
        cli.ok("tag", "edit", "bp-med", "--label", "pills")
        let after = try figures()
        #expect(NSDictionary(dictionary: after["deviations"] as! [String: Any]) == NSDictionary(dictionary: deviations))
        let protocolFigures = { (figures: [String: Any]) in
            ["count", "systolic", "diastolic"].map { "\((figures["protocol"] as? [String: Any])?[$0] ?? "none")" }
        }
        #expect(protocolFigures(after) == protocolFigures(before))
        // A backup to a new log keeps what the removed definition said.
        let backup = cli.directory.file("b.json")
        cli.ok("export", "--format", "json", "-o", backup)
        let fresh = CLIHarness()
        fresh.ok("import", backup)
        let moved = try #require(try JSONSerialization.jsonObject(with: Data(fresh.ok("-p", "dad", "stats", "--format", "json").utf8)) as? [String: Any])
        #expect((moved["deviations"] as? [String: Any])?["count"] as? Int == 11)
        #expect(!fresh.ok("tag", "list").contains("salty meal"), "a removed definition stays removed")
        // Defining it again brings it back.
        cli.ok("tag", "add", "salt", "--label", "salty food")
        #expect(cli.ok("tag", "list").contains("salty food"))
    }

    @Test func justAfterMidnightTodayIsStillTheEveningsDay() throws {
        let cli = CLIHarness()
        // 2026-12-02 00:45 in China.
        cli.now = 1_796_143_500_000
        #expect(cli.ok("add", "120/80").contains("2026-12-02 00:45 evening"))
        let today = cli.ok("list", "--from", "today")
        #expect(today.contains("1 reading"), "\(today)")
        #expect(cli.run("stats", "--from", "today").status == 0)
        #expect(cli.ok("list", "--from", "yesterday", "--to", "yesterday").contains("No readings match"))
        #expect(cli.ok("protocol").contains("Tue 2026-12-01   0/2      1/2      today"), "\(cli.ok("protocol"))")
    }

    @Test func aReadingTakenNowInAZoneAheadIsInEveryRangeUpToToday() throws {
        let cli = CLIHarness()
        cli.zone = FixedOffsetZone(minutes: 0)
        // 2026-12-01 23:05 UTC: already 07:05 on 2 December in Shanghai, and 13:05 in Kiribati (+14).
        cli.now = 1_796_166_300_000
        cli.ok("add", "131/81", "--at", "2026-12-02T07:00+08:00")
        cli.ok("add", "132/82", "--at", "2026-12-02T12:59+14:00")
        cli.ok("add", "133/83", "--at", "2026-11-30 20:00")
        for arguments in [["list", "--last", "7d"], ["list", "--to", "today"], ["list", "--from", "today"]] {
            let list = cli.ok(arguments)
            #expect(list.contains("131/81") && list.contains("132/82"), "\(arguments): \(list)")
        }
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--last", "7d", "--format", "json").utf8)) as? [String: Any])
        #expect((stats["overall"] as? [String: Any])?["count"] as? Int == 3)
        #expect(stats["to"] as? String == "2026-12-02")
        let week = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("protocol", "--format", "json").utf8)) as? [String: Any])
        #expect(week["end"] as? String == "2026-12-02")
        #expect(cli.ok("export", "--last", "7d").split(separator: "\n").count == 4)
    }

    @Test func readingsOfTheHourTheClocksGoBackShowTheirOffset() throws {
        let cli = CLIHarness()
        cli.zone = try #require(ZoneInfoZone(identifier: "Europe/Berlin"))
        cli.now = 1_796_166_300_000
        cli.ok("profile", "add", "dad")
        cli.ok("-p", "dad", "add", "141/91", "--at", "2026-10-25T02:30:00+02:00")
        cli.ok("-p", "dad", "add", "142/92", "--at", "2026-10-25T02:30:00+01:00")
        cli.ok("-p", "dad", "add", "143/93", "--at", "2026-10-25T02:30:00+01:00")
        cli.ok("-p", "dad", "add", "120/80", "--at", "2026-10-25T08:00:00+01:00")
        let list = cli.ok("-p", "dad", "list", "--from", "2026-10-24", "--to", "2026-10-25")
        #expect(list.contains("02:30 (Sun 25) +02:00") && list.contains("02:30 (Sun 25) +01:00"), "\(list)")
        #expect(!list.contains("08:00 +01:00"), "a time no other reading shares shows no offset")
        let pdf = cli.directory.file("r.pdf")
        cli.ok("-p", "dad", "report", "--from", "2026-10-24", "--to", "2026-10-25", "--log", "readings", "-o", pdf)
        let text = try text(ofPDF: pdf).replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("02:30 (Sun 25) +2:00") && text.contains("02:30 (Sun 25) +1:00"), "\(text)")
    }

    @Test func oneRuleForExitCodes() throws {
        let cli = CLIHarness()
        cli.ok("add", "120/80")
        let id = String(try cli.readings()[0].id.prefix(8))
        let cancelled = cli.run(["delete", id], confirm: { _ in false })
        // delete shows the reading before the question (issue 37), then the cancellation.
        #expect(cancelled.status == 1 && cancelled.stderr.hasSuffix("\nError: cancelled; nothing was changed\n") && cancelled.stderr.hasPrefix("  Delete \(id) · me · "))
        #expect(try cli.readings().count == 1)
        #expect(cli.run("list", "--format", "yaml").status == 64)
        #expect(cli.run("--version", "extra").status == 64)
        #expect(cli.ok("-V") == cli.ok("--version"))
        let folder = cli.directory.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let restore = cli.run("restore", folder, "--yes")
        #expect(restore.status == 66 && restore.stderr == "Error: \(folder) is a folder, not a backup file\n", "\(restore.stderr)")
    }
}
