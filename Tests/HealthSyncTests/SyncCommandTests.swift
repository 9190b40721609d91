import Foundation
import HealthCommandLine
import HealthCore
import HealthLogCLI
import HealthRecords
@testable import HealthSync
import Testing

/// Every field of every record of the log at `path`, sorted: two logs that converged print the same.
func logDump(_ path: String) throws -> [String] {
    let store = try RecordStore.open(path: path, access: .readOnly)
    var lines: [String] = []
    let text = { (value: Any?) -> String in value.map { "\($0)" } ?? "-" }
    for p in try store.profiles() {
        lines.append("profile \(p.id) | \(p.name) | \(text(p.birthYear)) | \(text(p.sex)) | \(text(p.target)) | \(p.createdAt) | \(p.updatedAt)")
    }
    for t in try store.tags(includingRemoved: true) {
        lines.append("tag \(t.id) | \(t.label) | \(text(t.labelZh)) | \(t.color) | \(t.symbol) | \(t.deviation) | \(t.removed)")
    }
    for e in try store.events() {
        lines.append("event \(e.id) | \(e.profileID) | \(e.at.iso8601) | \(e.kind) | \(e.text) | \(e.createdAt) | \(e.updatedAt)")
    }
    for r in try store.readings() {
        lines.append(
            "reading \(r.id) | \(r.profileID) | \(r.takenAt.iso8601) | \(text(r.bloodPressure)) | \(text(r.pulse)) | \(text(r.weightGrams)) | \(r.tagIDs) | \(r.note) | \(r.site) | \(r.createdAt) | \(r.updatedAt)")
    }
    return lines.sorted()
}

/// Two (or more) machines, each with its own log, sharing one folder (dad starts with the family log).
struct Family {
    let dad = CLIHarness()
    let daughter = CLIHarness()
    let folder: String

    init() {
        folder = dad.directory.file("shared")
        dad.family()
    }

    /// Both logs members of the shared folder, merged.
    func joined() {
        dad.ok("sync", "init", folder)
        daughter.ok("sync", "init", folder)
        dad.ok("sync")
    }

    /// Both merge until neither has anything new (two rounds suffice for two machines).
    func settle() {
        for _ in 0..<2 {
            dad.ok("sync")
            daughter.ok("sync")
        }
    }

    func readingID(_ harness: CLIHarness, systolic: Int) throws -> String {
        try #require(try harness.readings().first { $0.systolic == systolic }).id
    }
}

@Suite struct SyncCommandTests {
    @Test func twoMachinesConvergeAfterEveryKindOfChange() throws {
        let family = Family()
        family.joined()
        #expect(try family.daughter.readings().count == 4, "joining takes every reading already shared")
        // Changes on both machines, neither merging in between.
        let daughter = family.daughter
        daughter.ok("-p", "dad", "add", "128/80", "70", "--at", "2026-11-30 07:00", "--note", "女儿量的")
        daughter.ok("edit", try family.readingID(daughter, systolic: 142), "--note", "after dinner")
        daughter.ok("delete", try family.readingID(daughter, systolic: 150), "--yes")
        daughter.ok("tag", "add", "salt", "--label", "salty meal", "--label-zh", "咸食")
        daughter.ok("-p", "dad", "event", "add", "amlodipine 5 mg started", "--at", "2026-11-28 08:00", "--kind", "medication")
        daughter.ok("profile", "edit", "mom", "--target", "130/80")
        let csv = daughter.directory.file("paper.csv")
        try "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n,mom,2026-11-27T07:10:00+08:00,141,90,77,,,,home\n,mom,2026-11-27T21:05:00+08:00,133,84,70,,,,home\n".write(
            toFile: csv, atomically: true, encoding: .utf8)
        daughter.ok("-p", "mom", "import", csv)
        family.dad.ok("--no-sync", "-p", "dad", "add", "136/84", "68", "--at", "2026-11-29 21:30", "-t", "bp-med")
        family.dad.ok("--no-sync", "tag", "remove", "black-coffee")
        family.settle()
        let dump = try logDump(family.dad.databasePath)
        #expect(dump == (try logDump(daughter.databasePath)))
        #expect(try family.dad.readings().count == 7)
        #expect(dump.contains { $0.contains("| 128/80 |") })
        #expect(!dump.contains { $0.contains("| 150/95 |") }, "the deleted reading stays deleted")
        #expect(try family.dad.readings().contains { $0.note == "女儿量的" })
        #expect(family.dad.ok("tag", "list").contains("salt"))
        #expect(!family.daughter.ok("tag", "list").contains("black-coffee"))
        #expect(family.dad.ok("-p", "dad", "event", "list").contains("amlodipine"))
        #expect(family.dad.ok("profile", "show", "mom").contains("130/80"))
        // Merging again changes nothing.
        #expect(family.dad.ok("sync").contains("Nothing new"))
        #expect(try logDump(family.dad.databasePath) == dump)
    }

