import Foundation
import HealthCore
import HealthRecords
import Testing

@Suite struct AddCommandTests {
    @Test func firstAddCreatesProfileMeAndConfirmsInOneLine() throws {
        let cli = CLIHarness()
        let result = cli.run("add", "138/86", "72", "-t", "bp-med")
        #expect(result.status == 0)
        #expect(result.stderr == "Created profile 'me' for your first reading; to name it for the person: healthlog profile rename me dad --name 爸爸\n")
        let reading = try #require(try cli.readings().first)
        #expect(result.stdout == "Added \(reading.id.prefix(8)) · me · Mon 2026-11-30 08:00 morning · 138/86 mmHg · pulse 72 · BP medication\n")
        #expect(reading.takenAt.iso8601 == "2026-11-30T08:00:00+08:00")
        #expect(reading.tagIDs == ["bp-med"])
    }

    /// A Chinese input method's full-width digits and slash are read as the ASCII ones.
    @Test func fullWidthDigitsAreReadAsDigits() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "１３８／８６", "７２", "--weight", "７２．５").status == 0)
        let reading = try #require(try cli.readings().first)
        #expect(reading.bloodPressure?.description == "138/86" && reading.pulse == 72 && reading.weightGrams == 72_500)
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
        (["add", "12O/80"], 64, "Error: '12O/80' is not a blood pressure: use digits only, SYS/DIA, e.g. 138/86. See 'healthlog add --help'."),
        (["add", "120/"], 64, "Error: '120/' has no diastolic value; expected SYS/DIA, e.g. 138/86. See 'healthlog add --help'."),
        (["add", "120/80", "300"], 65, "Error: pulse 300 is out of range (20–250 bpm)"),
        (["add", "120/80", "7a"], 64, "Error: pulse '7a' is not a whole number (20–250 bpm). See 'healthlog add --help'."),
        (["add", "--weight", "0.5"], 65, "Error: weight 0.5 kg is out of range (1–500 kg)"),
        (["add", "--weight", "heavy"], 64, "Error: weight 'heavy' is not a number of kilograms like 72.5 (1–500 kg). See 'healthlog add --help'."),
        (["add", "--weight", "70.1234"], 64, "Error: weight '70.1234' is finer than a gram; give at most 3 decimals, like 72.125. See 'healthlog add --help'."),
        (["add", "120/80", "-t", "bp-mde"], 65,
         "Error: unknown tag 'bp-mde' (did you mean 'bp-med'?); known tags: black-coffee, body-movement, bp-med, diet, exercise, good-sleep, irregular-heartbeat, possible-afib (define one with 'healthlog tag add')"),
        (["add", "120/80", "--at", "08:11"], 65, "Error: --at '08:11': 2026-11-30 08:11 is in the future; a reading can be at most 10 minutes ahead of now; did you mean 'yesterday 08:11'?"),
        (["add", "120/80", "--at", "soon"], 64,
         "Error: --at 'soon' is not a time; use 07:45, 7:45pm, 'yesterday 21:30', '2026-11-30 07:45' or 2026-11-30T07:45:00+08:00. See 'healthlog add --help'."),
        // New-user probe: a day alone asks for the time of day; a time ahead is in the future.
        (["add", "120/80", "--at", "2026-11-29"], 64,
         "Error: --at '2026-11-29' is a day without a time of day; add the time, like '2026-11-29 07:45'. See 'healthlog add --help'."),
        (["add", "120/80", "--at", "2026-12-20"], 65, "Error: --at '2026-12-20': 2026-12-20 is in the future; a reading can be at most 10 minutes ahead of now"),
        (["add", "120/80", "--at", "tomorrow 8:00"], 65, "Error: --at 'tomorrow 8:00': 2026-12-01 08:00 is in the future; a reading can be at most 10 minutes ahead of now"),
        (["add", "120/80", "--wat"], 64, "Error: unknown option '--wat' (did you mean '--at'?). See 'healthlog add --help'."),
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

    /// A stamp may be named by its label as the family sees it (`降压药`, `BP medication`), in
    /// `add` and `edit`; the reading keeps the tag's id. A name that is neither is still refused.
    @Test func aStampIsTakenByItsLabelInEitherLanguage() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-t", "降压药", "--at", "06:30")
        cli.ok("add", "132/84", "-t", "bp medication,Exercise", "--at", "07:30")
        #expect(try cli.readings().map(\.tagIDs) == [["bp-med"], ["bp-med", "exercise"]])
        let id = String(try cli.readings()[0].id.prefix(8))
        cli.ok("edit", id, "-t", "降压药,运动")
        #expect(try cli.readings()[0].tagIDs == ["bp-med", "exercise"])
        let refused = cli.run("add", "130/80", "-t", "降压")
        #expect(refused.status == 65 && refused.stderr.hasPrefix("Error: unknown tag '降压'; known tags: black-coffee, body-movement, bp-med,"), "\(refused.stderr)")
        #expect(try cli.readings().count == 2)
    }

    @Test func anUnknownTagOnAnEmptyLogCreatesNoProfile() throws {
        let cli = CLIHarness()
        #expect(cli.run("add", "120/80", "-t", "nope").status == 65)
        #expect(try RecordStore.open(path: cli.databasePath).profiles().isEmpty)
    }

    /// People measure twice: the same values in the same minute are a second reading, kept and
    /// pointed out in one line.
    @Test func anIdenticalReadingInTheSameMinuteIsKeptAndSaid() throws {
        let cli = CLIHarness()
        cli.ok("add", "120/80", "--at", "07:00")
        let second = cli.run("add", "120/80", "--at", "07:00")
        #expect(second.status == 0)
        #expect(second.stdout.hasSuffix(
            "Kept beside one with the same values at 07:00 (a repeat measurement; 'healthlog delete ID' removes a mistake).\n"))
        #expect(second.stdout.split(separator: "\n").count == 2)
        #expect(try cli.readings().count == 2)
    }

    @Test(arguments: [
        ("0001-01-01T00:00:00Z", "Error: --at '0001-01-01T00:00:00Z': 0001-01-01 00:00 is before 1900-01-01; readings must be from 1900 on"),
        ("1899-12-31 23:59", "Error: --at '1899-12-31 23:59': 1899-12-31 23:59 is before 1900-01-01; readings must be from 1900 on"),
        ("2030-01-05 08:00", "Error: --at '2030-01-05 08:00': 2030-01-05 08:00 is in the future; a reading can be at most 10 minutes ahead of now"),
    ])
    func implausibleTimesAreRefused(when: String, message: String) throws {
        let cli = CLIHarness()
        let result = cli.run("add", "120/80", "--at", when)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func aReadingBeforeTheYearOfBirthIsRefused() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--birth-year", "1954")
        let result = cli.run("add", "120/80", "--at", "1953-12-31 08:00")
        #expect(result.status == 65)
        #expect(result.stderr == "Error: 1953-12-31 08:00 is before 1 January 1954, the year of birth\n")
        cli.ok("add", "120/80", "--at", "1954-01-01 08:00")
        let reading = try #require(try cli.readings().first)
        let edited = cli.run("edit", String(reading.id.prefix(8)), "--at", "1950-06-01 08:00")
        #expect(edited.status == 65)
        #expect(try cli.readings().first?.takenAt == reading.takenAt)
    }

    /// New-user probe: `add --at 1990-01-01 08:00` was kept without a word. A reading a year or
    /// more old is kept (a family's notebook), and the confirmation says how long ago it was.
    @Test func aReadingYearsAgoIsKeptAndSaidPlainly() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--birth-year", "1954")
        let old = cli.ok("add", "120/80", "--at", "1990-01-01 08:00")
        #expect(old.hasSuffix("\nThis reading is from 1990-01-01, 36 years ago; if the year is a slip, 'healthlog undo' takes it back.\n"), "\(old)")
        #expect(cli.ok("add", "121/80", "--at", "2025-11-30 08:00").contains("from 2025-11-30, a year ago;"))
        #expect(cli.ok("add", "122/80", "--at", "2025-12-01 08:00").split(separator: "\n").count == 1, "less than a year: the confirmation alone")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("add", "123/80", "--at", "2000-06-01 08:00").contains("这条读数的日期是 2000-06-01，在 26 年前"))
        #expect(try cli.readings().count == 4)
    }

    @Test func aTenMinuteClockSkewIsAllowed() {
        let cli = CLIHarness()
        #expect(cli.run("add", "120/80", "--at", "08:10").status == 0)
    }
}
