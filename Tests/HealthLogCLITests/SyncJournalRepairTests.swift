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