    @Test func everyCommandMergesFirstUnlessToldNot() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "125/79", "--at", "2026-11-30 07:05")
        #expect(!family.dad.ok("--no-sync", "-p", "dad", "list").contains("125/79"))
        #expect(family.dad.ok("-p", "dad", "list").contains("125/79"))
    }

    @Test func mergeIsTheSameWhateverOrderTheFilesArriveIn() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "mom", "add", "121/77", "--at", "2026-11-30 07:41")
        family.dad.ok("delete", try family.readingID(family.dad, systolic: 118), "--yes")
        family.daughter.ok("--no-sync", "edit", try family.readingID(family.daughter, systolic: 118), "--note", "edited offline")
        family.settle()
        let expected = try logDump(family.dad.databasePath)
        // A third machine gets the devices' journals one at a time, in the other order.
        let third = CLIHarness()
        let copy = third.directory.file("shared")
        let devices = try FileManager.default.contentsOfDirectory(atPath: family.folder + "/journal").sorted().reversed()
        try FileManager.default.createDirectory(atPath: copy + "/journal", withIntermediateDirectories: true)
        third.ok("sync", "init", copy)
        for device in devices {
            try FileManager.default.copyItem(atPath: family.folder + "/journal/" + device, toPath: copy + "/journal/" + device)
            third.ok("sync")
        }
        third.ok("sync")
        #expect(try logDump(third.databasePath) == expected)
    }

    /// A laptop three days ahead: its changes wait on the other machines (they never pull their
    /// clocks forward), both machines say so, and once its clock is set right its changes are
    /// stamped again at the time they were made, so the father's later correction still wins.
    @Test func aClockRunningAheadIsHeldNamedOnBothSidesAndStampedAgainOnceSetRight() throws {
        let family = Family()
        family.joined()
        let shared = try family.readingID(family.dad, systolic: 142)
        family.daughter.now = fixedNow + 3 * 86_400_000
        family.daughter.ok("-p", "dad", "add", "131/81", "--at", "2026-11-29 21:30")
        family.daughter.ok("edit", shared, "--note", "her note")
        let merged = family.dad.run("sync")
        #expect(merged.stderr.contains("2 changes held until their time"), "\(merged.stderr)")
        #expect(try !family.dad.readings().contains { $0.systolic == 131 }, "held, not applied")
        let held = family.dad.ok("sync", "status")
        #expect(held.contains("Held here until their time: 2 changes from"), "\(held)")
        #expect(held.contains("3 days ahead of this machine's clock"), "\(held)")
        #expect(!held.contains("In step"))
        // The father's clock is not pulled forward: his correction, a minute later, is stamped now.
        family.dad.now = fixedNow + 60_000
        family.dad.ok("edit", shared, "--note", "his note")
        let dadStatus = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        let dadDevice = try #require(try syncDeviceID(family.dad.databasePath))
        let own = try #require((dadStatus["devices"] as? [[String: Any]])?.first { $0["id"] as? String == dadDevice })
        #expect(own["lastChange"] as? String == "2026-11-30T00:01:00+00:00")
        // The daughter's machine says its own clock runs ahead.
        family.daughter.ok("sync")
        let hers = family.daughter.ok("sync", "status")
        #expect(hers.contains("holds 2 changes of this machine's until their time"), "\(hers)")
        #expect(hers.contains("about 3 days ahead of its"), "\(hers)")
        // Her clock is set right: what she changed is stamped again at the time it was made.
        family.daughter.now = fixedNow + 120_000
        let repaired = family.daughter.run("sync")
        #expect(repaired.stderr.contains("ran 3 days ahead and has been set right"), "\(repaired.stderr)")
        family.settle()
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        #expect(try family.dad.readings().first { $0.id == shared }?.note == "his note", "the later correction wins")
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
        let after = family.dad.ok("sync", "status")
        #expect(!after.contains("Held here"), "\(after)")
        // Her edit and his were concurrent; his, made later, won, and hers is named so it can be entered again.
        #expect(after.contains("the losing change had: note \"her note\""), "\(after)")
        // No operation of the old stamps is left to win when their time comes.
        family.dad.now = fixedNow + 4 * 86_400_000
        family.daughter.now = fixedNow + 4 * 86_400_000
        family.settle()
        #expect(try family.dad.readings().first { $0.id == shared }?.note == "his note")
        let third = CLIHarness()
        third.now = fixedNow + 4 * 86_400_000
        third.ok("sync", "init", family.folder)
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
    }

    /// A reading dated ahead of this machine's clock, as `add` never takes one, waits for its time.
    @Test func aMergedReadingDatedInTheFutureWaitsForItsTime() throws {
        let family = Family()
        family.joined()
        family.daughter.now = fixedNow + 86_400_000
        family.daughter.ok("-p", "dad", "add", "129/79")
        family.daughter.now = fixedNow
        family.daughter.ok("sync")
        family.dad.ok("sync")
        #expect(try !family.dad.readings().contains { $0.systolic == 129 })
        #expect(family.dad.ok("sync", "status").contains("Held here until their time: 1 change from"))
        // The daughter, her clock set right, is told her reading is dated ahead, not that her
        // clock runs ahead (before: "this machine's clock runs about 0 s ahead").
        family.daughter.ok("sync")
        let told = family.daughter.ok("sync", "status")
        #expect(told.contains("they are dated ahead of now"), "\(told)")
        #expect(!told.contains("clock runs about"), "\(told)")
        family.dad.now = fixedNow + 86_400_000
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 129 })
    }

    /// One line stamped just before 2100 stops nobody's changes: it waits for its time, and no
    /// machine stamps after it.
    @Test func aLineStampedFarAheadNeverCarriesTheOtherMachinesClocks() throws {
        let family = Family()
        family.joined()
        let forger = "0123456789abcdef"
        try FileManager.default.createDirectory(atPath: family.folder + "/journal/" + forger, withIntermediateDirectories: false)
        let forged = try forgedTransaction(
            .readingPut(Reading(profileID: "dad", takenAt: ZonedInstant(utcSeconds: fixedNow / 1000 - 3600, offsetMinutes: 0), bloodPressure: BloodPressure(systolic: 250, diastolic: 150))),
            device: forger, clock: HybridClock.stamp(milliseconds: 4_102_444_799_000))
        let journal = family.folder + "/journal/" + forger + "/000001.ndjson"
        try (forged.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        chmod(journal, 0o600)
        chmod(family.folder + "/journal/" + forger, 0o700)
        family.dad.ok("sync")
        #expect(try !family.dad.readings().contains { $0.systolic == 250 })
        #expect(family.dad.ok("sync", "status").contains("Held here until their time: 1 change from"))
        family.dad.ok("-p", "dad", "add", "121/79", "--at", "2026-11-29 21:00")
        family.daughter.ok("sync")
        #expect(try family.daughter.readings().contains { $0.systolic == 121 }, "the father's change still reaches the others")
        let dad = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        let dadDevice = try #require(try syncDeviceID(family.dad.databasePath))
        let own = try #require((dad["devices"] as? [[String: Any]])?.first { $0["id"] as? String == dadDevice })
        #expect((own["lastChange"] as? String)?.hasPrefix("2026-11-30") == true, "stamped by his own clock: \(own)")
    }

    @Test func concurrentEditsConvergeAndSayWhichSideWon() throws {
        let family = Family()
        family.joined()
        let id = try family.readingID(family.dad, systolic: 138)
        family.dad.ok("edit", id, "--note", "dad's note")
        family.daughter.now = fixedNow + 60_000
        family.daughter.ok("--no-sync", "edit", id, "--note", "daughter's note")
        family.settle()
        #expect(try family.dad.readings().first { $0.id == id }?.note == "daughter's note")
        #expect(try family.daughter.readings().first { $0.id == id }?.note == "daughter's note")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("Concurrent edits: 1"))
        // What the losing side typed is shown, so it can be entered again.
        #expect(status.contains("the losing change had: note \"dad's note\""), "\(status)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        #expect(json["schema"] as? Int == 1)
        #expect((json["conflicts"] as? [String: Any])?["total"] as? Int == 1)
        let latest = try #require(((json["conflicts"] as? [String: Any])?["latest"] as? [[String: Any]])?.first)
        #expect(latest["lost"] as? [String: String] == ["note": "dad's note"])
        #expect((json["devices"] as? [Any])?.count == 2)
    }

    @Test func aDeletionAndALaterEditElsewhereKeepTheReadingAndSaySo() throws {
        let family = Family()
        family.joined()
        let id = try family.readingID(family.dad, systolic: 138)
        family.dad.ok("--no-sync", "delete", id, "--yes")
        family.daughter.now = fixedNow + 60_000
        family.daughter.ok("--no-sync", "edit", id, "--note", "measured twice")
        family.settle()
        #expect(try family.dad.readings().first { $0.id == id }?.note == "measured twice")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("change of"))
        #expect(status.contains("won over"))
        #expect(status.contains("'s deletion of"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        let latest = try #require(((json["conflicts"] as? [String: Any])?["latest"] as? [[String: Any]])?.first)
        #expect(latest["loserDeleted"] as? Bool == true)
        #expect(latest["winnerDeleted"] as? Bool == false)
    }

    @Test func damagedAndTornLinesAreNamedAndNothingElseIsLost() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-30 07:20")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        var text = try String(contentsOfFile: journal, encoding: .utf8)
        let lines = text.split(separator: "\n")
        // A line edited by hand (its checksum no longer matches), in a transaction whole again
        // (its commit line repeated after it), then a torn line.
        text += lines[lines.count - 2].replacingOccurrences(of: "131", with: "191") + "\n" + lines.last! + "\n" + "{\"v\":2,\"op\":\"\u{1B}[31m"
        try text.write(toFile: journal, atomically: false, encoding: .utf8)
        let merged = family.dad.run("sync")
        #expect(merged.status == 0)
        #expect(merged.stderr.contains("1 line in the shared folder refused"))
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        #expect(!(try family.dad.readings().contains { $0.systolic == 191 }))
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("000001.ndjson:\(lines.count + 1): its checksum does not match"))
        #expect(!status.contains("\u{1B}"))
        // The daughter's next change cuts her own torn line and is read in full.
        family.daughter.ok("-p", "dad", "add", "127/81", "--at", "2026-11-30 07:25")
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 127 })
        #expect(family.dad.ok("sync", "status").contains("Refused lines: 1:"))
    }

    @Test func conflictCopiesAreReadAsSegments() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "133/85", "--at", "2026-11-30 07:30")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        // The engine kept the newer lines in a conflict copy and an older version under the name.
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
        let copy = journal.replacingOccurrences(of: "000001.ndjson", with: "000001.sync-conflict-20261130-073100-ABCDEFG.ndjson")
        try (lines.joined(separator: "\n") + "\n").write(toFile: copy, atomically: false, encoding: .utf8)
        try (lines.dropLast().joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try third.readings().contains { $0.systolic == 133 })
        #expect(third.ok("sync", "status").contains("sync-conflict-20261130"))
    }

    @Test func aJournalThatVanishesForAMomentDeletesNothing() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "129/82", "--at", "2026-11-30 07:35")
        family.dad.ok("sync")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        let aside = journal + ".aside"
        try FileManager.default.moveItem(atPath: journal, toPath: aside)
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 129 })
        // Back, but empty: still nothing is forgotten.
        try "".write(toFile: journal, atomically: false, encoding: .utf8)
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 129 })
        // The daughter finds her journal cut and writes her changes again.
        #expect(family.daughter.ok("sync").contains("to its journal again"))
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try logDump(third.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    @Test func aReadingWhoseProfileIsDeletedIsHiddenNotDestroyed() throws {
        let family = Family()
        family.joined()
        family.dad.ok("profile", "remove", "mom", "--yes")
        family.daughter.ok("--no-sync", "-p", "mom", "add", "117/75", "--at", "2026-11-30 07:45")
        family.settle()
        #expect(!(try family.dad.readings().contains { $0.systolic == 117 }))
        #expect(family.dad.ok("sync", "status").contains("Hidden, not lost: 1 reading"))
        // The profile comes back, and the reading with it, on both machines.
        family.daughter.ok("profile", "add", "mom", "--name", "妈妈")
        family.settle()
        #expect(try family.dad.readings(profile: "mom").map(\.systolic) == [117])
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    @Test func aMissingFolderIsSkippedAndCaughtUpLater() throws {
        let family = Family()
        family.dad.ok("sync", "init", family.folder)
        try FileManager.default.moveItem(atPath: family.folder, toPath: family.folder + ".unplugged")
        let added = family.dad.run("-p", "dad", "add", "126/80", "--at", "2026-11-30 07:55")
        #expect(added.status == 0)
        #expect(added.stderr.contains("is not there"), "the family learns the drive is unplugged")
        #expect(added.stderr.contains("saved in this log"))
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("MISSING"))
        #expect(status.contains("not in the folder yet"))
        #expect(family.dad.run("sync").status == ExitCode.noInput)
        try FileManager.default.moveItem(atPath: family.folder + ".unplugged", toPath: family.folder)
        #expect(family.dad.ok("sync").contains("to its journal again"))
        family.daughter.ok("sync", "init", family.folder)
        #expect(try family.daughter.readings().contains { $0.systolic == 126 })
    }

    @Test func aRestoredBackupIsMergedWithTheSharedLog() throws {
        let family = Family()
        family.joined()
        let backup = family.dad.directory.file("before.sqlite")
        family.dad.ok("backup", backup)
        family.daughter.ok("-p", "dad", "add", "124/78", "--at", "2026-11-30 07:58")
        family.dad.ok("sync")
        family.dad.ok("restore", backup, "--yes")
        #expect(try family.dad.readings().contains { $0.systolic == 124 }, "a restore never loses a shared reading")
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    @Test func refusesAFolderHoldingTheLogAndAFile() throws {
        let harness = CLIHarness()
        harness.family()
        let before = harness.databaseBytes()
        let inside = harness.run("sync", "init", harness.directory.path)
        #expect(inside.status == ExitCode.dataError)
        #expect(inside.stderr.contains("holds the log itself"))
        let file = harness.directory.file("file.txt")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(harness.run("sync", "init", file).status == ExitCode.dataError)
        #expect(harness.run("sync").status == ExitCode.dataError)
        #expect(harness.run("sync").stderr.contains("sync init"))
        #expect(harness.databaseBytes() == before)
    }
}

/// The harness's own current journal segment in `folder`.
func ownSegment(_ harness: CLIHarness, folder: String) throws -> String? {
    guard let device = try syncDeviceID(harness.databasePath) else { return nil }
    return folder + "/journal/\(device)/000001.ndjson"
}

/// The records library, for tests that read a log file a real process wrote.
enum HealthRecordsAccess {
    static func readings(_ path: String) throws -> [Reading] {
        try RecordStore.open(path: path, access: .readOnly).readings()
    }
}

/// The repository's test fixtures.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HealthInterchangeTests/Fixtures/\(name)").path
}

