import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import Testing

@Suite struct ImportExportCommandTests {
    let header = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note\n"

    @Test func exportThenImportIntoAFreshLogRoundTrips() throws {
        let source = CLIHarness()
        source.family()
        source.ok("-p", "dad", "add", "--weight", "78.25", "-n", "after breakfast, \"heavy\"\nsecond line", "--at", "07:50")
        let file = source.directory.file("out.csv")
        let exported = source.run("export", "-o", file)
        #expect(exported.status == 0)
        #expect(exported.stderr == "Exported 5 readings (csv) to \(file).\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let target = CLIHarness()
        #expect(target.ok("import", file) == "Imported \(file): added 5, duplicate 0, skipped 0, invalid 0.\n")
        #expect(try target.readings().map(\.id) == source.readings().map(\.id))
        #expect(try target.readings().map(ReadingCSVCodec.encode) == source.readings().map(ReadingCSVCodec.encode))
        #expect(target.ok("import", file) == "Imported \(file): added 0, duplicate 5, skipped 0, invalid 0.\n")
        #expect(try target.readings().count == 5)
    }

    @Test func anyInvalidRowImportsNothingAndNamesEveryBadLine() throws {
        let cli = CLIHarness()
        let file = cli.directory.write("bad.csv", header + """
            ,dad,2026-11-29T07:00:00+08:00,150,95,80,,bp-med,
            ,dad,2026-11-29T07:02:00+08:00,82,128,,,,
            ,dad,"2026-11-29T07:04:00+08:00",140,90,,,old-tag,"fine, quoted"
            ,dad,yesterday,140,90,,,,

            """)
        cli.ok("profile", "add", "me")
        let before = cli.databaseBytes()
        let result = cli.run("import", file)
        #expect(result.status == 65)
        #expect(result.stderr == """
            Reading \(file) as a HealthLog CSV file.
            \(file):3: systolic must be higher than diastolic, got 82/128 (SYS/DIA, e.g. 138/86)
            \(file):5: taken_at 'yesterday' is not a date and time like 2026-11-30T07:45:00+08:00
            Error: 2 invalid records in \(file); nothing was imported (use --skip-invalid to import the valid ones)

            """)
        #expect(cli.databaseBytes() == before)

        let skipped = cli.run("import", file, "--skip-invalid")
        #expect(skipped.status == 0)
        #expect(skipped.stdout == "Imported \(file): added 2, duplicate 0, skipped 0, invalid 2.\n")
        #expect(skipped.stderr.contains("Created profile 'dad'."))
        #expect(skipped.stderr.contains("Kept tag IDs that have no definition: old-tag."))
        #expect(try cli.readings().map(\.note) == ["", "fine, quoted"])
    }

    /// Readings are written while the file is still being read; a bad row long after the
    /// first thousands still means nothing was imported.
    @Test func aBadRowDeepInALargeFileImportsNothing() throws {
        let cli = CLIHarness()
        cli.family()
        let rows = (0..<9_000).map { index in
            let day = 1 + index / 300, minute = index % 300
            let systolic = index == 8_500 ? "abc" : "\(120 + index % 40)"
            return ",dad,2025-01-\(day < 10 ? "0" : "")\(day)T\(10 + minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60):00+08:00,\(systolic),80,,,,"
        }
        let file = cli.directory.write("big.csv", header + rows.joined(separator: "\n") + "\n")
        let before = cli.databaseBytes()
        let readingsBefore = try cli.readings().count
        let result = cli.run("import", file)
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("""
            \(file):8502: systolic 'abc' is not a whole number
            Error: 1 invalid record in \(file); nothing was imported (use --skip-invalid to import the valid ones)

            """))
        #expect(cli.databaseBytes() == before)
        #expect(try cli.readings().count == readingsBefore)
        #expect(cli.ok("import", file, "--skip-invalid") == "Imported \(file): added 8999, duplicate 0, skipped 0, invalid 1.\n")
    }

    /// The log is opened before the whole file is read; a log the import created is removed
    /// again when the import fails or only counts.
    @Test func aFailedImportIntoANewLogLeavesNoLog() throws {
        let cli = CLIHarness()
        let rows = (0..<6_000).map { index in
            ",dad,2025-01-\(10 + index / 300)T\(10 + index % 300 / 60):\(index % 60 < 10 ? "0" : "")\(index % 60):00+08:00,\(index == 5_000 ? "x" : "130"),80,,,,"
        }
        let bad = cli.directory.write("bad.csv", header + rows.joined(separator: "\n") + "\n")
        let wrongHeader = cli.directory.write("wrong.csv", "when,sys\n2025-01-01,120\n")
        let good = cli.directory.write("good.csv", header + ",dad,2025-01-01T08:00:00+08:00,130,80,,,,\n")
        let logExists = { ["", "-wal", "-shm"].contains { FileManager.default.fileExists(atPath: cli.databasePath + $0) } }
        #expect(cli.run("import", bad).status == 65)
        #expect(!logExists())
        #expect(cli.run("import", wrongHeader, "--format", "csv").status == 65)
        #expect(!logExists())
        #expect(cli.run("import", good, "--dry-run").status == 0)
        #expect(!logExists())
        #expect(cli.run("import", good).status == 0)
        #expect(logExists())
        // A log that existed before is never removed, even when empty and the import fails.
        cli.ok("profile", "remove", "dad", "--yes")
        #expect(cli.run("import", bad).status == 65)
        #expect(logExists())
    }

    @Test func dryRunWritesNothing() throws {
        let cli = CLIHarness()
        let file = cli.directory.write("ok.csv", header + ",dad,2026-11-29T07:00:00+08:00,150,95,80,,,\n")
        cli.ok("profile", "add", "me")
        let before = cli.databaseBytes()
        #expect(cli.ok("import", file, "--dry-run") == "Dry run of \(file), nothing written: added 1, duplicate 0, skipped 0, invalid 0.\n")
        #expect(cli.databaseBytes() == before)
    }

    @Test func importAcceptsBOMAndCRLF() throws {
        let cli = CLIHarness()
        let file = cli.directory.write("win.csv", "\u{FEFF}" + header.replacingOccurrences(of: "\n", with: "\r\n")
            + ",mom,2026-11-29T07:00:00+08:00,120,80,,,,\"multi\r\nline\"\r\n")
        cli.ok("import", file)
        #expect(try cli.readings().first?.note == "multi\r\nline")
    }

    @Test func fileProblems() {
        let cli = CLIHarness()
        let missing = cli.run("import", cli.directory.file("nope.csv"))
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: \(cli.directory.file("nope.csv")) does not exist\n")
        let wrongHeader = cli.directory.write("h.csv", "date,sys,dia\n2026-11-29,120,80\n")
        let result = cli.run("import", wrongHeader)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: \(wrongHeader) is not a format healthlog reads"))
        let forced = cli.run("import", wrongHeader, "--format", "csv")
        #expect(forced.status == 65)
        #expect(forced.stderr == "Error: \(wrongHeader): line 1: a HealthLog CSV file starts with the header id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site (or some of its columns, taken_at among them)\n")
        let empty = cli.directory.write("e.csv", "")
        #expect(cli.run("import", empty).status == 65)
        cli.ok("profile", "add", "me")
        let unwritable = cli.run("export", "-o", "/nonexistent-dir/out.csv")
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr == "Error: cannot write /nonexistent-dir/out.csv: the folder /nonexistent-dir does not exist\n")
    }

    @Test func exportDoesNotFollowASymlinkAtTheTarget() throws {
        let cli = CLIHarness()
        cli.ok("add", "120/80")
        let victim = cli.directory.write("victim.txt", "keep me")
        let link = cli.directory.file("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        cli.ok("export", "-o", link)
        #expect(String(decoding: FileManager.default.contents(atPath: victim)!, as: UTF8.self) == "keep me")
        #expect(try FileManager.default.destinationOfSymbolicLinkSafe(link) == nil)
    }
}

extension FileManager {
    func destinationOfSymbolicLinkSafe(_ path: String) throws -> String? {
        try? destinationOfSymbolicLink(atPath: path)
    }
}

/// One time rule for every way a reading enters: an import names each implausible row.
@Suite struct ImportTimeRuleTests {
    @Test func rowsInTheFutureBefore1900OrBeforeTheYearOfBirthAreInvalid() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--birth-year", "1954")
        let header = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note\n"
        let file = cli.directory.write("t.csv", header + """
            ,dad,2030-01-05T08:00:00+08:00,140,90,,,,
            ,dad,1899-12-31T08:00:00+08:00,140,90,,,,
            ,dad,1950-06-01T08:00:00+08:00,140,90,,,,
            ,dad,2026-11-29T08:00:00+08:00,140,90,,,,

            """)
        let refused = cli.run("import", file)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(file):2: 2030-01-05 08:00 is in the future; a reading can be at most 10 minutes ahead of now\n"))
        #expect(refused.stderr.contains("\(file):3: 1899-12-31 08:00 is before 1900-01-01; readings must be from 1900 on\n"))
        #expect(refused.stderr.contains("\(file):4: 1950-06-01 08:00 is before 1 January 1954, the year of birth\n"))
        #expect(try cli.readings().isEmpty)
        #expect(cli.ok("import", file, "--skip-invalid").contains("added 1,"))
        #expect(try cli.readings().count == 1)
    }
}
