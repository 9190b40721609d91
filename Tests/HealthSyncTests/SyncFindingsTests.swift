import Foundation
import HealthCore
@testable import HealthSync
import HealthLogTestSupport
import Testing

/// Issue 34's findings on a shared folder, each replayed against the journal format that fixed
/// it: what a machine refuses, every machine refuses alike, and nothing unfinished leaves one.
@Suite struct SyncFindingsTests {
    /// Every file under the shared folder's journal, by path, with its bytes.
    private func journalFiles(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder + "/journal"
        for path in (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return files
    }

    /// §2: an import that is rolled back (a dry run, or one refused for one bad row) never
    /// writes a line to the journal, not even for a moment while it is stopped half-way.
    @Test func aRolledBackImportNeverReachesTheFolder() throws {
        let family = Family()
        family.joined()
        let before = journalFiles(family.folder)
        let daughterBefore = try logDump(family.daughter.databasePath)
        let file = family.dad.directory.file("big.csv")
        // 40,000 good rows (several MiB of journal lines) and one bad row at the end.
        let rows = readingsCSV(40_000) + ",dad,2026-01-05T08:00:00+08:00,400,80,70,,,\n"
        try rows.write(toFile: file, atomically: true, encoding: .utf8)
        var environment = processEnvironment(family.dad.directory)
        environment["HEALTHLOG_DB"] = family.dad.databasePath
        for arguments in [["import", file, "--dry-run"], ["import", file]] {
            let process = try startProcess(arguments, environment: environment)
            // Stopped part-way (as Ctrl-Z does), while the other machine merges.
            usleep(700_000)
            kill(process.processIdentifier, SIGSTOP)
            #expect(journalFiles(family.folder) == before, "\(arguments) wrote to the journal before committing")
            family.daughter.ok("sync")
            kill(process.processIdentifier, SIGCONT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 65, "\(arguments): \(process.terminationStatus)")
            #expect(journalFiles(family.folder) == before, "\(arguments) left lines in the journal")
        }
        family.daughter.ok("sync")
        #expect(try logDump(family.daughter.databasePath) == daughterBefore)
    }

    /// §4: a line that reuses another device's operation id is decided alike on every machine:
    /// one that held the original and one that joins later keep the same log. Each line stands
    /// as its own device's change (so the later one, a deletion, decides the reading), and
    /// status names the repeat.
    @Test func twoLinesWithOneOperationIDAreDecidedAlikeEverywhere() throws {
        let family = Family()
        family.joined()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let lines = try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").map(String.init)
        let original = try #require(lines.compactMap { try? JournalLine.operation($0) }.first { if case .readingPut = $0.change { true } else { false } })
        guard case .readingPut(let reading) = original.change else { return }
        // A forged device repeats that id, for a later deletion of the reading.
        let forger = "0123456789abcdef"
        let forged = try forgedTransaction(
            .readingDeleted(id: reading.id, profileID: reading.profileID), device: forger, clock: original.operation.clock + 1_000, id: original.operation.id)
        try plantDevice(forger, in: family.folder, lines: forged)
        family.settle()
        let late = CLIHarness()
        late.ok("sync", "init", family.folder)
        #expect(try logDump(family.dad.databasePath) == logDump(family.daughter.databasePath))
        #expect(try logDump(late.databasePath) == logDump(family.dad.databasePath), "the machine that joined later decided otherwise")
        #expect(try !family.dad.readings().contains { $0.id == reading.id }, "the later change of the reading did not decide it")
        for harness in [family.dad, late] {
            #expect(harness.ok("sync", "status").contains("repeats the id of an operation of device"))
        }
    }

    /// §7: a folder others may write is not joined; a device folder swapped for one others may
    /// write is neither read nor written, and status names it.
    @Test func aFolderOthersMayWriteIsRefused() throws {
        let cli = CLIHarness()
        cli.family()
        let open = cli.directory.file("open")
        try #require(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        let refused = cli.run("sync", "init", open)
        #expect(refused.status != 0 && refused.stderr.contains("other users may write it (mode 0777)"), "\(refused.stderr)")
        #expect(names(in: open).isEmpty)

        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "128/80", "--at", "2026-11-30 07:30")
        let segment = try #require(try ownSegment(family.daughter, folder: family.folder))
        let device = (segment as NSString).deletingLastPathComponent
        chmod(device, 0o777)
        chmod(segment, 0o666)
        let before = try Data(contentsOf: URL(fileURLWithPath: segment))
        family.daughter.run("-p", "dad", "add", "129/81", "--at", "2026-11-30 07:40")
        #expect(try Data(contentsOf: URL(fileURLWithPath: segment)) == before, "a change was written into a journal others may write")
        family.dad.ok("sync")
        #expect(try !family.dad.readings().contains { $0.systolic == 129 })
        #expect(family.dad.ok("sync", "status").contains("other users may write it"))
    }

