import Testing

@Suite struct ShowEditDeleteTests {
    @Test func showEditAndDeleteByPrefix() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-t", "bp-med", "-n", "早上", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        let shown = cli.ok("show", String(id.prefix(6)))
        #expect(shown == """
            Reading \(id)
              Profile   me (me)
              Taken     Mon 2026-11-30 07:30 (morning), UTC offset +8:00
              Site      home
              BP        138/86 mmHg
              Pulse     72 bpm
              Weight    —
              Tags      bp-med (BP medication)
              Note      早上

            """)
        #expect(cli.ok("edit", String(id.prefix(8)), "136/84", "--clear", "pulse", "-t", "exercise")
            == "Updated \(id.prefix(8)) · me · Mon 2026-11-30 07:30 morning · 136/84 mmHg · exercise\n")
        #expect(cli.ok("edit", String(id.prefix(8)), "--office").contains(" · Mon 2026-11-30 07:30 morning · office · 136/84 mmHg"))
        #expect(try cli.readings().first?.site == .office)
        cli.ok("edit", String(id.prefix(8)), "--home")
        #expect(try cli.readings().first?.site == .home)
        #expect(cli.run("edit", String(id.prefix(8)), "--home", "--office").stderr.contains("give --office or --home, not both"))
        let edited = try #require(try cli.readings().first)
        #expect(edited.bloodPressure?.description == "136/84")
        #expect(edited.pulse == nil)
        #expect(edited.note == "早上")
        #expect(edited.tagIDs == ["exercise"])
        #expect(cli.run("delete", String(id.prefix(8))).status == 64)
        #expect(cli.ok("delete", String(id.prefix(8)), "--yes") == "Deleted 1 reading.\n")
        #expect(try cli.readings().isEmpty)
    }

    @Test func oneBadIDDeletesNothing() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        let result = cli.run("delete", id, "ffffff", "--yes")
        #expect(result.status == 65)
        #expect(result.stderr == "Error: no reading with id 'ffffff'\n")
        #expect(try cli.readings().count == 1)
    }

    @Test func editRefusesInvalidChangesAndWritesNothing() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        let before = cli.databaseBytes()
        #expect(cli.run("edit", id, "--clear", "bp").stderr == "Error: a reading needs blood pressure, pulse or weight\n")
        #expect(cli.run("edit", id, "--clear", "mood").status == 64)
        #expect(cli.run("edit", id).status == 64)
        #expect(cli.run("edit", "abc", "120/80").stderr == "Error: 'abc' is not a reading id; give at least 6 characters of it (see 'healthlog list')\n")
        #expect(cli.databaseBytes() == before)
    }
}
