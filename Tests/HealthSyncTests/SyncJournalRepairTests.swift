import Foundation
import HealthCore
import Testing

/// A device's own journal changed under it (a line edited in place, line ends rewritten): the
/// other machines refuse what they cannot read, so its owner writes those operations again, and
/// every machine still ends with the same log.
@Suite struct SyncJournalRepairTests {
    @Test func aLineDamagedInPlaceIsWrittenAgainByItsOwner() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-29 07:20")
        family.daughter.ok("-p", "dad", "add", "129/82", "--at", "2026-11-29 07:25")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"systolic\":131") })
        // One byte changed, the file's size the same: a disk error, or an editor.
        lines[index] = lines[index].replacingOccurrences(of: "\"systolic\":131", with: "\"systolic\":191")
        try lines.joined(separator: "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        family.dad.run("sync")
        #expect(try !family.dad.readings().contains { $0.systolic == 131 }, "the damaged line is refused")
        // The owner's next command finds its line refused and writes the operation again.
        family.daughter.ok("sync")
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        #expect(try !family.dad.readings().contains { $0.systolic == 191 })
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
    }

    @Test func aJournalRewrittenWithCRLFLineEndsIsReadWhole() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-29 07:20")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: journal, atomically: false, encoding: .utf8)
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try third.readings().contains { $0.systolic == 131 })
        #expect(!third.ok("sync", "status").contains("Refused"))
        family.dad.ok("sync")
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
    }
}

/// One journal file that cannot be read stops nothing else.
@Suite struct SyncUnreadableFileTests {
    /// Runs the real `healthlog` on `harness`'s log as a user the file modes hold to: as itself,
    /// or (root reads any file) as nobody, through setpriv.
    private func runHeldToModes(_ harness: CLIHarness, _ arguments: String...) throws -> RunResult {
        var environment = harness.environment
        environment["PATH"] = "/usr/bin:/bin"
        guard getuid() == 0 else { return try runProcess(arguments, environment: environment) }
        return try run(
            executable: "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", try healthlogExecutable()] + arguments,
            environment: environment)
    }

    @Test func anUnreadableSegmentIsNamedAndTheOthersAreStillMerged() throws {
        let family = Family()
        family.joined()
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-29 07:20")
        third.ok("-p", "dad", "add", "127/81", "--at", "2026-11-29 07:25")
        // The dad's log and the folder are the user's the test runs as (nobody, under root),
        // and the daughter's journal is made unreadable even to its owner.
        let owner = getuid() == 0 ? "65534:65534" : "\(getuid()):\(getgid())"
        _ = "chown -R \(owner) '\(family.dad.directory.path)'".withCString { system($0) }
        let daughters = try #require(try ownSegment(family.daughter, folder: family.folder))
        chmod(daughters, 0)
        let merged = try runHeldToModes(family.dad, "sync")
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stderr.contains("1 line in the shared folder refused"), "\(merged.stderr)")
        // Read, not opened for writing: the log is another user's (nobody's) for the moment.
        let dads = try HealthRecordsAccess.readings(family.dad.databasePath)
        #expect(dads.contains { $0.systolic == 127 }, "the third machine's change still arrives")
        #expect(!dads.contains { $0.systolic == 131 })
        let status = try runHeldToModes(family.dad, "--no-sync", "sync", "status").stdout
        #expect(status.contains("000001.ndjson: the file cannot be read (Permission denied)"), "\(status)")
        _ = "chown -R \(getuid()):\(getgid()) '\(family.dad.directory.path)'".withCString { system($0) }
        chmod(daughters, 0o600)
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        #expect(!family.dad.ok("sync", "status").contains("cannot be read"))
    }
}