    /// §8: a device folder that is a symbolic link (here to a folder of readings another user
    /// would like merged) is not read through, and a machine whose own folder became a link
    /// writes nothing through it.
    @Test func aLinkedDeviceFolderIsNeitherReadNorWrittenThrough() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "129/81", "--at", "2026-11-30 07:40")
        let segment = try #require(try ownSegment(family.daughter, folder: family.folder))
        let device = (segment as NSString).deletingLastPathComponent
        let elsewhere = family.daughter.directory.file("elsewhere")
        try FileManager.default.moveItem(atPath: device, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: elsewhere)
        family.dad.ok("sync")
        #expect(try !family.dad.readings().contains { $0.systolic == 129 }, "read through a linked device folder")
        #expect(family.dad.ok("sync", "status").contains("a symbolic link"))
        let saved = try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted().map { ($0, FileManager.default.contents(atPath: elsewhere + "/" + $0)) }
        family.daughter.run("-p", "dad", "add", "131/82", "--at", "2026-11-30 19:40")
        let after = try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted().map { ($0, FileManager.default.contents(atPath: elsewhere + "/" + $0)) }
        #expect(after.map(\.0) == saved.map(\.0) && after.map(\.1) == saved.map(\.1), "written through the link")
    }

    /// Probe B3: operation lines of transactions never committed, each followed by the next,
    /// are given up as they are read, not waited for (a device writes one transaction at a
    /// time): none is taken, the first are named by line, the rest counted, and a
    /// whole transaction after them is taken.
    @Test func transactionsNeverCommittedAreGivenUpNotWaitedFor() throws {
        let family = Family()
        family.joined()
        family.settle()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let lines = try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").map(String.init)
        let readings = lines.compactMap { try? JournalLine.operation($0) }.compactMap { read -> Reading? in
            if case .readingPut(let reading) = read.change { reading } else { nil }
        }
        #expect(readings.count >= 2)
        let (kept, deleted) = (readings[0], readings[1])
        let clock = try #require(lines.compactMap { try? JournalLine.operation($0) }.map(\.operation.clock).max())
        let writer = "0123456789abcdef"
        var planted: [String] = []
        for step in 0..<25 {
            planted.append(try forgedTransaction(.readingDeleted(id: kept.id, profileID: kept.profileID), device: writer, clock: clock + 1_000 + Int64(step))[0])
        }
        planted += try forgedTransaction(.readingDeleted(id: deleted.id, profileID: deleted.profileID), device: writer, clock: clock + 2_000)
        try plantDevice(writer, in: family.folder, lines: planted)
        // Three lines of three transactions, none committed: only the last can still be arriving.
        let second = "0000000000000001"
        try plantDevice(second, in: family.folder, lines: try (0..<3).map { step in
            try forgedTransaction(.readingDeleted(id: kept.id, profileID: kept.profileID), device: second, clock: clock + 3_000 + Int64(step))[0]
        })
        family.dad.ok("sync")
        let remaining = try family.dad.readings().map(\.id)
        #expect(remaining.contains(kept.id), "a line of a transaction never committed was taken")
        #expect(!remaining.contains(deleted.id), "the whole transaction after them was not taken")
        let status = family.dad.ok("sync", "status")
        #expect(!status.contains("the latest change of 01234567 is not whole"), "given-up lines are waited for: \(status)")
        #expect(status.contains("the latest change of 00000000 is not whole in the folder yet"), "\(status)")
        #expect(status.contains("0000000000000001/000001.ndjson:2: transaction"), "\(status)")
        #expect(!status.contains("0000000000000001/000001.ndjson:3:"), "the last may still be arriving: \(status)")
        #expect(status.contains("0123456789abcdef/000001.ndjson:18: transaction"), "named by its line: \(status)")
        #expect(status.contains("Refused lines: 27 (the first 20)"), "the rest are counted: \(status)")
    }

    /// Probe B7: what another machine plants in this device's folder under the name of its
    /// next segment (a folder, a link to a file elsewhere) neither stops this device's changes
    /// from reaching the family nor is written through.
    @Test func somethingPlantedWhereTheNextSegmentGoesBlocksNoChange() throws {
        let family = Family()
        family.joined()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let device = (segment as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: device + "/000002.ndjson", withIntermediateDirectories: false)
        let added = family.dad.run("-p", "dad", "add", "133/85", "--at", "2026-11-30 07:53")
        #expect(added.status == 0)
        #expect(!added.stderr.contains("sync"), "\(added.stderr)")
        family.daughter.ok("sync")
        #expect(try family.daughter.readings().contains { $0.systolic == 133 }, "a planted folder kept the change back")
        #expect(family.daughter.ok("sync", "status").contains("000002.ndjson"), "what is not read is named")

        let elsewhere = family.dad.directory.file("elsewhere.ndjson")
        try Data("kept as it is\n".utf8).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: device + "/000004.ndjson", withDestinationPath: elsewhere)
        #expect(family.dad.run("-p", "dad", "add", "134/86", "--at", "2026-11-30 07:54").status == 0)
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "kept as it is\n", "written through a planted link")
        family.daughter.ok("sync")
        #expect(try family.daughter.readings().contains { $0.systolic == 134 }, "a planted link kept the change back")
        family.dad.ok("sync")
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    /// §11: a million-line-class flood of garbage costs little: refused lines are counted, not
    /// stored whole, and the log grows by kilobytes, not by the garbage's size.
    @Test func garbageInTheFolderIsCountedNotStored() throws {
        let family = Family()
        family.joined()
        let size = { (path: String) in (FileSystem.size(of: path) ?? 0) + (FileSystem.size(of: path + "-wal") ?? 0) }
        family.dad.ok("sync")
        let base = size(family.dad.databasePath)
        let forger = "fedcba9876543210"
        let folder = family.folder + "/journal/" + forger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let garbage = folder + "/000001.ndjson"
        // 200,000 short lines, then one 4 MiB line with no newline.
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 400_000)
        for index in stride(from: 1, to: bytes.count, by: 2) { bytes[index] = UInt8(ascii: "\n") }
        bytes += [UInt8](repeating: UInt8(ascii: "y"), count: 4 << 20)
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
        family.dad.ok("sync")
        let grown = size(family.dad.databasePath) - base
        family.dad.ok("sync")
        family.dad.ok("-p", "dad", "add", "120/80", "--at", "2026-11-30 08:00")
        #expect(grown < 500_000, "the log grew by \(grown) bytes merging 4.4 MB of garbage")
        let status = family.dad.ok("sync", "status")
        // 200,000 short lines and the long one, counted; the first 20 named, none stored whole.
        #expect(status.contains("Refused lines: 200001 (the first 20):"), "\(status)")
    }

    /// A change whose commit line has not come yet waits, and status says so (never "In step");
    /// it is taken once the commit line comes.
    @Test func aChangeNotWholeYetIsNamedNotSilent() throws {
        let family = Family()
        family.joined()
        family.settle()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let lines = try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").map(String.init)
        let original = try #require(lines.compactMap { try? JournalLine.operation($0) }.first { if case .readingPut = $0.change { true } else { false } })
        guard case .readingPut(let reading) = original.change else { return }
        let writer = "0123456789abcdef"
        let change = try forgedTransaction(.readingDeleted(id: reading.id, profileID: reading.profileID), device: writer, clock: original.operation.clock + 1_000)
        let file = try plantDevice(writer, in: family.folder, lines: [change[0]])
        family.dad.ok("sync")
        let waiting = family.dad.ok("sync", "status")
        #expect(waiting.contains("the latest change of 01234567 is not whole in the folder yet") && !waiting.contains("In step"), "\(waiting)")
        #expect(try family.dad.readings().contains { $0.id == reading.id })
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data((change[1] + "\n").utf8))
        try handle.close()
        family.dad.ok("sync")
        #expect(try !family.dad.readings().contains { $0.id == reading.id }, "the whole change was not taken")
        #expect(!family.dad.ok("sync", "status").contains("not whole"))
    }
}
