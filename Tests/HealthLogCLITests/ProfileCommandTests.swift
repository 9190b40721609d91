import Foundation
import Testing

@Suite struct ProfileCommandTests {
    @Test func profileResolutionOrder() {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        // The only profile is used.
        cli.ok("add", "150/95", "--at", "07:00")
        cli.ok("profile", "add", "mom")
        let ambiguous = cli.run("add", "120/80")
        #expect(ambiguous.status == 65)
        #expect(ambiguous.stderr == "Error: several profiles (dad, mom): choose one with --profile ID, or set a default with 'healthlog profile default ID'\n")
        cli.ok("profile", "default", "mom")
        cli.ok("add", "120/80", "--at", "07:01")
        cli.environment["HEALTHLOG_PROFILE"] = "dad"
        cli.ok("add", "151/96", "--at", "07:02")
        cli.ok("--profile", "mom", "add", "121/80", "--at", "07:03")
        cli.ok("add", "122/80", "-p", "mom", "--at", "07:04")
        #expect(cli.ok("-p", "dad", "list", "--format", "csv").split(separator: "\n").count == 3)
        #expect(cli.ok("-p", "mom", "list", "--format", "csv").split(separator: "\n").count == 4)
        let unknown = cli.run("-p", "grandpa", "list")
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "Error: no profile 'grandpa' (profiles: dad, mom); add it with: healthlog profile add grandpa\n")
    }

    /// Removing the default profile removes the setting too: a later profile with the same id
    /// must not silently become the default.
    @Test func removingTheDefaultProfileClearsTheDefault() {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("profile", "add", "mom")
        cli.ok("profile", "default", "dad")
        cli.ok("profile", "remove", "dad", "--yes")
        cli.ok("profile", "add", "kid")
        cli.ok("profile", "add", "dad")
        #expect(!cli.ok("profile", "list").contains("* dad"))
        #expect(cli.run("add", "120/80").status == 65, "three profiles and no default: the choice is the user's")
    }

    @Test func addShowEditListAndRemove() {
        let cli = CLIHarness()
        #expect(cli.ok("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1954", "--sex", "male", "--target", "130/80")
            == "Created profile dad (爸爸), born 1954, male, target 130/80.\n")
        #expect(cli.ok("profile", "edit", "dad", "--target", "135/85") == "Updated profile dad (爸爸), born 1954, male, target 135/85.\n")
        #expect(cli.ok("profile", "edit", "dad", "--target", "none")
            == "Updated profile dad (爸爸), born 1954, male, target none (the guideline's home threshold).\n")
        #expect(cli.ok("profile", "edit", "dad", "--target", "135/85") == "Updated profile dad (爸爸), born 1954, male, target 135/85.\n")
        #expect(cli.ok("profile", "show", "dad").contains("  Target      135/85\n"))
        cli.ok("add", "140/90")
        #expect(cli.ok("profile", "list").contains("  dad  爸爸  1954  135/85         1"))
        let refused = cli.run("profile", "remove", "dad")
        #expect(refused.status == 64)
        #expect(refused.stderr == "Error: not at a terminal to ask \"Remove profile 'dad' and its 1 reading?\"; add --yes to go ahead. See 'healthlog profile remove --help'.\n")
        #expect(cli.run(["profile", "remove", "dad"], confirm: { _ in false }).status == 1)
        #expect(cli.ok("profile", "remove", "dad", "--yes") == "Removed profile 'dad' and 1 reading.\n")
        #expect(cli.ok("profile", "list").hasPrefix("No profiles yet."))
    }

    /// AF has one Chinese name, 房颤, in `profile` as on page 1 and in the help (issue 35).
    @Test func atrialFibrillationHasOneChineseName() {
        let cli = CLIHarness()
        cli.environment["LANG"] = "zh_CN.UTF-8"
        cli.ok("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1950")
        let edited = cli.ok("profile", "edit", "dad", "--conditions", "diabetes,af")
        for said in [edited, cli.ok("profile", "show", "dad"), cli.ok("profile", "edit", "--help")] {
            #expect(said.contains("房颤") && !said.contains("心房颤动"), "\(said)")
        }
        #expect(cli.ok("profile", "show", "dad").contains("糖尿病、房颤"))
    }

    @Test(arguments: [
        (["profile", "add", "Dad"], "Error: profile id 'Dad' is not valid: use 1–32 lowercase letters, digits and '-', starting with a letter or digit"),
        (["profile", "add", "dad", "--sex", "x"], "Error: --sex 'x' is not female, male or other. See 'healthlog profile add --help'."),
        (["profile", "add", "dad", "--birth-year", "1800"], "Error: birth year 1800 is out of range (1900–2100)"),
        (["profile", "add", "dad", "--target", "80/90"], "Error: --target: systolic must be higher than diastolic, got 80/90 (SYS/DIA, e.g. 138/86)"),
        (["profile", "add", "existing"], "Error: profile 'existing' already exists"),
        (["profile", "show", "ghost"], "Error: no profile 'ghost' (profiles: existing); add it with: healthlog profile add ghost"),
        (["profile", "default", "ghost"], "Error: no profile 'ghost' (profiles: existing); add it with: healthlog profile add ghost"),
    ])
    func badProfileInput(arguments: [String], message: String) {
        let cli = CLIHarness()
        cli.ok("profile", "add", "existing")
        let before = cli.databaseBytes()
        let result = cli.run(arguments)
        #expect(result.status == (message.contains("See 'healthlog") ? 64 : 65))
        #expect(result.stderr == message + "\n")
        #expect(cli.databaseBytes() == before)
    }
}

