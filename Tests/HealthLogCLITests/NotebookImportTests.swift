import Foundation
import HealthCore
import HealthRecords
import Testing

/// The notebook a Chinese family keeps, typed into a sheet by the son (issue 38): read by its
/// Chinese headers with no `--columns`, from CSV, Excel's and WPS's `.xlsx` and LibreOffice's
/// `.ods`. The harness's today is 2026-11-30, its zone +08:00.
@Suite struct NotebookImportTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func realFixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/real/\(name)").path
    }

    /// What each reading of the log is, as one line: time, values, weight in grams, note.
    private func lines(_ cli: CLIHarness) throws -> [String] {
        try cli.readings().map { reading in
            [
                reading.takenAt.iso8601, reading.bloodPressure?.description ?? "", reading.pulse.map(String.init) ?? "",
                reading.weightGrams.map(String.init) ?? "", reading.tagIDs.joined(separator: ";"), reading.note,
            ].joined(separator: " ")
        }
    }

    /// One column each, every way the dates and times are written: `2026/11/3`, `2026-11-03`,
    /// `2026年11月3日`, `11月5日`, `11/5`, a weekday after the date; `7:30`, `晚上9点`, `早`, `7点30`,
    /// `晚`, `早上7：15` (a full-width colon); weight in 斤; a BOM and CRLF.
    @Test func aDailyNotebookInCSV() throws {
        let cli = CLIHarness()
        let path = realFixture("notebook_zh_daily.csv")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 6, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.hasPrefix("Reading \(path) as a blood-pressure notebook file.\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Note: line 4: a reading marked only 早 or 上午 is put at 07:00, 下午 at 15:00, 晚 at 20:00"), "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-03T07:30:00+08:00 135/85 72 64200  早饭前",
            "2026-11-03T21:00:00+08:00 128/80 70   ",
            "2026-11-04T07:00:00+08:00 132/84 75 63800  ",
            "2026-11-05T07:30:00+08:00 130/82 71   忘记吃药",
            "2026-11-05T20:00:00+08:00 126/79    ",
            "2026-11-06T07:15:00+08:00 138/86 74   头晕,休息后再量",
        ])
        // The same file again adds nothing.
        #expect(cli.run("-p", "dad", "import", path, "--tz", "Asia/Shanghai").stdout.contains("added 0, duplicate 6"))
    }

    /// A `时段` column (早/晚) and `血压` written `136/86`, `140/90 78` with the pulse in the cell,
    /// no year anywhere: read in the latest year that is not after today, and said.
    @Test func sessionsWithoutAYear() throws {
        let cli = CLIHarness()
        let path = realFixture("notebook_zh_sessions_no_year.csv")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 3, duplicate 0, skipped 1, invalid 0.\n")
        #expect(result.stderr.contains("Note: line 2: dates without a year, such as 11/20, are read in 2026, the latest year that puts them not after today."), "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-20T07:00:00+08:00 136/86 73 64500  ", "2026-11-20T20:00:00+08:00 129/81 69   ", "2026-11-21T07:00:00+08:00 140/90 78   ",
        ])
    }

    /// Columns per part of the day: `上午收缩压`, `下午舒张压`…, each filled one a reading.
    @Test func morningAndAfternoonColumns() throws {
        let cli = CLIHarness()
        let result = cli.run("-p", "dad", "import", realFixture("notebook_zh_am_pm_columns.csv"), "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-10T07:00:00+08:00 134/84 70   ", "2026-11-10T15:00:00+08:00 127/80 66   ", "2026-11-11T15:00:00+08:00 131/82 68   只量了下午",
        ])
    }

    /// A year the rows around a date give two ways, a yearless date that would be after today,
    /// a date no year has, a time no clock shows: each refused by line and reason, nothing written.
    @Test func whatANotebookCannotSayIsRefusedByLine() throws {
        let cli = CLIHarness()
        let path = realFixture("notebook_zh_refusals.csv")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Asia/Shanghai")
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):3: date '11/3' has no year, and the rows around it give 2025-11-03 or 2026-11-03; write its year\n"), "\(result.stderr)")
        #expect(result.stderr.contains("\(path):5: date '12月25日' has no year, and read as 2026-12-25 it is after today; write its year\n"))
        #expect(result.stderr.contains("\(path):6: date '2026年2月30日' is not a date like 2026/11/3, 2026年11月3日 or 11月3日\n"))
        #expect(result.stderr.contains("\(path):7: time '25点' is not like 7:30, 7点30 or 晚上9点\n"))
        #expect(result.stderr.contains("Error: 4 invalid records in \(path); nothing was imported"))
        #expect(try cli.readings().isEmpty)
    }

    /// A CSV WPS or Excel saved in GB18030 on a Chinese Windows is refused in one line that says
    /// what it is, never read garbled.
    @Test func aGB18030FileIsNamedNotGarbled() throws {
        let cli = CLIHarness()
        let path = realFixture("notebook_zh_daily_gb18030.csv")
        let result = cli.run("-p", "dad", "import", path)
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(path): line 1: the file is in GB18030 (GBK), as Excel or WPS saves CSV on a Chinese Windows, not UTF-8: save it as CSV UTF-8 (WPS: 另存为 > CSV UTF-8) and import that\n")
        #expect(try cli.readings().isEmpty)
    }

    /// A GB18030 note under a header of plain ASCII (the first line cannot tell) is refused by its
    /// line as GB18030, with how to save it, never stored garbled.
    @Test func aGB18030NoteBelowAnASCIIHeaderIsNamedByLine() throws {
        let cli = CLIHarness()
        // 头晕 (dizzy) in GB18030.
        let path = cli.directory.write("bp.csv", Array("Date,Time,SYS,DIA,Note\n2026/11/3,07:30,135,85,ok\n2026/11/4,07:30,136,86,".utf8) + [0xCD, 0xB7, 0xD4, 0xCE, 0x0A])
        let result = cli.run("-p", "dad", "import", path, "--columns", "date=Date,time=Time,systolic=SYS,diastolic=DIA,note=Note")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):3: the line is in GB18030 (GBK), not UTF-8: save the file as CSV UTF-8 (WPS: 另存为 > CSV UTF-8) and import that\n"), "\(result.stderr)")
        #expect(try cli.readings().isEmpty)
    }

    /// A WPS `.et` saved as it is, an Excel 97-2003 `.xls` or a workbook locked with a password
    /// (all Microsoft's older compound container) is named and told how to save it, by detection,
    /// `--format notebook` and `--columns` alike: not "not a format" with a `--columns` hint, nor bad UTF-8.
    @Test func aWPSOrOldExcelWorkbookIsNamedWithHowToSaveIt() throws {
        let cli = CLIHarness()
        // The compound container's header: signature, version 3, little-endian, 512-byte sectors.
        var header: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 16)
        header += [0x3E, 0x00, 0x03, 0x00, 0xFE, 0xFF, 0x09, 0x00, 0x06, 0x00]
        header += [UInt8](repeating: 0, count: 512 - header.count) + [UInt8](repeating: 0xFF, count: 1024)
        for name in ["血压记录.et", "bp.xls", "locked.xlsx"] {
            let path = cli.directory.write(name, header)
            for options in [[], ["--format", "notebook"], ["--columns", "date=日期,time=时间,systolic=高压,diastolic=低压"]] {
                let result = cli.run(["-p", "dad", "import", path] + options)
                #expect(result.status == 65)
                #expect(result.stderr.hasSuffix("Error: \(path): the file is an Excel 97-2003 (.xls) or WPS (.et) workbook, or one locked with a password, which HealthLog does not read: open it and save it without a password as .xlsx (WPS: 另存为 > Excel 工作簿 .xlsx) or CSV UTF-8, and import that\n"), "\(options): \(result.stderr)")
            }
        }
        #expect(try cli.readings().isEmpty)
    }

    /// Excel's `.xlsx`: dates and times as serial numbers with date styles (a custom 年月日 one),
    /// text in shared strings with a phonetic guide, `11月5日` typed as text, a second sheet.
    @Test func anExcelWorkbook() throws {
        let cli = CLIHarness()
        let path = realFixture("notebook_excel.xlsx")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported \(path) into dad: added 4, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.contains("Note: read the first sheet, 血压记录, of 2; the others were left out."), "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-02T07:30:00+08:00 135/85 72 64200  早饭前", "2026-11-02T21:00:00+08:00 128/80 70   ",
            "2026-11-03T07:10:00+08:00 132/84 75   忘记吃药", "2026-11-05T21:00:00+08:00 126/79 68 63800  ",
        ])
    }

    /// An `.et` WPS exported as `.xlsx`: inline strings, prefixed elements, a built-in East Asian
    /// date format, one column for 早 and one for 晚 holding `138/88 76` or `129/81/70`.
    @Test func aWPSWorkbookWithMorningAndEveningColumns() throws {
        let cli = CLIHarness()
        let result = cli.run("-p", "dad", "import", realFixture("notebook_wps_sessions.xlsx"), "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-09T07:00:00+08:00 138/88 76   ", "2026-11-09T20:00:00+08:00 130/82    ",
            "2026-11-10T07:00:00+08:00 141/90  64200  头晕", "2026-11-11T20:00:00+08:00 129/81 70   ",
        ])
    }

    /// LibreOffice's `.ods`: `测量时间` as typed date-time cells, one typed as text
    /// (`2026年11月21日 7点05`), and a million repeated empty rows after the last.
    @Test func aLibreOfficeSheet() throws {
        let cli = CLIHarness()
        let result = cli.run("-p", "dad", "import", realFixture("notebook_libreoffice.ods"), "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-20T06:50:00+08:00 142/91 77   起床后", "2026-11-20T21:30:00+08:00 133/84 71   ", "2026-11-21T07:05:00+08:00 139/87 74   ",
        ])
    }

    /// One `时间` column holding the date and the time (no `日期`), `血压(收缩压/舒张压)` with a
    /// full-width slash or the pulse in the cell, `脉搏(次/分)`, `体重(公斤)`, `说明` as the note.
    @Test func oneTimeColumnHoldingTheDate() throws {
        let cli = CLIHarness()
        let result = cli.run("-p", "dad", "import", realFixture("notebook_zh_one_time_column.csv"), "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-12T07:30:00+08:00 135/85 72 64000  ", "2026-11-12T21:05:00+08:00 128/80    饭后", "2026-11-13T06:45:00+08:00 131/83 70   ",
        ])
    }

    /// `137/86` typed into the 高压 column with 低压 left empty is the pair; a row with only the
    /// weight in 斤 is a weight reading.
    @Test func aPairTypedIntoTheSystolicColumnAndAWeightAlone() throws {
        let cli = CLIHarness()
        let result = cli.run("-p", "dad", "import", realFixture("notebook_zh_pair_in_systolic.csv"), "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == [
            "2026-11-14T07:20:00+08:00 137/86 73   ", "2026-11-14T20:10:00+08:00   64500  ", "2026-11-15T07:05:00+08:00 133/84 71 64300  ",
        ])
    }

    /// A date and time as an app or a spreadsheet stamps them: `测量时间` with its offset
    /// (`+08:00`, `Z`, shown in the zone), and LibreOffice's 日期 cell typed with its time
    /// (`date-value="2026-11-03T21:00:00"`, shown as the date alone) beside the 时间 column; when
    /// the two say different times, the row is refused by line and nothing is written.
    @Test func timeStampsWithOffsetsAndADateCellHoldingItsTime() throws {
        let cli = CLIHarness()
        let stamped = cli.directory.write(
            "stamped.csv", "测量时间,收缩压,舒张压,心率\n2026-11-03T07:30:00+08:00,135,85,72\n2026-11-03 13:00:00Z,128,80,68\n")
        let result = cli.run("-p", "dad", "import", stamped, "--tz", "Asia/Shanghai")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lines(cli) == ["2026-11-03T07:30:00+08:00 135/85 72   ", "2026-11-03T21:00:00+08:00 128/80 68   "])

        func ods(_ name: String, rows: [(date: String, time: String, systolic: Int)]) throws -> String {
            let cells = rows.map { row in
                "<table:table-row><table:table-cell office:value-type=\"date\" office:date-value=\"\(row.date)\"><text:p>2026/11/3</text:p></table:table-cell>"
                    + "<table:table-cell office:value-type=\"time\" office:time-value=\"\(row.time)\"><text:p>t</text:p></table:table-cell>"
                    + "<table:table-cell office:value-type=\"float\" office:value=\"\(row.systolic)\"><text:p>\(row.systolic)</text:p></table:table-cell>"
                    + "<table:table-cell office:value-type=\"float\" office:value=\"85\"><text:p>85</text:p></table:table-cell></table:table-row>"
            }
            let content = """
                <?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
                xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>\
                <office:spreadsheet><table:table table:name="血压"><table:table-row><table:table-cell office:value-type="string"><text:p>日期</text:p></table:table-cell>\
                <table:table-cell office:value-type="string"><text:p>时间</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>高压</text:p></table:table-cell>\
                <table:table-cell office:value-type="string"><text:p>低压</text:p></table:table-cell></table:table-row>\(cells.joined())</table:table></office:spreadsheet></office:body></office:document-content>
                """
            let xml = cli.directory.write(name + ".xml", content)
            let path = cli.directory.file(name)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z:\n z.writestr('mimetype', 'application/vnd.oasis.opendocument.spreadsheet')\n z.write(sys.argv[2], 'content.xml')",
                path, xml,
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            return path
        }
        let cli2 = CLIHarness()
        let sheet = try ods("typed.ods", rows: [("2026-11-03T21:00:00", "PT21H00M00S", 131), ("2026-11-04T00:00:00", "PT07H15M00S", 133)])
        let read = cli2.run("-p", "dad", "import", sheet, "--tz", "Asia/Shanghai")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try lines(cli2) == ["2026-11-03T21:00:00+08:00 131/85    ", "2026-11-04T07:15:00+08:00 133/85    "])
        let disagreeing = try ods("disagreeing.ods", rows: [("2026-11-05T21:00:00", "PT07H30M00S", 135)])
        let refused = cli2.run("-p", "dad", "import", disagreeing, "--tz", "Asia/Shanghai")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(disagreeing):2: the date '2026-11-05 21:00:00' holds the time 21:00, the 时间 column 07:30; write one time\n"), "\(refused.stderr)")
        #expect(try cli2.readings().count == 2)
    }
}