@Suite struct SyncFaultTests {
    @Test func hostileLinesAreRefusedEachWithItsReason() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-30 07:20")
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        let written = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        // The reading's operation line; the line after it is its transaction's commit line.
        let good = try #require(written.dropLast().last)
        let transaction = try #require(JournalLine.transaction(ofLine: good))
        let otherDevice = try #require(try ownSegment(family.dad, folder: family.folder)).split(separator: "/").dropLast().last.map(String.init)!
        let tampered = good.replacingOccurrences(of: "131", with: "191")
        let lines = [
            "not json at all",
            "{this is not JSON, but it is long enough to be taken for an operation's line at first}",
            good.replacingOccurrences(of: "{\"v\":2,", with: "{\"v\":9,"),
            // A changed line, in a transaction of its own that is whole: it is read, and refused.
            tampered,
            JournalLine.commitLine(transaction: transaction, device: try deviceOf(journal), operations: 1, clock: 1 << 40),
        ] + (try relabel(good, device: otherDevice)) + [
            // A line too long ends the reading of the file: nothing after it is read.
            String(repeating: "x", count: 1100 * 1024),
        ]
        try (try String(contentsOfFile: journal, encoding: .utf8) + lines.joined(separator: "\n") + "\n").write(
            toFile: journal, atomically: false, encoding: .utf8)
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("Refused lines: 6"))
        #expect(status.contains(":4: not a journal line: not JSON"))
        #expect(status.contains(":3: not a journal line: too short"))
        #expect(status.contains("longer than 1024 KiB"))
        #expect(status.contains("newer HealthLog (journal format 9)"))
        #expect(status.contains("checksum does not match"))
        #expect(status.contains("but the file is in device"))
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        #expect(!(try family.dad.readings().contains { $0.systolic == 191 }))
        #expect(!status.contains("not JSON (line"), "the journal's line number, not the JSON reader's, names the line")
        // The damaged lines taken out again: the refusals go with them.
        let cleaned = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").filter { line in
            !lines.contains(String(line))
        }
        try (cleaned.joined(separator: "\n") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
        family.dad.ok("sync")
        #expect(!family.dad.ok("sync", "status").contains("Refused lines"))
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
    }

    @Test func aDeletedJournalFolderIsWrittenAgainByItsOwner() throws {
        let family = Family()
        family.joined()
        let journal = try #require(try ownSegment(family.dad, folder: family.folder))
        try FileManager.default.removeItem(atPath: (journal as NSString).deletingLastPathComponent)
        #expect(family.dad.ok("sync").contains("to its journal again"))
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
    }

    @Test func aCopiedLogWritesAsADeviceOfItsOwn() throws {
        let family = Family()
        family.dad.ok("sync", "init", family.folder)
        let copy = CLIHarness()
        try FileManager.default.copyItem(atPath: family.dad.databasePath, toPath: copy.databasePath)
        copy.ok("-p", "dad", "add", "122/79", "--at", "2026-11-30 07:59")
        family.dad.ok("-p", "dad", "add", "123/79", "--at", "2026-11-30 07:58")
        let devices = try FileManager.default.contentsOfDirectory(atPath: family.folder + "/journal")
        #expect(devices.count == 2, "the copy took a device id of its own: two machines never write one journal")
        family.dad.ok("sync")
        copy.ok("sync")
        #expect(try logDump(copy.databasePath) == (try logDump(family.dad.databasePath)))
        #expect(try family.dad.readings().filter { [122, 123].contains($0.systolic) }.count == 2)
    }

    @Test func aLogMovedWhileItsFolderWasMissingPublishesWhatItHadPending() throws {
        let family = Family()
        family.joined()
        try FileManager.default.moveItem(atPath: family.folder, toPath: family.folder + ".unplugged")
        family.dad.ok("-p", "dad", "add", "131/83", "--at", "2026-11-30 07:51")
        let moved = CLIHarness()
        try FileManager.default.moveItem(atPath: family.dad.databasePath, toPath: moved.databasePath)
        moved.ok("-p", "dad", "add", "132/84", "--at", "2026-11-30 07:52")
        try FileManager.default.moveItem(atPath: family.folder + ".unplugged", toPath: family.folder)
        moved.ok("sync")
        family.daughter.ok("sync")
        let seen = try family.daughter.readings().map(\.systolic)
        #expect(seen.contains(131), "the reading added before the move reaches the other machine")
        #expect(seen.contains(132))
        #expect(try logDump(moved.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    /// A journal that cannot be written (here its folder is mounted read-only, which stops
    /// root too, in a mount namespace of the real program's own): the reading is saved in the
    /// log, the failure is said, and the next merge that can write writes it.
    @Test func aJournalThatCannotBeWrittenKeepsTheChangeAndWritesItLater() throws {
        guard getuid() == 0 else { return }
        let family = Family()
        // The real program keeps the real time: so do both in-process machines here.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        family.dad.now = now
        family.daughter.now = now
        family.joined()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let device = (segment as NSString).deletingLastPathComponent
        var environment = family.dad.environment
        environment["PATH"] = "/usr/bin:/bin:/usr/sbin:/sbin"
        func readOnly(_ arguments: String...) throws -> RunResult {
            try run(
                executable: "/usr/bin/unshare",
                ["-m", "/bin/sh", "-c", "mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" && exec \"$@\"",
                 device, try healthlogExecutable()] + arguments,
                environment: environment)
        }
        let added = try readOnly("-p", "dad", "add", "133/85", "--at", "2026-11-30 07:53")
        #expect(added.status == 0, "the reading is saved in the log: \(added.stderr)")
        #expect(added.stderr.contains("sync: cannot"), "\(added.stderr)")
        #expect(added.stderr.contains("next merge"))
        #expect(try family.dad.readings().contains { $0.systolic == 133 })
        let sync = try readOnly("sync")
        #expect(sync.status == ExitCode.ioError, "\(sync.stderr)")
        #expect(sync.stderr.contains("saved in the log"))
        #expect(!sync.stdout.contains("again"), "nothing is said to be written that was not")
        #expect(family.dad.ok("sync").contains("to its journal again"))
        family.daughter.ok("sync")
        #expect(try family.daughter.readings().contains { $0.systolic == 133 })
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }

    /// Leaving with --force while the folder is away: the change never written to it is kept
    /// here, and the leave says it will not reach the others (before, it said only that the
    /// log no longer syncs).
    @Test func leavingByForceSaysWhatNeverReachedTheFolder() throws {
        let family = Family()
        family.joined()
        try FileManager.default.moveItem(atPath: family.folder, toPath: family.folder + ".unplugged")
        family.dad.ok("-p", "dad", "add", "135/87", "--at", "2026-11-30 07:55")
        let forced = family.dad.run("sync", "leave", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("never written to the shared folder: the other machines will not get them"), "\(forced.stderr)")
        #expect(try family.dad.readings().contains { $0.systolic == 135 }, "the change stays here")
        // Leaving when everything was written says nothing of the kind.
        let other = Family()
        other.joined()
        #expect(!other.dad.run("sync", "leave", "--force").stderr.contains("never written"))
    }

    @Test func leavingKeepsTheRecordsAndAnotherFolderCanBeJoined() throws {
        let family = Family()
        family.joined()
        let before = try logDump(family.dad.databasePath)
        try FileManager.default.moveItem(atPath: family.folder, toPath: family.folder + ".unplugged")
        family.dad.ok("-p", "dad", "add", "135/87", "--at", "2026-11-30 07:55")
        let refused = family.dad.run("sync", "leave")
        #expect(refused.status == ExitCode.dataError, "changes the folder lacks are not dropped silently")
        #expect(refused.stderr.contains("--force"))
        try FileManager.default.moveItem(atPath: family.folder + ".unplugged", toPath: family.folder)
        family.dad.ok("sync")
        // The folder has the change now, but the daughter has not merged it: leaving is refused,
        // and says who lacks what and how to deliver it.
        let waiting = family.dad.run("sync", "leave")
        #expect(waiting.status == ExitCode.dataError)
        #expect(waiting.stderr.contains("has not merged 1 of this machine's changes yet"), "\(waiting.stderr)")
        #expect(waiting.stderr.contains("run 'healthlog sync' there"))
        family.daughter.ok("sync")
        #expect(family.dad.ok("sync", "leave").contains("Every other machine had merged all of its changes"))
        #expect(try logDump(family.dad.databasePath).count == before.count + 1, "every record stays")
        #expect(family.dad.run("sync").status == ExitCode.dataError)
        family.dad.ok("-p", "dad", "add", "136/88", "--at", "2026-11-30 07:56")
        let other = family.dad.directory.file("other")
        #expect(family.dad.ok("sync", "init", other).contains("Published"))
        let third = CLIHarness()
        third.ok("sync", "init", other)
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
        #expect(family.dad.ok("help", "sync").contains("USAGE: healthlog sync [<subcommand>]"))
    }

    @Test func aJournalRemovedBeforeAWriteWithoutMergingIsWrittenAgain() throws {
        let family = Family()
        family.joined()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        try FileManager.default.removeItem(atPath: segment)
        family.dad.ok("--no-sync", "-p", "dad", "add", "137/89", "--at", "2026-11-30 07:57")
        #expect(family.dad.ok("sync").contains("to its journal again"))
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        #expect(try logDump(third.databasePath) == (try logDump(family.dad.databasePath)))
    }

    @Test func aReadingWithTheLongestNoteOfControlCharactersIsShared() throws {
        let family = Family()
        family.joined()
        // Each character is escaped in six bytes: a 60 KiB line.
        family.dad.ok("-p", "dad", "add", "139/89", "--at", "2026-11-30 07:58", "--note", String(repeating: "\u{01}", count: 10_000))
        family.daughter.ok("sync")
        #expect(try family.daughter.readings().first { $0.systolic == 139 }?.note.count == 10_000)
        #expect(!family.daughter.ok("sync", "status").contains("Refused"))
    }

    @Test func readingsOfOneInstantAreListedAlikeOnEveryMachine() throws {
        let first = CLIHarness()
        first.ok("profile", "add", "dad")
        for value in ["130/80", "131/81", "132/82"] { first.ok("add", value, "--at", "2026-11-30 07:30") }
        let backup = first.directory.file("b.json")
        first.ok("export", "--format", "json", "-o", backup)
        // The same readings stored in the opposite order elsewhere.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: backup))) as? [String: Any])
        document["readings"] = Array(((document["readings"] as? [Any]) ?? []).reversed())
        let reversed = first.directory.file("reversed.json")
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: reversed))
        let second = CLIHarness()
        second.ok("import", reversed)
        #expect(first.ok("export", "--format", "csv") == second.ok("export", "--format", "csv"))
        #expect(first.ok("list") == second.ok("list"))
    }

    @Test func statusWithoutSyncDoesNotMerge() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "134/86", "--at", "2026-11-30 07:54")
        family.dad.ok("--no-sync", "sync", "status")
        #expect(try !family.dad.readings().contains { $0.systolic == 134 })
        family.dad.ok("sync", "status")
        #expect(try family.dad.readings().contains { $0.systolic == 134 })
    }

    @Test func initResolvesThePathBeforeCheckingIt() throws {
        let family = Family()
        let home = family.dad.directory.path
        // The log's own folder, however it is spelled, relative or through a folder not yet made.
        for spelling in [home, home + "/.", home + "/x/..", home + "/x/../", "/"] {
            let result = family.dad.run("sync", "init", spelling)
            #expect(result.status == ExitCode.dataError, "\(spelling)")
            #expect(result.stderr.contains("holds the log itself"), "\(spelling): \(result.stderr)")
        }
        let typo = family.dad.run("sync", "init", home + "/no/such/place")
        #expect(typo.status == ExitCode.noInput)
        #expect(!FileManager.default.fileExists(atPath: home + "/no"), "a mistyped path is not made")
    }

    @Test func twoMachinesImportingOneDeviceFileKeepOneCopyOfEachReading() throws {
        let family = Family()
        family.joined()
        family.dad.ok("-p", "dad", "import", fixture("omron.csv"))
        family.daughter.ok("--no-sync", "-p", "dad", "import", fixture("omron.csv"))
        family.settle()
        let dad = try family.dad.readings(profile: "dad")
        #expect(Set(dad.map(\.id)).count == dad.count)
        #expect(dad.count == (try family.daughter.readings(profile: "dad")).count)
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }
}