/// Every command that lists takes the same `--format table|json`.
@Suite struct ListingFormatTests {
    @Test func profilesAndTagsListAsJSON() throws {
        let cli = CLIHarness()
        cli.family()
        cli.ok("profile", "default", "dad")
        let profiles = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("profile", "list", "--format", "json").utf8)) as? [[String: Any]])
        #expect(profiles.map { $0["id"] as? String } == ["dad", "mom"])
        #expect(profiles.first?["readings"] as? Int == 3 && profiles.first?["default"] as? Bool == true)
        #expect(profiles.first?["name"] as? String == "爸爸")
        cli.ok("-p", "dad", "add", "120/80", "-t", "bp-med", "--at", "07:45")
        let tags = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("tag", "list", "--format", "json").utf8)) as? [[String: Any]])
        #expect(tags.first { $0["id"] as? String == "bp-med" }?["uses"] as? Int == 2)
        #expect(tags.allSatisfy { $0["defined"] as? Bool == true })
        #expect(cli.run("profile", "list", "--format", "yaml").stderr == "Error: --format 'yaml' is not a format (table, text, json or csv). See 'healthlog profile list --help'.\n")
    }
}

/// The first week's trap: the first `add` files its reading under `me`; the family then names
/// the profile, or moves the reading, and nothing is lost.
@Suite struct ProfileRenameTests {
    @Test func theFirstAddSaysHowToNameTheProfileAndTheHintWorks() throws {
        let cli = CLIHarness()
        let first = cli.run("add", "138/86", "72", "-t", "bp-med")
        #expect(first.stderr == "Created profile 'me' for your first reading; to name it for the person: healthlog profile rename me dad --name 爸爸\n")
        cli.ok("profile", "rename", "me", "dad", "--name", "爸爸")
        cli.ok("profile", "add", "mom")
        cli.ok("profile", "default", "dad")
        cli.ok("add", "140/90")
        #expect(try cli.readings(profile: "dad").count == 2)
        #expect(try cli.readings(profile: "me").isEmpty)
        let chinese = CLIHarness()
        chinese.environment["LANG"] = "zh_CN.UTF-8"
        #expect(chinese.run("add", "120/80").stderr == "已为第一次读数创建档案“me”；改成这个人的名字：healthlog profile rename me dad --name 爸爸\n")
    }

