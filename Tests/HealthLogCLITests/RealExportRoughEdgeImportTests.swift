import Foundation
import HealthCore
import HealthRecords
import Testing

/// The rough edges a tester met feeding real exports to `import` (issue 38): times written
/// `930` or `1855`, library wording in refusals, two weighings in one minute, and summary rows.
/// Each fixture is written here in the shape of the real file, not copied from it.
@Suite struct RealExportRoughEdgeImportTests {
    // MARK: - 24-hour times without a colon

    /// A hand-kept log (`date,time,systolic,…` with `1200`, `930`, `0745`): every row imports, at
    /// the time it names.
    @Test func timesWrittenWithoutAColonAreRead() throws {
        let cli = CLIHarness()
        let path = cli.directory.write(
            "blood_pressure.csv", "date,time,systolic,diastolic,pulse,notes\r\n12/10/2020,1200,150,85,,\r\n12/11/2020,930,151,81,,\r\n12/13/2020,0745,140,80,62,\r\n12/13/2020,2359,138,79,,late\r\n")
        let result = cli.run(
            "-p", "dad", "import", path, "--tz", "UTC", "--columns", "date=date,time=time,systolic=systolic,diastolic=diastolic,pulse=pulse,note=notes")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 4, duplicate 0, skipped 0, invalid 0.\n")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601).sorted() == [
            "2020-12-10T12:00:00+00:00", "2020-12-11T09:30:00+00:00", "2020-12-13T07:45:00+00:00", "2020-12-13T23:59:00+00:00",
        ])
    }

    /// `2460` and `1275` are no time of day: each is refused naming its line and why, nothing written.
    @Test func aCompactTimeOutOfRangeIsRefusedByLine() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("blood_pressure.csv", "date,time,systolic,diastolic\n12/10/2020,1200,150,85\n12/13/2020,2460,140,80\n12/13/2020,1275,138,79\n")
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=date,time=time,systolic=systolic,diastolic=diastolic")
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):3: time '2460' is not a time of day: read as HHMM, its hour must be 0-23 and its minutes 0-59"), "\(result.stderr)")
        #expect(lines.contains("\(path):4: time '1275' is not a time of day: read as HHMM, its hour must be 0-23 and its minutes 0-59"), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - A library's message on one line

    /// A deflated entry whose data inflates to another length than its headers say: libarchive's
    /// message ends with a newline, which must not reach the user's one line.
    @Test func aDamagedZipIsRefusedOnOneLine() throws {
        let cli = CLIHarness()
        let xml = cli.directory.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Monitor" unit="mmHg" creationDate="2023-07-23 09:24:13 -0400" startDate="2023-07-23 09:24:13 -0400" endDate="2023-07-23 09:24:13 -0400" value="113"/>
            </HealthData>

            """)
        let zip = cli.directory.file("export.zip")
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        made.arguments = [
            "-c",
            """
            import struct, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                z.write(sys.argv[2], 'apple_health_export/export.xml')
            data = bytearray(open(sys.argv[1], 'rb').read())
            # Both headers claim 10 bytes more than the entry inflates to.
            for signature, at in ((b'PK\\x03\\x04', 22), (b'PK\\x01\\x02', 24)):
                start = data.find(signature)
                size = struct.unpack_from('<I', data, start + at)[0]
                struct.pack_into('<I', data, start + at, size + 10)
            open(sys.argv[1], 'wb').write(data)
            """,
            zip, xml,
        ]
        try made.run()
        made.waitUntilExit()
        #expect(made.terminationStatus == 0)
        let result = cli.run("-p", "dad", "import", zip)
        #expect(result.status == 65)
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Error: \(zip): the entry apple_health_export/export.xml is damaged ("), "\(result.stderr)")
        #expect(last.hasSuffix("): the zip file is damaged; copy or download it again"), "\(result.stderr)")
        #expect(!result.stderr.contains("\\n"), "\(result.stderr)")
        #expect(!last.contains(" )"), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - Same minute, different seconds

    /// Withings' weight.csv with two weighings 37 s apart at the same weight (their fat mass
    /// differs): both are kept, and importing the file again adds nothing.
    @Test func twoWeighingsInOneMinuteAreTwoReadings() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("weight.csv", """
            Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments
            "2023-09-10 08:01:05",65.30,5.50,3.01,56.80,41.00,
            "2023-09-09 11:26:52",65.42,5.53,3.01,56.86,41.05,
            "2023-09-09 11:26:15",65.42,5.55,3.00,56.85,41.03,
            "2023-09-09 11:26:15",65.42,5.55,3.00,56.85,41.03,

            """)
        let result = cli.run("-p", "dad", "import", path, "--tz", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 1, skipped 0, invalid 0.\n")
        #expect(try cli.readings().map(\.takenAt.iso8601).sorted() == [
            "2023-09-09T11:26:15+00:00", "2023-09-09T11:26:52+00:00", "2023-09-10T08:01:05+00:00",
        ])
        let again = cli.run("-p", "dad", "import", path, "--tz", "Europe/Berlin")
        #expect(again.stdout == "Imported \(path) into dad: added 0, duplicate 4, skipped 0, invalid 0.\n", "\(again.stderr)")
    }

    // MARK: - Summary rows

    /// An Omron Connect file and a Livongo sheet that end with an `Average` row, a notebook
    /// with `平均`: the row is skipped and counted as a summary, the readings import.
    @Test(arguments: [
        ("omron.csv", """
            Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm),Symptoms,Consumed,TruRead,Notes
            Jan 12 2025,08:12,114,74,47,-,-,-,-
            Jan 10 2025,07:49,116,71,49,-,-,-,-
            Average,,115,73,48,-,-,-,-

            """, [String]()),
        ("livongo.csv", """
            Date,Time,Systolic,Diastolic,Heart Rate,Mean Arterial,Status,Valid
            10/23/2021,8:46 AM,151,84,71,106,-,TRUE
            10/22/2021,8:01 PM,132,72,71,92,-,TRUE
            Average,,141,78,71,99,,

            """, ["--columns", "date=Date,time=Time,systolic=Systolic,diastolic=Diastolic,pulse=Heart Rate"]),
        ("notebook.csv", """
            日期,时间,高压,低压,脉搏
            2025/1/10,7:30,131,84,70
            2025/1/11,7:35,127,82,68
            平均,,129,83,69

            """, [String]()),
    ])
    func aTrailingSummaryRowIsSkippedAndSaid(name: String, text: String, options: [String]) throws {
        let cli = CLIHarness()
        let path = cli.directory.write(name, text)
        let result = cli.run(["-p", "dad", "import", path, "--tz", "UTC"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 2, duplicate 0, skipped 1, invalid 0.\n")
        #expect(result.stderr.contains("1 summary rows (Average or 平均 in the first cell, no date)"), "\(result.stderr)")
        #expect(try cli.readings().count == 2)
    }

    /// A row that starts with a summary word but carries a date is no summary: it is refused as usual.
    @Test func aSummaryWordWithADateIsNoSummary() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("sheet.csv", "Date,Time,SYS,DIA\n2025-01-10,07:30,131,84\nAverage,07:31,129,83\n")
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA")
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):3: "), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - A sheet with dates only

    /// A once-a-day sheet (`date,bp1,bp2,weight (kg),…,heart rate` and empty rows below): with
    /// `--time` every reading is put at that time on its date, and the import says so once.
    @Test func aSheetWithDatesOnlyTakesTheTimeGiven() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("blood_pressure.csv", """
            \u{FEFF}date,bp1,bp2,weight (kg),fat mass,comments,heart rate
            01/01/2014,142,87,88.1,23.2,thirsty,64
            01/02/2014,136,89,88,23,"done on sofa, with cushions",62
            01/13/2014,131,84,,,,
            ,,,,,,

            """)
        let mapping = ["--columns", "date=date,systolic=bp1,diastolic=bp2,weight=weight (kg),pulse=heart rate,note=comments"]
        let refused = cli.run(["-p", "dad", "import", path] + mapping)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("a reading needs its time: give date= and time=, or datetime= (for a sheet with dates only, date= and --time 08:00)"), "\(refused.stderr)")

        let result = cli.run(["-p", "dad", "import", path, "--tz", "UTC", "--time", "08:00"] + mapping)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 0, skipped 1, invalid 0.\n")
        #expect(result.stderr.contains("Note: the sheet has no time column: every reading is put at 08:00 on its date (--time).\n"), "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601).sorted() == ["2014-01-01T08:00:00+00:00", "2014-01-02T08:00:00+00:00", "2014-01-13T08:00:00+00:00"])
        #expect(readings.map(\.note).sorted() == ["", "done on sofa, with cushions", "thirsty"])
        #expect(cli.run(["-p", "dad", "import", path, "--tz", "UTC", "--time", "08:00"] + mapping).stdout
            == "Imported \(path) into dad: added 0, duplicate 3, skipped 1, invalid 0.\n")
    }

    /// `--time` is refused where it would mean nothing: without `--columns`, or with a mapped time column.
    @Test func theTimeOptionIsRefusedWhereItMeansNothing() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("sheet.csv", "Date,Time,SYS,DIA\n2025-01-10,07:30,131,84\n")
        let alone = cli.run("-p", "dad", "import", path, "--time", "08:00")
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--time goes with --columns, for a sheet with dates but no time column"), "\(alone.stderr)")
        let twice = cli.run("-p", "dad", "import", path, "--time", "08:00", "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA")
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("--time is for a sheet with no time column, and --columns maps one; leave --time out"), "\(twice.stderr)")
        #expect(cli.run("-p", "dad", "import", path, "--time", "25:00", "--columns", "date=Date,systolic=SYS,diastolic=DIA").status == 64)
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - XML the library cannot read

    /// An export.xml cut short: said so first, libxml2's own words kept after it.
    @Test func aCutExportXMLSaysItIsCutShort() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2023-07-23 09:24:13 -0400" startDate="2023-07-23 09:24:13 -0400" endDate="2023-07-23 09:24:13 -0400" value="80"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2023-07-24 09:24:13 -0400" startDate="2023-07-24 09:24:13 -0400" endD
            """)
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Error: \(path): line 4: the XML file is cut short or malformed ("), "\(result.stderr)")
        #expect(last.hasSuffix(")"), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - Refusals a person can read

    /// A whole column in a shape HealthLog does not read is one problem, not 40 lines: three are
    /// named, the rest counted in one line naming the last, and the other problems still listed.
    @Test func aProblemEveryRowSharesIsSaidOnceWithItsCount() throws {
        let cli = CLIHarness()
        var text = "date,time,systolic,diastolic\n"
        for day in 1...40 { text += "2025-03-\(String(format: "%02d", (day - 1) % 28 + 1)),25:\(String(format: "%02d", day)),130,80\n" }
        text += "2025-03-02,08:00,400,80\n"
        let path = cli.directory.write("clock.csv", text)
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=date,time=time,systolic=systolic,diastolic=diastolic")
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("is not like 08:12") }.count == 3, "\(result.stderr)")
        #expect(lines.contains("… and 37 more with the same problem as \(path):2 (the last at \(path):41)."), "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(path):42: systolic 400") }, "\(result.stderr)")
        #expect(lines.last == "Error: 41 invalid records in \(path); nothing was imported (use --skip-invalid to import the valid ones)", "\(result.stderr)")
        #expect(lines.count == 6, "\(result.stderr)")
        // With --skip-invalid, the skipped ones are said the same way.
        let skipped = cli.run("-p", "dad", "import", path, "--skip-invalid", "--columns", "date=date,time=time,systolic=systolic,diastolic=diastolic")
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.split(separator: "\n").filter { $0.hasPrefix("Skipped invalid record:") }.count == 4, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("… and 37 more with the same problem as \(path):2 (the last at \(path):41)."), "\(skipped.stderr)")
    }

    /// iHealth's export has Omron's columns: it is read as such and said so, and the monitor
    /// its `Source` column names is kept in the note, not dropped.
    @Test func anIHealthFileKeepsItsSource() throws {
        let cli = CLIHarness()
        let path = cli.directory.write(
            "blood_pressure_history.csv",
            "Date,Time,SYS(mmHg),DIA(mmHg),Pulse(Beats/Min),Note,Source\r\n\"Jul 17, 2026\",05:56,161,94,71,⚠️ High,iHealth_KN550BT_BLE\r\n")
        let result = cli.run("-p", "dad", "import", path, "--tz", "UTC")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the columns are iHealth's, which are Omron Connect's"), "\(result.stderr)")
        let reading = try #require(try cli.readings().first)
        #expect(reading.note == "⚠️ High; Device: iHealth_KN550BT_BLE", "\(reading.note)")
    }

    /// A `;` sheet HealthLog does not know is refused quoting its header as the file writes it.
    @Test func aSemicolonHeaderIsQuotedAsWritten() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("euro.csv", "Date;Time;Systolic;Diastolic;Heart Rate;Mean Arterial\n23.10.2021;08:46;151;84;71;106,0\n")
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("the header Date;Time;Systolic;Diastolic;Heart Rate;Mean Arterial is no export HealthLog knows"), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    // MARK: - A sheet with no header

    /// A headerless log (`7/14/2021,804,131,...` with a leading space and trailing commas, as the
    /// real one writes) is read with `--header-line 0`, columns named by number; its first row
    /// is a reading, not a header. Without `--columns`, `--header-line 0` is refused.
    @Test func aSheetWithNoHeaderIsReadByColumnNumber() throws {
        let cli = CLIHarness()
        let path = cli.directory.write("bp.csv", " 7/14/2021,804,131,82,66,,,,\n 7/15/2021,1900,128,79,,,,,\n 7/16/2021,915,133,85,70,,,,\n")
        let result = cli.run(
            "-p", "dad", "import", path, "--tz", "UTC", "--header-line", "0", "--columns", "date=1,time=2,systolic=3,diastolic=4,pulse=5")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 0, skipped 0, invalid 0.\n", "\(result.stdout)")
        let readings = try cli.readings().sorted { $0.takenAt.utcSeconds < $1.takenAt.utcSeconds }
        #expect(readings.map(\.takenAt.iso8601) == ["2021-07-14T08:04:00+00:00", "2021-07-15T19:00:00+00:00", "2021-07-16T09:15:00+00:00"])
        #expect(readings.map { $0.bloodPressure?.systolic } == [131, 128, 133])
        #expect(readings.map(\.pulse) == [66, nil, 70])

        let refused = cli.run("-p", "dad", "import", path, "--header-line", "0")
        #expect(refused.status == 64 && refused.stderr.contains("--header-line 0 (a sheet with no header) needs --columns"), "\(refused.stderr)")
        let negative = cli.run("-p", "dad", "import", path, "--header-line", "-1", "--columns", "date=1,time=2,systolic=3,diastolic=4")
        #expect(negative.status == 64, "\(negative.stderr)")
        #expect(try cli.readings().count == 3)
    }
}