@Suite struct DeletedRecordsTests {
    @Test func anOlderBackupDoesNotBringBackWhatWasDeletedSince() throws {
        let cli = CLIHarness()
        cli.family()
        let backup = cli.directory.file("old.json")
        cli.ok("export", "--format", "json", "-o", backup)
        let deleted = try #require(try cli.readings().first { $0.systolic == 150 }).id
        cli.ok("delete", deleted, "--yes")
        let imported = cli.run("import", backup)
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("Not brought back: 1 reading and 0 events deleted from this log since the file was made."))
        #expect(!(try cli.readings().contains { $0.id == deleted }))
    }

    @Test func aVersionStampedInTheFutureNeverWins() throws {
        let cli = CLIHarness()
        cli.family()
        let reading = try #require(try cli.readings().first { $0.systolic == 138 })
        let backup = cli.directory.file("skewed.json")
        cli.ok("export", "--format", "json", "-o", backup)
        cli.ok("edit", reading.id, "--note", "corrected")
        // A machine whose clock ran a year ahead changed the note too.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: backup))) as? [String: Any])
        var readings = try #require(document["readings"] as? [[String: Any]])
        let index = try #require(readings.firstIndex { $0["id"] as? String == reading.id })
        readings[index]["note"] = "from the future"
        readings[index]["updatedAt"] = "2027-11-30T00:00:00.000Z"
        document["readings"] = readings
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: backup))
        let imported = cli.run("import", backup)
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("changed in the future (2027-11-30"))
        let stored = try #require(try cli.readings().first { $0.id == reading.id })
        #expect(stored.note == "corrected")
        // A local edit always ends newer than the version it replaced.
        #expect(stored.updatedAt > reading.updatedAt)
    }
}

