import CSQLite
import Foundation
import HealthCommandLine
import HealthLogCLI
import HealthCore
import HealthRecords
import Testing

@Suite struct MaintenanceCommandTests {
    @Test func checkPassesASoundLogAndNotesUndefinedTags() {
        let cli = CLIHarness()
        cli.family()
        cli.ok("tag", "add", "salt", "--label", "salty")
        cli.ok("add", "140/90", "-p", "dad", "-t", "salt", "--at", "07:40")
        cli.ok("tag", "remove", "salt")
        let result = cli.run("check")
        #expect(result.status == 0)
        #expect(result.stdout == """
            note: tag ID 'salt' is on 1 reading but has no definition (kept as history)
            \(cli.databasePath): ok (integrity, references and value ranges checked)

            """)
    }

    @Test func checkReportsValuesAnotherToolSlippedIn() throws {
        let cli = CLIHarness()
        cli.family()
        var handle: OpaquePointer?
        try #require(sqlite3_open(cli.databasePath, &handle) == SQLITE_OK)
        // A tool that turned the CHECK constraints off wrote an impossible pulse.
        try #require(sqlite3_exec(handle, "PRAGMA ignore_check_constraints = ON; UPDATE readings SET pulse = 999 WHERE pulse = 66;", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        let result = cli.run("check")
        #expect(result.status == 74)
        // SQLite's integrity check and HealthLog's own range check both see it.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "problem: integrity: CHECK constraint failed in readings")
        #expect(lines[1].hasPrefix("problem: reading ") && lines[1].hasSuffix(" has values out of range"))
        #expect(lines[2] == "Error: \(cli.databasePath) has 2 problems; restore a backup with 'healthlog restore FILE'")
    }

    @Test func backupWhileAnotherProcessWritesIsConsistent() throws {
        let cli = CLIHarness()
        cli.ok("import", cli.directory.write("seed.csv", readingsCSV(5_000)))
        let environment = ["HEALTHLOG_DB": cli.databasePath, "HOME": cli.directory.path, "TZ": "UTC"]
        // A writer adds 100 readings while backups are taken.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "for i in $(seq 1 100); do \"$0\" -p dad add 130/85 --at \"2026-11-2$((i % 9)) 1$((i % 10)):$((10 + i % 40))\" > /dev/null || exit 1; done", try healthlogExecutable()]
        writer.environment = environment
        try writer.run()
        var counts: [Int] = []
        for index in 0..<5 {
            let copy = cli.directory.file("backup-\(index).sqlite")
            #expect(cli.run("backup", copy).status == 0)
            let store = try RecordStore.open(path: copy)
            #expect(try store.check().problems.isEmpty)
            counts.append(try store.readings().count)
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        // Each backup is a snapshot: between the seed and everything, never a torn mix.
        #expect(counts.allSatisfy { (5_000...5_100).contains($0) })
        #expect(counts == counts.sorted())
    }

    @Test func restoreRefusesBadFilesAndKeepsTheCurrentLog() throws {
        let cli = CLIHarness()
        cli.family()
        let backup = cli.directory.file("good.sqlite")
        cli.ok("backup", backup)
        cli.ok("-p", "mom", "add", "119/77", "--at", "07:50")
        let before = cli.databaseBytes()
        let junk = cli.directory.write("junk.sqlite", [UInt8](repeating: 0x5A, count: 8192))
        #expect(cli.run("restore", junk, "--yes").stderr == "Error: \(junk) is not a HealthLog database (file is not a database); it was left untouched\n")
        #expect(cli.run("restore", cli.directory.file("missing.sqlite"), "--yes").status == 66)
        #expect(cli.run("restore", backup).status == 64)  // needs --yes without a terminal
        #expect(cli.databaseBytes() == before)
        // 2026-11-30 08:00 in China is 00:00 UTC.
        let first = cli.databasePath + ".before-restore-20261130T000000Z.bak"
        #expect(cli.ok("restore", backup, "--yes") == "Restored \(backup) into \(cli.databasePath); the previous log is kept as \(first).\n")
        #expect(try cli.readings(profile: "mom").count == 1)
        #expect(try RecordStore.open(path: first).readings(matching: ReadingQuery(profileID: "mom")).count == 2)
    }

    /// Restoring twice keeps both displaced logs: the one from before the first restore is the
    /// only copy of readings added since the backup, and must never be overwritten.
    @Test func everyRestoreKeepsTheLogItDisplacedUnderItsOwnName() throws {
        let cli = CLIHarness()
        cli.family()
        let older = cli.directory.file("older.sqlite")
        cli.ok("backup", older)
        cli.ok("-p", "mom", "add", "119/77", "--at", "07:50")  // only in the live log
        let newer = cli.directory.file("newer.sqlite")
        cli.ok("backup", newer)
        cli.ok("restore", older, "--yes")
        let second = cli.ok("restore", newer, "--yes")
        let kept = cli.databasePath + ".before-restore-20261130T000000Z-2.bak"
        #expect(second.hasSuffix("the previous log is kept as \(kept).\n"))
        let first = cli.databasePath + ".before-restore-20261130T000000Z.bak"
        #expect(try RecordStore.open(path: first, access: .readOnly).readings(matching: ReadingQuery(profileID: "mom")).count == 2)
        #expect(try RecordStore.open(path: kept, access: .readOnly).readings(matching: ReadingQuery(profileID: "mom")).count == 1)
    }

    @Test func aLongImportShowsProgressOnATerminal() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HealthInterchangeTests/Fixtures/apple_export.xml").path
        // A clock that moves 400 ms each time it is read makes the import "take" seconds.
        final class Ticker: @unchecked Sendable { var now = fixedNow }
        let ticker = Ticker()
        let stderr = CapturedOutput(isTerminal: true)
        let context = CommandContext(
            stdout: CapturedOutput(), stderr: stderr, environment: cli.environment,
            clock: { ticker.now += 400; return ticker.now }, zone: cli.zone)
        #expect(HealthLogMain.run(["-p", "dad", "import", fixture], context: context) == 0)
        #expect(stderr.text.contains("█"))
        // The bar ends full, on a line of its own, before anything else is said.
        let barLine = try #require(stderr.text.split(separator: "\n").first { $0.contains("█") })
        #expect(barLine.split(separator: "\r").last?.hasPrefix(String(repeating: "█", count: 30) + " 100%") == true, "\(barLine)")
        // A CSV shows its progress as it is read, too.
        let csv = cli.directory.write("many.csv", readingsCSV(5_000, profile: "mom"))
        let csvErrors = CapturedOutput(isTerminal: true)
        let csvContext = CommandContext(
            stdout: CapturedOutput(), stderr: csvErrors, environment: cli.environment,
            clock: { ticker.now += 400; return ticker.now }, zone: cli.zone)
        #expect(HealthLogMain.run(["import", csv], context: csvContext) == 0)
        #expect(csvErrors.text.contains("%") && csvErrors.text.contains("█"))
        // Not on a pipe.
        #expect(!cli.run("-p", "dad", "import", fixture).stderr.contains("█"))
    }
}