    /// New-user probe: `profile rename dad --name X` said only "missing <NEW>"; it points to
    /// `profile edit`, which changes a name, and writes nothing.
    @Test func renameWithANameAndNoNewIDPointsToEdit() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "老爸")
        let before = cli.databaseBytes()
        let refused = cli.run("profile", "rename", "dad", "--name", "Old Wang")
        #expect(refused.status == 64)
        #expect(refused.stderr == """
            Error: profile rename gives 'dad' a new id and needs it (profile rename dad NEW); to change its name or details: \
            healthlog profile edit dad --name 'Old Wang'. See 'healthlog profile rename --help'.

            """)
        #expect(cli.databaseBytes() == before)
        #expect(cli.run("profile", "rename", "dad").stderr == "Error: missing <NEW>. See 'healthlog profile rename --help'.\n")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.run("profile", "rename", "dad", "--name", "王").stderr.contains("要改名字或其他信息，请用：healthlog profile edit dad --name 王"))
    }

    @Test func renameKeepsHistoryTagsEventsTargetAndTheDefault() throws {
        let cli = CLIHarness()
        cli.ok("add", "150/95", "80", "-t", "bp-med", "-n", "头晕", "--at", "2026-11-29 07:30")
        cli.ok("add", "142/88", "--office", "--at", "2026-11-29 10:00")
        cli.ok("profile", "edit", "me", "--target", "130/80", "--birth-year", "1954")
        cli.ok("event", "add", "amlodipine 5 mg started", "--at", "2026-11-20 08:00")
        cli.ok("profile", "default", "me")
        let before = try cli.readings(profile: "me")
        let statsBefore = cli.ok("stats", "--format", "json")

        let renamed = cli.run("profile", "rename", "me", "dad", "--name", "爸爸")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout == "Renamed profile 'me' to dad (爸爸), born 1954, target 130/80; its readings, events and target go with it.\n")
        let after = try cli.readings(profile: "dad")
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.tagIDs) == before.map(\.tagIDs))
        #expect(after.map(\.note) == before.map(\.note))
        #expect(after.map(\.site) == before.map(\.site))
        #expect(after.map(\.takenAt) == before.map(\.takenAt))
        #expect(try cli.readings(profile: "me").isEmpty)
        #expect(cli.ok("event", "list", "--format", "csv").contains("dad"))
        #expect(cli.ok("profile", "show", "dad") == "Profile dad (default)\n  Name        爸爸\n  Born        1954\n  Sex         —\n  Target      130/80\n  Readings    2\n")
        // The same figures, now about dad.
        #expect(cli.ok("stats", "--format", "json") == statsBefore.replacingOccurrences(of: "\"me\"", with: "\"dad\"").replacingOccurrences(of: "\"name\":\"me\"", with: "\"name\":\"爸爸\"")
            .replacingOccurrences(of: "set for me", with: "set for 爸爸"))
        #expect(cli.run("-p", "me", "list").status == 65)
    }

    @Test(arguments: [
        (["profile", "rename", "me", "mom"], 65, "Error: profile 'mom' already exists\n"),
        (["profile", "rename", "grandpa", "dad"], 65, "Error: no profile 'grandpa' (profiles: me, mom); add it with: healthlog profile add grandpa\n"),
        (["profile", "rename", "me", "Dad Senior"], 65, nil),
        (["profile", "rename", "me"], 64, nil),
    ])
    func refusedRenamesChangeNothing(arguments: [String], status: Int32, message: String?) throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86")
        cli.ok("profile", "add", "mom")
        let bytes = cli.databaseBytes()
        let result = cli.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        if let message { #expect(result.stderr == message) }
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(cli.databaseBytes() == bytes)
    }

    @Test func editMovesAReadingToAnotherProfile() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-t", "bp-med")
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        let id = try #require(try cli.readings(profile: "me").first).id
        let moved = cli.run("edit", String(id.prefix(8)), "--to-profile", "dad")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("Updated \(id.prefix(8)) · dad · "))
        let reading = try #require(try cli.readings(profile: "dad").first)
        #expect(reading.id == id && reading.tagIDs == ["bp-med"] && reading.pulse == 72)
        #expect(cli.run("edit", String(id.prefix(8)), "--to-profile", "grandpa").status == 65)
        #expect(try cli.readings(profile: "dad").count == 1)
    }
}