/// `line` (a journal line) as if `device` had written it, correctly signed, in a whole
/// transaction of its own: the operation line and its commit line.
private func relabel(_ line: String, device: String) throws -> [String] {
    let decoded = try #require(try JournalLine.operation(line))
    let transaction = JournalLine.newTransactionID()
    let operation = try #require(JournalLine.operation(
        for: decoded.change, id: UUID().uuidString.lowercased(), transaction: transaction, clock: decoded.operation.clock + 1, device: device))
    return [operation.line, JournalLine.commitLine(transaction: transaction, device: device, operations: 1, clock: operation.clock)]
}

/// The device whose folder holds the journal segment `path`.
private func deviceOf(_ path: String) throws -> String {
    try #require(path.split(separator: "/").dropLast().last.map(String.init))
}

@Suite struct SyncPrivacyTests {
    @Test func whatTheFolderHoldsButIsNotReadIsNamed() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "129/81", "--at", "2026-11-30 07:40")
        let segment = try #require(try ownSegment(family.daughter, folder: family.folder))
        let device = (segment as NSString).deletingLastPathComponent
        let name = (device as NSString).lastPathComponent
        // Something put a link, a folder and a pipe where segments go, and the engine kept a
        // conflict copy of the device file; a stray folder sits beside the devices.
        try FileManager.default.createSymbolicLink(atPath: device + "/000002.ndjson", withDestinationPath: segment)
        try FileManager.default.createDirectory(atPath: device + "/000003.ndjson", withIntermediateDirectories: false)
        #expect(mkfifo(device + "/000004.ndjson", 0o600) == 0)
        try "{}".write(toFile: device + "/device.sync-conflict-20261130-074100-ABCDEFG.json", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: family.folder + "/journal/notes", withIntermediateDirectories: false)
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 129 }, "the real segment is still read")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("Not read (remove them, or find what put them there):"))
        #expect(status.contains("journal/\(name)/000002.ndjson: a symbolic link, not a file"))
        #expect(status.contains("journal/\(name)/000003.ndjson: a folder, not a file"))
        #expect(status.contains("journal/\(name)/000004.ndjson: a pipe, not a file"))
        #expect(status.contains("journal/\(name)/device.sync-conflict-20261130-074100-ABCDEFG.json: a conflict copy of the device file"))
        #expect(status.contains("journal/notes: not a device folder HealthLog makes"))
        // A device file that is a link to an endless device, or a pipe, is not read: no hang.
        try FileManager.default.moveItem(atPath: device + "/device.json", toPath: device + "/device.json.saved")
        try FileManager.default.createSymbolicLink(atPath: device + "/device.json", withDestinationPath: "/dev/zero")
        #expect(family.dad.run("sync").status == 0)
        #expect(family.dad.ok("sync", "status").contains("journal/\(name)/device.json: a symbolic link, not a file: the device file is not read"))
        try FileManager.default.removeItem(atPath: device + "/device.json")
        #expect(mkfifo(device + "/device.json", 0o600) == 0)
        #expect(family.dad.ok("sync", "status").contains("journal/\(name)/device.json: a pipe, not a file"))
        try FileManager.default.removeItem(atPath: device + "/device.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        let ignored = try #require(json["ignored"] as? [[String: String]])
        #expect(ignored.count == 5)
        #expect(ignored.contains { $0["path"] == "journal/notes" && $0["reason"] == "not a device folder HealthLog makes" })
        // A file given where the folder's parent should be is named as a file.
        let file = family.dad.directory.file("afile")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let other = CLIHarness()
        let refused = other.run("sync", "init", file + "/sub")
        #expect(refused.status == ExitCode.dataError)
        #expect(refused.stderr.contains("afile is a file, not a folder"))
        #expect(!FileManager.default.fileExists(atPath: other.databasePath))
    }

    @Test func journalsAreTheOwnersOnly() throws {
        let family = Family()
        family.joined()
        let journal = try #require(try ownSegment(family.dad, folder: family.folder))
        let device = (journal as NSString).deletingLastPathComponent
        for path in [journal, device + "/device.json", family.folder + "/healthlog-sync.json"] {
            #expect(FileSystem.mode(of: path).map { $0 & 0o777 } == 0o600, "\(path)")
        }
        for path in [device, family.folder + "/journal"] {
            #expect(FileSystem.mode(of: path).map { $0 & 0o777 } == 0o700, "\(path)")
        }
    }
}

@Suite struct SyncClockLimitTests {
    @Test func aClockFarInTheFutureIsRefused() throws {
        let change = LogChange.profileDeleted(id: "dad")
        let line = try #require(JournalLine.operation(
            for: change, id: UUID().uuidString.lowercased(), transaction: "0123456789abcdef", clock: Int64.max, device: "0123456789abcdef")).line
        #expect(throws: JournalLine.Refusal.self) { try JournalLine.decode(line) }
        let fine = try #require(JournalLine.operation(
            for: change, id: UUID().uuidString.lowercased(), transaction: "0123456789abcdef", clock: 1 << 40, device: "0123456789abcdef")).line
        #expect(try JournalLine.operation(fine)?.operation.clock == 1 << 40)
    }
}
