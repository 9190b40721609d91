import Foundation
import HealthCore
import HealthRecords
import Testing

/// What `import` does with files as spreadsheet programs and apps really save them (issue 38):
/// dates Excel or WPS rewrote, `--date-format`, report lines above the header, offsets in time
/// stamps, and date orders only the whole column tells.
@Suite struct SpreadsheetShapeImportTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func realFixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/real/\(name)").path
    }

    // MARK: - Dates as spreadsheet programs write them

    /// iHealth's CSV opened in Excel and saved again: `Dec 31, 2025` became `25-Jul-25`, `07:05`
    /// became `7:05`. Every route reads it: detection, `--columns`, and `--columns` with
    /// `--date-format DD-MMM-YY`.
    @Test(arguments: [
        [], ["--columns", "date=Date,time=Time,systolic=SYS(mmHg),diastolic=DIA(mmHg),pulse=Pulse(Beats/Min),note=Note"],
        ["--columns", "date=Date,time=Time,systolic=SYS(mmHg),diastolic=DIA(mmHg),pulse=Pulse(Beats/Min),note=Note", "--date-format", "DD-MMM-YY"],
    ])
    func anIHealthFileResavedByExcel(options: [String]) throws {
        let cli = CLIHarness()
        let path = realFixture("ihealth_excel_resaved.csv")
        let result = cli.run(["-p", "dad", "import", path, "--tz", "America/Los_Angeles"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 0, skipped 0, invalid 0.\n")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2025-07-25T07:05:00-07:00", "2025-07-25T21:15:00-07:00", "2025-07-26T07:10:00-07:00"])
        #expect(readings.map(\.bloodPressure?.description) == ["141/89", "128/82", "135/85"])
        #expect(readings.map(\.note) == ["", "before bed", ""])
    }

    /// `--date-format` is obeyed: a date not written so is refused by line and reason, and a
    /// format settles what the date alone cannot.
    @Test func theDateFormatDoesWhatItSays() throws {
        let cli = CLIHarness()
        let refused = cli.run("-p", "dad", "import", realFixture("ihealth_excel_resaved.csv"), "--date-format", "YYYY-MM-DD")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("ihealth_excel_resaved.csv:2: date '25-Jul-25' is not written as YYYY-MM-DD (--date-format)"), "\(refused.stderr)")
        #expect(try cli.readings().isEmpty)

        let path = cli.directory.write("sheet.csv", "Date,Time,SYS,DIA\n3/4/25,7:30,138,86\n5/4/25,7:35,132,84\n")
        let mapping = ["--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA"]
        let ambiguous = cli.run(["-p", "dad", "import", path] + mapping)
        #expect(ambiguous.status == 65)
        #expect(ambiguous.stderr == """
            Error: \(path):2: 3/4/25 could be 2025-04-03 (day first) or 2025-03-04 (month first), and no date in the file tells which; \
            say which with --date-order dmy or mdy

            """)
        let result = cli.run(["-p", "dad", "import", path] + mapping + ["--date-format", "D/M/YY"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.takenAt.localDate.description) == ["2025-04-03", "2025-04-05"])
    }

    /// The shapes Excel, LibreOffice and WPS write a date cell in when a sheet is saved as CSV.
    @Test func dateCellsAsSpreadsheetProgramsSaveThem() throws {
        let cli = CLIHarness()
        let path = cli.directory.write(
            "sheet.csv", "Date,Time,SYS,DIA\n7/25/25,7:30,138,86\n2025/7/26,7:31,137,85\n2025-07-27 0:00:00,7:32,136,84\n28-Jul-25,7:33,135,83\n")
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.takenAt.iso8601) == [
            "2025-07-25T07:30:00+08:00", "2025-07-26T07:31:00+08:00", "2025-07-27T07:32:00+08:00", "2025-07-28T07:33:00+08:00",
        ])
    }

    /// Excel's date cell typed with its time (a serial day with a fraction, shown by a date style
    /// as the date alone) beside the time column: the date, read; a time there that is not the
    /// time column's is refused by line, and nothing is written.
    @Test func aDateCellHoldingItsTimeBesideTheTimeColumn() throws {
        let cli = CLIHarness()
        func workbook(_ name: String, _ rows: [(day: String, time: String)]) throws -> String {
            let cells = rows.enumerated().map { index, row in
                "<row r=\"\(index + 2)\"><c r=\"A\(index + 2)\" s=\"1\"><v>\(row.day)</v></c><c r=\"B\(index + 2)\" s=\"2\"><v>\(row.time)</v></c>"
                    + "<c r=\"C\(index + 2)\"><v>13\(index)</v></c><c r=\"D\(index + 2)\"><v>85</v></c></row>"
            }
            let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
            let parts = [
                "[Content_Types].xml": "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>",
                "_rels/.rels": "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>",
                "xl/workbook.xml": "<workbook xmlns=\"\(main)\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"Sheet1\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>",
                "xl/_rels/workbook.xml.rels": "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/><Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles\" Target=\"styles.xml\"/></Relationships>",
                "xl/styles.xml": "<styleSheet xmlns=\"\(main)\"><numFmts count=\"1\"><numFmt numFmtId=\"164\" formatCode=\"h:mm\"/></numFmts><cellXfs count=\"3\"><xf numFmtId=\"0\"/><xf numFmtId=\"14\" applyNumberFormat=\"1\"/><xf numFmtId=\"164\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>",
                "xl/worksheets/sheet1.xml": "<worksheet xmlns=\"\(main)\"><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>Date</t></is></c><c r=\"B1\" t=\"inlineStr\"><is><t>Time</t></is></c>"
                    + "<c r=\"C1\" t=\"inlineStr\"><is><t>SYS</t></is></c><c r=\"D1\" t=\"inlineStr\"><is><t>DIA</t></is></c></row>\(cells.joined())</sheetData></worksheet>",
            ]
            let folder = cli.directory.file(name + ".parts")
            for (part, text) in parts {
                try FileManager.default.createDirectory(atPath: (folder + "/" + part as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + part))
            }
            let path = cli.directory.file(name)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sys, os, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n for d, _, fs in os.walk(sys.argv[2]):\n  for f in fs: z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), sys.argv[2]))",
                path, folder,
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            return path
        }
        let mapping = ["--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA"]
        // 46329.875 is 2026-11-03 21:00; 46330 is the next day at midnight.
        let typed = try workbook("typed.xlsx", [("46329.875", "0.875"), ("46330", "0.3125")])
        let result = cli.run(["-p", "dad", "import", typed] + mapping)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.takenAt.iso8601) == ["2026-11-03T21:00:00+08:00", "2026-11-04T07:30:00+08:00"])
        let disagreeing = try workbook("disagreeing.xlsx", [("46331.875", "0.3125")])
        let refused = cli.run(["-p", "dad", "import", disagreeing] + mapping)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(disagreeing):2: the date '2026-11-05 21:00:00' holds a time, the time column '7:30'; write one time\n"), "\(refused.stderr)")
        #expect(try cli.readings().count == 2)
    }

    /// A sheet's dates that its first 64 KiB leave open (every day ≤ 12) are settled by a date far
    /// below (the 25th); a sheet whose dates settle both orders is refused naming one of each.
    @Test func theWholeColumnSettlesTheDateOrder() throws {
        let cli = CLIHarness()
        var text = "Date,Time,SYS,DIA,Note\n"
        var line = 1
        let padding = String(repeating: "x", count: 60)
        for month in 1...12 {
            for day in 1...12 {
                for minute in 0..<12 {
                    text += "\(pad(month, 2))/\(pad(day, 2))/2025,07:\(pad(minute, 2)),\(120 + minute),80,\(padding)\n"
                    line += 1
                }
            }
        }
        #expect(text.utf8.count > 65_536)
        text += "12/25/2025,07:00,140,90,\n"
        line += 1
        let path = cli.directory.write("long.csv", text)
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,note=Note")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("12/25/2025 on line \(line) can only be that"), "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.count == line - 1)
        #expect(readings.first?.takenAt.iso8601 == "2025-01-01T07:00:00+08:00")
        #expect(readings.contains { $0.takenAt.iso8601 == "2025-01-02T07:00:00+08:00" })

        let mixed = cli.directory.write("mixed.csv", text + "25/12/2025,08:00,141,91,\n")
        let refused = cli.run("-p", "mum", "import", mixed, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,note=Note")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(
            "the dates disagree: 25/12/2025 on line \(line + 1) can only be day first, 12/25/2025 on line \(line) only month first"), "\(refused.stderr)")
    }

    // MARK: - Report lines above the header

    /// Beurer HealthManager writes report lines above its header (with `;`, a BOM and CRLF).
    @Test func aBeurerFileWithReportLinesAboveItsHeader() throws {
        let cli = CLIHarness()
        let path = realFixture("beurer_healthmanager_de.csv")
        let mapping = "date=Datum,time=Uhrzeit,systolic=Systole (mmHg),diastolic=Diastole (mmHg),pulse=Puls (1/min),note=Kommentar"
        let result = cli.run("-p", "oma", "import", path, "--columns", mapping, "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into oma: added 3, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.contains("Note: took line 6 as the header; the lines above it were left out."), "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2026-06-06T07:28:00+02:00", "2026-06-06T21:10:00+02:00", "2026-06-07T07:32:00+02:00"])
        #expect(readings.map(\.bloodPressure?.description) == ["142/90", "131/83", "138/87"])
        #expect(readings.map(\.note) == ["", "nach dem Essen", ""])

        // --header-line names it; a line past the end, or one without the mapped columns, is refused.
        #expect(cli.run("-p", "opa", "import", path, "--columns", mapping, "--header-line", "6", "--tz", "Europe/Berlin").status == 0)
        let past = cli.run("-p", "opa", "import", path, "--columns", mapping, "--header-line", "60")
        #expect(past.status == 65)
        #expect(past.stderr == "Error: \(path): --header-line 60 is past the end of the file\n")
        let wrong = cli.run("-p", "opa", "import", path, "--columns", mapping, "--header-line", "2")
        #expect(wrong.status == 65)
        #expect(wrong.stderr.hasPrefix("Error: \(path): line 2: --columns maps date to 'Datum', which is not in the header"), "\(wrong.stderr)")
        let zero = cli.run("-p", "opa", "import", path, "--columns", mapping, "--header-line", "0")
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("with --header-line 0 there is no header: --columns names columns by number from 1 (date=1), and 'Datum' is none"), "\(zero.stderr)")
    }

    // MARK: - Offsets in time stamps

    /// Zepp Life writes every time of its `BODY_*.csv` in UTC, `2022-03-07 00:04:35+0000`: the
    /// instant is kept and shown in the zone of the import.
    @Test func zeppLifeTimesWithAnOffset() throws {
        let cli = CLIHarness()
        let path = realFixture("zepp_life_body.csv")
        let result = cli.run("-p", "dad", "import", path, "--columns", "datetime=time,weight=weight", "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2022-03-06T07:41:02+08:00", "2022-03-07T08:04:35+08:00"])
        #expect(readings.map(\.weightGrams) == [71_600, 71_200])
    }

    /// `+08:00`, `+0530`, `Z` and `UTC` after a time: a stated offset other than UTC is the
    /// person's own clock and is kept.
    @Test func offsetsWrittenAfterATime() throws {
        let cli = CLIHarness()
        let path = cli.directory.write(
            "sheet.csv",
            "When,SYS,DIA\n2026-03-01 07:30+08:00,138,86\n2026-03-02T07:31:00+0530,137,85\n2026-03-03T07:32:00Z,136,84\n2026-03-04 07:33 UTC,135,83\n2026-03-05 07:34+25:00,134,82\n")
        let mapping = ["--columns", "datetime=When,systolic=SYS,diastolic=DIA", "--tz", "Europe/Berlin"]
        let refused = cli.run(["-p", "dad", "import", path] + mapping)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("sheet.csv:6: '2026-03-05 07:34+25:00' is not a date and time"), "\(refused.stderr)")
        let result = cli.run(["-p", "dad", "import", path, "--skip-invalid"] + mapping)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.readings().map(\.takenAt.iso8601) == [
            "2026-03-01T07:30:00+08:00", "2026-03-02T07:31:00+05:30", "2026-03-03T08:32:00+01:00", "2026-03-04T08:33:00+01:00",
        ])
    }

    // MARK: - Detection that does not bury the user in errors

    /// A Livongo export's header has Withings' names (`Date`, `Heart Rate`, `Systolic`), but its
    /// dates stand alone beside a `Time` column: it is not taken for Withings (which gave one date
    /// error a row), it gets the mapping that reads it, and that mapping reads every row.
    @Test func aLivongoExportIsNotTakenForWithings() throws {
        let cli = CLIHarness()
        let path = realFixture("livongo_export.csv")
        let refused = cli.run("-p", "dad", "import", path)
        #expect(refused.status == 65)
        let mapping = "date=Date,time=Time,systolic=Systolic,diastolic=Diastolic,pulse=Heart Rate"
        #expect(refused.stderr == "Error: \(path): line 1: the header Date,Time,Systolic,Diastolic,Heart Rate,Mean Arterial,Status,Valid is no export HealthLog knows; say which column holds what, e.g. --columns '\(mapping)'\n")
        #expect(try cli.readings().isEmpty)
        let result = cli.run("-p", "dad", "import", path, "--columns", mapping, "--tz", "America/Chicago")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 4, duplicate 0, skipped 0, invalid 0.\n")
        #expect(try cli.readings().map(\.takenAt.iso8601).first == "2023-03-14T07:41:00-05:00")
        // A real Withings file is still one.
        #expect(cli.run("-p", "dad", "import", realFixture("withings_bp.csv")).stderr.hasPrefix("Reading \(realFixture("withings_bp.csv")) as a Withings file."))
    }

    /// Report lines with no `;` in them (a title, a blank line) above a `;` header: the separator
    /// is the first line that has one, not line 1, so the header is found, suggested and read.
    @Test func reportLinesWithoutTheSeparatorAboveTheHeader() throws {
        let cli = CLIHarness()
        let text = "\u{FEFF}Beurer HealthManager Pro\r\n\r\nBenutzer;Erika\r\n"
            + "Datum;Uhrzeit;Systole (mmHg);Diastole (mmHg);Puls (1/min);Arrhythmie;Kommentar\r\n"
            + "25.07.2025;08:05;128;82;66;0;\r\n26.07.2025;20:15;135;88;70;1;Stress\r\n"
        let path = cli.directory.write("beurer_title.csv", text)
        let mapping = "date=Datum,time=Uhrzeit,systolic=Systole (mmHg),diastolic=Diastole (mmHg),pulse=Puls (1/min),note=Kommentar"
        let refused = cli.run("-p", "oma", "import", path)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(path): line 4: the header Datum;Uhrzeit;Systole (mmHg);Diastole (mmHg);Puls (1/min);Arrhythmie;Kommentar is no export HealthLog knows; say which column holds what, e.g. --columns '\(mapping)'"), "\(refused.stderr)")
        let result = cli.run("-p", "oma", "import", path, "--columns", mapping, "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Note: took line 4 as the header; the lines above it were left out."), "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2025-07-25T08:05:00+02:00", "2025-07-26T20:15:00+02:00"])
        #expect(readings.map(\.bloodPressure?.description) == ["128/82", "135/88"])
        #expect(readings.map(\.note) == ["", "Stress"])
    }

    /// The header found below report lines, and names with their units after them, still give a
    /// mapping to suggest: Beurer's on line 6, Zepp Life's lone `time` as the date and time.
    @Test func theSuggestionIsBuiltFromTheHeaderWhereverItIs() throws {
        let cli = CLIHarness()
        let beurer = realFixture("beurer_healthmanager_de.csv")
        let refused = cli.run("-p", "dad", "import", beurer)
        #expect(refused.stderr.contains("\(beurer): line 6: the header Datum;Uhrzeit;Systole (mmHg);Diastole (mmHg);Puls (1/min);Arrhythmie;Kommentar is no export HealthLog knows; say which column holds what, e.g. --columns 'date=Datum,time=Uhrzeit,systolic=Systole (mmHg),diastolic=Diastole (mmHg),pulse=Puls (1/min),note=Kommentar'"), "\(refused.stderr)")
        let zepp = realFixture("zepp_life_body.csv")
        #expect(cli.run("-p", "dad", "import", zepp).stderr.contains("e.g. --columns 'datetime=time,weight=weight'"))
        #expect(cli.run("-p", "dad", "import", zepp, "--columns", "datetime=time,weight=weight").status == 0)
    }

    /// A refused header is quoted as the file splits it: a tab-separated one in words, its
    /// columns apart (a tab reaches a terminal as a space); a German sheet's `Oben`/`Unten`
    /// are suggested as systolic and diastolic, so the suggested mapping reads the file.
    @Test func aRefusedHeaderIsQuotedAsTheFileSplitsIt() throws {
        let cli = CLIHarness()
        let tabbed = cli.directory.write("werte.txt", "Datum\tZeit\tOben\tUnten\tPuls\n03.03.2026\t07:30\t135\t85\t70\n")
        let mapping = "date=Datum,time=Zeit,systolic=Oben,diastolic=Unten,pulse=Puls"
        let refused = cli.run("-p", "dad", "import", tabbed)
        #expect(refused.status == 65)
        #expect(refused.stderr == "Error: \(tabbed): line 1: the tab-separated header Datum | Zeit | Oben | Unten | Puls is no export HealthLog knows; say which column holds what, e.g. --columns '\(mapping)'\n")
        #expect(try cli.readings().isEmpty)
        let semicolons = cli.directory.write("werte.csv", "Datum;Zeit;Oben;Unten;Puls\n03.03.2026;07:30;135;85;70\n")
        #expect(cli.run("-p", "dad", "import", semicolons).stderr.contains("the header Datum;Zeit;Oben;Unten;Puls is no export"))
        let imported = cli.run("-p", "dad", "import", tabbed, "--columns", mapping)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try cli.readings().map { "\($0.systolic ?? 0)/\($0.diastolic ?? 0)" } == ["135/85"])
    }

    /// A JSON file from another app is neither FHIR nor a backup, and is told so: not a
    /// suggestion to use `--columns`.
    @Test func aJSONFileThatIsNeitherFHIRNorABackup() throws {
        let cli = CLIHarness()
        let path = realFixture("other_app_readings.json")
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(path): it is JSON, but neither FHIR (no \"resourceType\") nor a HealthLog backup (no \"format\": \"healthlog-backup\"); HealthLog reads no other JSON, and --columns reads only tables\n")
        #expect(try cli.readings().isEmpty)
    }

    /// Omron Connect's Asia/Pacific layout (`Measurement Date`, an IANA `Timezone` column that wins
    /// over `--tz`, `SYS(mmHg)`) reads exactly, its flags as tags; an older Omron Connect layout
    /// with no units (`Date,Time,SYS,DIA,Pulse,…,Memo`) is refused with the mapping that reads it.
    @Test func omronConnectLayoutsOldAndNew() throws {
        let cli = CLIHarness()
        let asia = realFixture("omron_connect_asia_pacific.csv")
        let result = cli.run("-p", "dad", "import", asia, "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        let readings = try cli.readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2024-05-01T08:12:00+08:00", "2024-05-01T21:40:00+08:00"])
        #expect(readings.map(\.tagIDs) == [["irregular-heartbeat", "body-movement"], []])
        let older = realFixture("omron_connect_older.csv")
        let refused = cli.run("-p", "dad", "import", older)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("e.g. --columns 'date=Date,time=Time,systolic=SYS,diastolic=DIA,pulse=Pulse,note=Memo'"), "\(refused.stderr)")
        #expect(cli.run("-p", "dad", "import", older, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,pulse=Pulse,note=Memo").status == 0)
    }
}
