import Foundation
import HealthCore
import Testing

/// The log is never an output, restores never share a safety copy, and the refusals found by a
/// new user's pass (damaged backups, full disks on a spool, odd arguments) are one clear line.
@Suite(.serialized) struct LogSafetyTests {
    private func family(_ count: Int = 40) throws -> (TemporaryDirectory, [String: String]) { try importedLog(count) }

    private func readingCount(_ environment: [String: String]) throws -> Int {
        let listed = try runProcess(["-p", "dad", "list", "--format", "json"], environment: environment)
        return listed.stdout.components(separatedBy: "\"id\"").count - 1
    }

    @Test func noOutputMayBeTheLogOrOneOfItsFiles() throws {
        let (directory, environment) = try family()
        let before = try readingCount(environment)
        let bytes = FileManager.default.contents(atPath: directory.file("log.sqlite"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: directory.file("log.sqlite"))
        for target in ["log.sqlite", "log.sqlite-wal", "log.sqlite-shm", "link", "./log.sqlite"] {
            for command in [["export", "-o"], ["export", "--format", "json", "-o"], ["-p", "dad", "report", "-o"], ["-p", "dad", "chart", "-o"], ["backup"]] {
                let path = target.hasPrefix("./") ? directory.path + "/" + target : directory.file(target)
                let result = try runProcess(command + [path], environment: environment)
                #expect(result.status == 73, "\(command) \(target): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("writing there would destroy the readings"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
        }
        #expect(try readingCount(environment) == before)
        #expect(FileManager.default.contents(atPath: directory.file("log.sqlite")) == bytes)
        let restore = try runProcess(["restore", directory.file("log.sqlite"), "--yes"], environment: environment)
        #expect(restore.status == 65)
        #expect(restore.stderr.contains("is the log itself"), "\(restore.stderr)")
        // A file that merely shares a name elsewhere is fine.
        let elsewhere = TemporaryDirectory()
        #expect(try runProcess(["export", "-o", elsewhere.file("log.sqlite")], environment: environment).status == 0)
    }

    @Test func restoresAtTheSameMomentEachKeepTheirOwnSafetyCopy() throws {
        let (directory, environment) = try family(5)
        var source = environment
        source["HEALTHLOG_DB"] = directory.file("other.sqlite")
        #expect(try runProcess(["add", "150/95", "-n", "from-backup", "--at", "2026-11-20 08:00"], environment: source).status == 0)
        #expect(try runProcess(["backup", directory.file("b.bak")], environment: source).status == 0)
        #expect(try runProcess(["-p", "dad", "add", "111/77", "-n", "PRECIOUS-ORIGINAL", "--at", "2026-11-20 09:00"], environment: environment).status == 0)
        for _ in 0..<3 {
            let both = try (0..<2).map { _ in try startProcess(["restore", directory.file("b.bak"), "--yes"], environment: environment) }
            for process in both {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
        }
        // Every copy is a separate file, and the first one holds the log from before any restore.
        let copies = names(in: directory.path).filter { $0.contains(".before-restore-") }
        #expect(copies.count == 6, "\(copies)")
        var original = 0
        for copy in copies {
            var environment = environment
            environment["HEALTHLOG_DB"] = directory.file(copy)
            let listed = try runProcess(["-p", "dad", "list", "--format", "json"], environment: environment)
            if listed.stdout.contains("PRECIOUS-ORIGINAL") { original += 1 }
        }
        #expect(original == 1)
    }

    @Test func aDamagedOrCutOffBackupIsOneLineAndExit65() throws {
        let (directory, environment) = try family(3_000)
        #expect(try runProcess(["backup", directory.file("good.bak")], environment: environment).status == 0)
        var damaged = try #require(FileManager.default.contents(atPath: directory.file("good.bak")))
        try #require(damaged.count > 50 * 4096)
        for index in (40 * 4096)..<(41 * 4096) { damaged[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try damaged.write(to: URL(fileURLWithPath: directory.file("damaged.bak")))
        try damaged.prefix(damaged.count / 2).write(to: URL(fileURLWithPath: directory.file("cut.bak")))
        let before = try readingCount(environment)
        for name in ["damaged.bak", "cut.bak"] {
            let result = try runProcess(["restore", directory.file(name), "--yes"], environment: environment)
            #expect(result.status == 65, "\(name): \(result.status) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("is damaged"), "\(result.stderr)")
            #expect(!result.stderr.contains("\\n"), "\(result.stderr)")
        }
        #expect(try readingCount(environment) == before)
    }

    @Test func aBackupOnAFullDiskIsExit74InPlainWords() throws {
        let (directory, environment) = try family(3_000)
        let result = try runShell(
            "ulimit -f 100; exec \"$0\" backup \"$1\"", [try healthlogExecutable(), directory.file("b.bak")], environment: environment)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("the disk refused the write"), "\(result.stderr)")
        #expect(!result.stderr.contains("SQLITE"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("b.bak")))
    }

    @Test func aReportToStandardOutputWhoseSpoolFailsNamesTheSpool() throws {
        let (directory, environment) = try family(3_000)
        let result = try runShell(
            "ulimit -f 100; exec \"$0\" -p dad report --log readings -o - > /dev/null", [try healthlogExecutable()], environment: environment)
        withExtendedLifetime(directory) {}
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("cannot draw the report for standard output: its temporary copy in"), "\(result.stderr)")
        #expect(!result.stderr.contains("previous file"), "\(result.stderr)")
    }

    @Test func aReportsMetadataShowsControlsEscaped() throws {
        let (directory, environment) = try family(5)
        #expect(try runProcess(["profile", "edit", "dad", "--name", "evil\u{1B}[31mRED\u{7}"], environment: environment).status == 0)
        let path = directory.file("r.pdf")
        #expect(try runProcess(["-p", "dad", "report", "-o", path], environment: environment).status == 0)
        let info = try run(executable: "/usr/bin/pdfinfo", [path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(info.stdout.contains("Author:"), "\(info.stdout)")
        #expect(!info.stdout.contains("\u{1B}") && !info.stdout.contains("\u{7}"), "\(info.stdout)")
        #expect(info.stdout.contains("evil\\e[31mRED\\u{7}"), "\(info.stdout)")
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedAndNothingIsMade() throws {
        let directory = TemporaryDirectory()
        let environment = processEnvironment(directory)
        let result = try runShell("exec \"$0\" add 120/80 -n \"$(printf 'CR\\233m')\"", [try healthlogExecutable()], environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("is not UTF-8 text"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("log.sqlite")))
    }

    @Test func aFilteredListingWithALimitCountsWhatItMatches() {
        let harness = CLIHarness()
        for (index, tags) in [["bp-med"], [], ["bp-med"], ["bp-med"], []].enumerated() {
            harness.ok(["add", "13\(index)/80", "--at", "2026-11-2\(index + 1) 07:30"] + (tags.isEmpty ? [] : ["-t", tags[0]]))
        }
        let filtered = harness.ok("list", "-t", "bp-med", "--limit", "2")
        #expect(filtered.hasPrefix("me (me) · all dates · only readings tagged BP medication · latest 2 of 3 readings\n"), "\(filtered)")
        let whole = harness.ok("list", "--limit", "2")
        #expect(whole.hasPrefix("me (me) · all dates · latest 2 of 5 readings\n"), "\(whole)")
        let all = harness.ok("list", "-t", "bp-med")
        #expect(all.hasPrefix("me (me) · all dates · only readings tagged BP medication · 3 readings\n"), "\(all)")
    }
}
