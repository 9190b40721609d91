import Foundation
import Testing

@Suite struct TagCommandTests {
    @Test func removingADefinitionKeepsHistoryAndFiltering() throws {
        let cli = CLIHarness()
        #expect(cli.ok("tag", "add", "salt", "--label", "salty meal", "--label-zh", "咸食", "--color", "#e67e22")
            == "Defined tag 'salt': salty meal / 咸食, #E67E22.\n")
        cli.ok("add", "150/95", "-t", "salt,bp-med", "--at", "07:00")
        cli.ok("add", "130/85", "--at", "07:05")
        #expect(cli.ok("tag", "remove", "salt") == "Removed tag definition 'salt'. 1 reading keeps 'salt' and can still be listed with --tag salt.\n")
        #expect(try cli.readings().first?.tagIDs == ["salt", "bp-med"])
        #expect(cli.ok("list", "--tag", "salt", "--format", "csv").split(separator: "\n").count == 2)
        // IDs are padded to the longest, irregular-heartbeat.
        #expect(cli.ok("tag", "list").contains("salt" + String(repeating: " ", count: 17) + "-------     1  (no definition; kept on readings)"))
        #expect(cli.ok("show", try cli.readings()[0].id).contains("  Tags      salt (no definition), bp-med (BP medication)"))
        // A defined tag whose label is its id (the built-in exercise) is not mistaken for an undefined one.
        cli.ok("add", "128/82", "-t", "exercise", "--at", "07:10")
        let exercised = try #require(try cli.readings().first { $0.tagIDs == ["exercise"] })
        #expect(cli.ok("show", exercised.id).contains("  Tags      exercise · deviation\n"))
        // Typing the removed tag again is refused: only `tag add` creates tags.
        #expect(cli.run("add", "150/95", "-t", "salt").status == 65)
    }

    @Test func editingALabelChangesNoReading() throws {
        let cli = CLIHarness()
        cli.ok("add", "150/95", "-t", "diet")
        let before = try cli.readings()
        #expect(cli.ok("tag", "edit", "diet", "--label", "low-salt meal", "--label-zh", "低盐餐")
            == "Updated tag 'diet': low-salt meal / 低盐餐, #2CA02C.\n")
        #expect(try cli.readings() == before)
        #expect(cli.ok("tag", "list").contains("diet" + String(repeating: " ", count: 17) + "#2CA02C     1  low-salt meal / 低盐餐"))
    }

    @Test(arguments: [
        (["tag", "add", "x", "--label", "X", "--color", "red"], 65, "Error: colour 'red' is not valid; use #RRGGBB, e.g. #17A2B8"),
        (["tag", "add", "bp-med", "--label", "again"], 65, "Error: tag 'bp-med' already exists"),
        (["tag", "add", "x"], 64, "Error: missing '--label <TEXT>'. See 'healthlog tag add --help'."),
        (["tag", "edit", "ghost", "--label", "g"], 65, "Error: no tag 'ghost' (see 'healthlog tag list')"),
        (["tag", "remove", "ghost"], 65, "Error: no tag 'ghost'"),
    ])
    func badTagInput(arguments: [String], status: Int32, message: String) {
        let cli = CLIHarness()
        cli.ok("profile", "add", "me")
        let before = cli.databaseBytes()
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(cli.databaseBytes() == before)
    }
}

@Suite struct DeviationTagTests {
    @Test func deviationIsSetShownAndKeptInTheBackup() throws {
        let cli = CLIHarness()
        #expect(cli.ok("tag", "add", "smoking", "--label", "cigarette", "--deviation")
            == "Defined tag 'smoking': cigarette, #6C757D (a protocol deviation).\n")
        #expect(cli.ok("tag", "list").contains("cigarette · deviation"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("tag", "list", "--format", "json").utf8)) as? [[String: Any]])
        #expect(json.filter { $0["deviation"] as? Bool == true }.compactMap { $0["id"] as? String } == ["black-coffee", "exercise", "smoking"])
        cli.ok("tag", "edit", "exercise", "--no-deviation")
        cli.ok("add", "150/95", "-t", "smoking", "--at", "07:00")
        cli.ok("add", "140/90", "-t", "exercise", "--at", "07:05")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--format", "json").utf8)) as? [String: Any])
        #expect((stats["deviations"] as? [String: Any])?["count"] as? Int == 1)
        #expect(cli.ok("stats").contains("1 reading after cigarette (protocol deviation; kept in every figure)"))
        let backup = cli.directory.file("b.json")
        cli.ok("export", "--format", "json", "-o", backup)
        let other = CLIHarness()
        other.ok("tag", "remove", "black-coffee")
        other.ok("import", backup)
        #expect(other.ok("tag", "list").contains("cigarette · deviation"))
        #expect(cli.run("tag", "edit", "smoking", "--deviation", "--no-deviation").status == 64)
    }
}
