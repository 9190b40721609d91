import HealthCore
import HealthRecords
import Testing

@Suite struct AddCommandTests {
    @Test func firstAddCreatesProfileMeAndConfirmsInOneLine() throws {
        let cli = CLIHarness()
        let result = cli.run("add", "138/86", "72", "-t", "bp-med")
        #expect(result.status == 0)
        #expect(result.stderr == "Created profile 'me' for your first reading (see 'healthlog profile --help').\n")
        let reading = try #require(try cli.readings().first)
        #expect(result.stdout == "Added \(reading.id.prefix(8)) · me · 2026-11-30 08:00 morning · 138/86 mmHg · pulse 72 · BP medication\n")
        #expect(reading.takenAt.iso8601 == "2026-11-30T08:00:00+08:00")
        #expect(reading.tagIDs == ["bp-med"])
    }

    @Test func weightOnlyAndAllTheAtForms() throws {
        let cli = CLIHarness()
        cli.ok("add", "--weight", "72.5", "--at", "06:55")
        cli.ok("add", "131/84", "--at", "yesterday 21:30")
        cli.ok("add", "132/84", "--at", "2026-11-28 7:05")
        cli.ok("add", "133/84", "--at", "2026-11-27T20:00:00-05:00")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == [
            "2026-11-28T07:05:00+08:00", "2026-11-27T20:00:00-05:00", "2026-11-29T21:30:00+08:00", "2026-11-30T06:55:00+08:00",
        ])
        #expect(readings.last?.weightGrams == 72_500)
        #expect(readings.last?.bloodPressure == nil)
    }

    @Test(arguments: [
        (["add", "82/128"], 65, "Error: systolic must be higher than diastolic, got 82/128 (SYS/DIA, e.g. 138/86)"),
        (["add", "400/90"], 65, "Error: systolic 400 is out of range (50–300 mmHg)"),
        (["add", "12O/80"], 65, "Error: '12O/80' is not a blood pressure: use digits only, SYS/DIA, e.g. 138/86"),
        (["add", "120/"], 65, "Error: '120/' has no diastolic value; expected SYS/DIA, e.g. 138/86"),
        (["add", "120/80", "300"], 65, "Error: pulse 300 is out of range (20–250 bpm)"),
        (["add", "120/80", "7a"], 65, "Error: pulse '7a' is not a whole number (20–250 bpm)"),
        (["add", "--weight", "0.5"], 65, "Error: weight 0.5 kg is out of range (1–500 kg)"),
        (["add", "--weight", "heavy"], 65, "Error: weight 'heavy' is not a number of kilograms like 72.5 (1–500 kg)"),
        (["add", "120/80", "-t", "bp-mde"], 65,
         "Error: unknown tag 'bp-mde'; known tags: black-coffee, bp-med, diet, exercise, good-sleep (define one with 'healthlog tag add')"),
        (["add", "120/80", "--at", "08:11"], 65, "Error: --at '08:11' is in the future; a reading can be at most 10 minutes ahead of now"),
        (["add", "120/80", "--at", "soon"], 65,
         "Error: --at 'soon' is not a time; use 07:45, 'yesterday 21:30', '2026-11-30 07:45' or 2026-11-30T07:45:00+08:00"),
        (["add", "120/80", "--wat"], 64, "Error: unknown option '--wat'. See 'healthlog add --help'."),
    ])
    func badInputWritesNothing(arguments: [String], status: Int32, message: String) throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("add", "140/90", "--at", "07:00")
        let before = cli.databaseBytes()
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
        #expect(cli.databaseBytes() == before)
        #expect(try cli.readings().count == 1)
    }

    @Test func anUnknownTagOnAnEmptyLogCreatesNoProfile() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "120/80", "-t", "nope").status == 65)
        #expect(try RecordStore.open(path: cli.databasePath).profiles().isEmpty)
    }

    @Test func aTenMinuteClockSkewIsAllowed() {
        let cli = CLIHarness()
        #expect(cli.run("add", "120/80", "--at", "08:10").status == 0)
    }
}
