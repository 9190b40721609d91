import Foundation
import HealthCore
import HealthRecords
import Testing

/// What `import` prints for the shapes of issue "exports from every locale", part 2: times in
/// the spring daylight-saving gap, column mappings for any spreadsheet.
@Suite struct ImportCommandTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func realFixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/real/\(name)").path
    }

    @Test func timesInTheSpringGapAreReadAsStandardTimeInOneLine() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = realFixture("omron_de_dst.csv")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Europe/Berlin")
        #expect(result.status == 0)
        #expect(result.stdout == "Imported \(path) into dad: added 7, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.split(separator: "\n").contains(
            "Read 1 time inside the spring daylight-saving gap as standard time (the offset before the change, as a clock not put forward shows it): \(path):7."))
        #expect(try cli.readings().contains { $0.takenAt.iso8601 == "2026-03-29T02:30:00+01:00" })
    }

    /// One byte changed in a stored entry of an Apple Health zip (131 become 181): the entry's
    /// CRC-32 no longer matches, and the file is refused in one line, nothing written.
    @Test func aDamagedZipIsOneLineExit65AndNothingWritten() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = realFixture("apple_crc_damaged.zip")
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first == "Reading \(path) as an Apple Health file.")
        #expect(lines.last?.hasPrefix("Error: \(path): the entry apple_health_export/export.xml is damaged (ZIP bad CRC") == true, "\(result.stderr)")
        #expect(lines.last?.hasSuffix("the zip file is damaged; copy or download it again") == true)
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - Any spreadsheet, with --columns

    @Test func aGermanSpreadsheetWithSemicolonsDottedDatesAndDecimalCommas() throws {
        let cli = CLIHarness()
        let path = realFixture("spreadsheet_de_semicolon.csv")
        let arguments = [
            "-p", "oma", "import", path, "--columns", "date=Datum,time=Zeit,systolic=SYS,diastolic=DIA,pulse=Puls,weight=Gewicht,note=Notiz",
            "--date-format", "DD.MM.YYYY", "--tz", "Europe/Berlin",
        ]
        let result = cli.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into oma: added 3, duplicate 0, skipped 1, invalid 0.\n")
        #expect(result.stderr.contains("Skipped (not readings HealthLog keeps): 1 empty rows."))
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2026-03-01T07:30:00+01:00", "2026-03-01T21:15:00+01:00", "2026-03-02T07:20:00+01:00"])
        #expect(readings.map(\.bloodPressure?.description) == ["138/86", "131/82", "142/88"])
        #expect(readings.map(\.pulse) == [72, 68, nil])
        #expect(readings.map(\.weightGrams) == [81_400, nil, 81_200])
        #expect(readings.map(\.note) == ["nach dem Aufstehen", "", "Kopfschmerzen"])
        // The same file again adds nothing.
        #expect(cli.run(arguments).stdout == "Imported \(path) into oma: added 0, duplicate 3, skipped 1, invalid 0.\n")
    }

    @Test func aPaperNotebookWithOneDateTimeColumnBloodPressureAsOneCellAndTags() throws {
        let cli = CLIHarness()
        let path = realFixture("paper_notebook_datetime_bp.csv")
        let result = cli.run(
            "-p", "dad", "import", path, "--columns", "datetime=When, bp=BP, pulse=Pulse, tags=Tags, note=Notes", "--tz", "America/New_York")
        #expect(result.status == 0, "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2026-02-10T07:45:00-05:00", "2026-02-10T21:30:00-05:00", "2026-02-11T07:50:00-05:00"])
        #expect(readings.map(\.bloodPressure?.description) == ["135/85", "128/80", "141/90"])
        #expect(readings.map(\.tagIDs) == [["morning"], ["evening", "bp-med"], []])
        #expect(readings.map(\.note) == ["", "after dinner", "dizzy, measured twice"])
    }

    @Test func aSheetSavedByExcelForMacWithCarriageReturnsOnly() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("mac.csv", "Date,Time,SYS,DIA,Pulse\r01/03/2026,07:30,138,86,72\r02/03/2026,07:30,132,84,70\r")
        let result = cli.run(
            "-p", "dad", "import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,pulse=Pulse", "--date-format", "DD/MM/YYYY")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 2, duplicate 0, skipped 0, invalid 0.\n")
        #expect(try cli.readings().map(\.pulse) == [72, 70])
    }

    @Test func aSheetRowWithADateButNoValueIsSkippedAndCounted() throws {
        // A sheet laid out a month ahead: a day with nothing measured is not a bad row.
        let cli = CLIHarness()
        let path = cli.directory.write("sheet.csv", "Datum;Zeit;SYS;DIA;Notiz\n01.03.2026;07:30;138;86;gut\n02.03.2026;07:30;;;\n03.03.2026;;;;vergessen\n")
        let arguments = ["-p", "oma", "import", path, "--columns", "date=Datum,time=Zeit,systolic=SYS,diastolic=DIA,note=Notiz", "--date-format", "DD.MM.YYYY"]
        var result = cli.run(arguments)
        // A note with no time and no value is still a line refused by name.
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):4: "))
        #expect(!result.stderr.contains("\(path):3:"))
        result = cli.run(arguments + ["--skip-invalid"])
        #expect(result.stdout == "Imported \(path) into oma: added 1, duplicate 0, skipped 1, invalid 1.\n")
        #expect(result.stderr.contains("Skipped (not readings HealthLog keeps): 1 rows with a time but no value."))
    }

    @Test func aWithingsRowWithOnlyAMeasureHealthLogDoesNotKeepIsSkipped() throws {
        let cli = CLIHarness()
        let path = cli.directory.write(
            "weight.csv",
            "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments\n\"2025-10-03 07:34:49\",80.1,,,,,\n\"2025-10-02 07:34:49\",,20.3,,,,\n")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 1, duplicate 0, skipped 1, invalid 0.\n")
        #expect(result.stderr.contains("1 rows with no value HealthLog keeps"))
        #expect(try cli.readings().map(\.weightGrams) == [80_100])
    }

    @Test func timesWrittenWithADotOrAnH() throws {
        // German and Dutch sheets write 7.30 (or 7.30 Uhr), French ones 7h30.
        let cli = CLIHarness()
        let path = cli.directory.write("sheet.csv", "Datum;Zeit;SYS;DIA\n01.03.26;7.30;138;86\n02.03.26;19.05 Uhr;132;84\n03.03.26;7h45;129;83\n")
        let result = cli.run(
            "-p", "oma", "import", path, "--columns", "date=Datum,time=Zeit,systolic=SYS,diastolic=DIA", "--date-format", "D.M.YY", "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.takenAt.iso8601) == ["2026-03-01T07:30:00+01:00", "2026-03-02T19:05:00+01:00", "2026-03-03T07:45:00+01:00"])
    }

    @Test func aPlainSpreadsheetWithoutAMappingIsToldHowToMapIt() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = realFixture("spreadsheet_plain_en.csv")
        let refused = cli.run("import", path)
        #expect(refused.status == 65)
        #expect(refused.stderr == """
            Error: \(path): line 1: the header Date,Time,SYS,DIA,Pulse is no export HealthLog knows; say which column holds what, \
            e.g. --columns 'date=Date,time=Time,systolic=SYS,diastolic=DIA,pulse=Pulse'

            """)
        // The suggested mapping, with the order of its numeric dates.
        let result = cli.run("import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,pulse=Pulse", "--date-format", "MM/DD/YYYY")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 0, skipped 0, invalid 0.\n")
        #expect(try cli.readings().map(\.takenAt.iso8601) == ["2026-03-01T07:30:00+08:00", "2026-03-01T21:15:00+08:00", "2026-03-02T07:40:00+08:00"])
    }

    @Test func anyOtherUnknownFileNamesColumnsAmongTheWaysIn() throws {
        let cli = CLIHarness()
        let path = cli.directory.file("other.csv")
        try "Wann,Oben,Unten\n2026-03-01 07:30,138,86\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("name one with --format, or read a spreadsheet with --columns 'date=…,time=…,systolic=…,diastolic=…'\n"))
        // Mapped, it reads.
        #expect(cli.run("-p", "dad", "import", path, "--columns", "datetime=Wann,systolic=Oben,diastolic=Unten").status == 0)
        #expect(try cli.readings().map(\.bloodPressure?.description) == ["138/86"])
    }

    @Test func aSeparatorTheHeaderCannotTellIsGivenWithSeparator() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = realFixture("spreadsheet_pipe_weight_lb.csv")
        let mapping = "date=Date,time=Time,weight_lb=Weight (lb),note=Comment"
        // Read with commas, the header is one column: the message names it.
        let refused = cli.run("import", path, "--columns", mapping)
        #expect(refused.status == 65)
        #expect(refused.stderr == "Error: \(path): line 1: --columns maps date to 'Date', which is not in the header; its columns are 'Date|Time|Weight (lb)|Comment'\n")
        #expect(try cli.readings().isEmpty)
        let result = cli.run("import", path, "--columns", mapping, "--separator", "|")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.weightGrams) == [80_921, 80_558])
        #expect(try cli.readings().map(\.note) == ["after run", ""])
    }

    @Test func mappedRowsAreCheckedLikeAnyOtherAndBadRowsNamed() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = cli.directory.file("sheet.csv")
        try "Datum,Zeit,SYS,DIA\n01.03.2026,07:30,138,86\n02.03.2026,7 20,142,88\n03.03.2026,07:10,420,88\n".write(toFile: path, atomically: true, encoding: .utf8)
        let mapping = ["--columns", "date=Datum,time=Zeit,systolic=SYS,diastolic=DIA"]
        let before = cli.databaseBytes()
        let refused = cli.run(["import", path] + mapping)
        #expect(refused.status == 65)
        let lines = refused.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):3: time '7 20' is not like 08:12, 8:12 PM or 0812"))
        #expect(lines.contains { $0.hasPrefix("\(path):4: ") && $0.contains("420") })
        #expect(cli.databaseBytes() == before)
        // A dry run with --skip-invalid counts what would come in, and writes nothing.
        let dry = cli.run(["import", path, "--dry-run", "--skip-invalid"] + mapping)
        #expect(dry.stdout == "Dry run of \(path) into dad, nothing written: added 1, duplicate 0, skipped 0, invalid 2.\n")
        #expect(try cli.readings().isEmpty)
    }

    @Test func aMappingThatCannotBeUsedIsAUsageError() {
        let cli = CLIHarness()
        let path = realFixture("spreadsheet_plain_en.csv")
        let cases: [(String, String)] = [
            ("date=Date,systolic=SYS,diastolic=DIA", "a reading needs its time: give date= and time=, or datetime= (for a sheet with dates only, date= and --time 08:00)"),
            ("date=Date,time=Time,sys=SYS", "'sys' is not a field; the fields are date, time, datetime, systolic, diastolic, bp, pulse, weight, weight_lb, note, tags"),
            ("date=Date,time=Time,systolic=SYS", "systolic= and diastolic= go together"),
            ("date=Date,time=Time,note=Notes", "no value is mapped: give systolic= and diastolic=, bp=, pulse=, weight= or weight_lb="),
            ("Date,Time", "'Date' is not FIELD=Column (for example systolic=SYS)"),
        ]
        for (mapping, reason) in cases {
            let result = cli.run("-p", "dad", "import", path, "--columns", mapping)
            #expect(result.status == 64)
            #expect(result.stderr == "Error: --columns '\(mapping)': \(reason). See 'healthlog import --help'.\n")
        }
        #expect(cli.run("-p", "dad", "import", path, "--format", "spreadsheet").status == 64)
        let withFormat = cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,pulse=Pulse", "--format", "omron")
        #expect(withFormat.stderr == "Error: --columns reads any spreadsheet; it does not go with --format omron. See 'healthlog import --help'.\n")
        #expect(cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,pulse=Pulse", "--date-format", "DD/MM/YYYY", "--date-order", "mdy").status == 64)
        #expect(cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,pulse=Pulse", "--date-format", "DD/YY").status == 64)
        #expect(cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,pulse=Pulse", "--separator", "::").status == 64)
    }

    @Test func decimalCommaNumbersWithAPointBetweenThousands() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = cli.directory.file("gewicht.csv")
        try "Datum;Zeit;SYS;DIA;Gewicht\n01.03.2026;07:30;138,0;86,0;81,40\n02.03.2026;07:30;;;1.081,5\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = cli.run("import", path, "--columns", "date=Datum,time=Zeit,systolic=SYS,diastolic=DIA,weight=Gewicht", "--decimal-comma", "--skip-invalid")
        #expect(result.status == 0, "\(result.stderr)")
        // 1.081,5 kg is 1081.5 kg: read as written, and refused as out of range.
        #expect(result.stderr.contains("\(path):3: "))
        #expect(try cli.readings().map(\.bloodPressure?.description) == ["138/86"])
        #expect(try cli.readings().map(\.weightGrams) == [81_400])
    }

    @Test func anEndlessMappedLineStopsAtTheRecordLimit() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = cli.directory.file("endless.csv")
        // One data line longer than any record may be: refused at the limit, never read whole.
        let line = String(repeating: "1", count: (1 << 20) + 16)
        try ("Date,Time,SYS,DIA\n2026-03-01,07:30,138," + line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = cli.run("import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: \(path):2: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpNamesTheSpreadsheetOptions() {
        let help = CLIHarness().ok("import", "--help")
        for option in ["--columns <MAPPING>", "--date-format <FORMAT>", "--separator <SEP>", "--decimal-comma"] {
            #expect(help.contains(option), "\(option)")
        }
    }
}
