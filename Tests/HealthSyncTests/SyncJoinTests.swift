import Foundation
import HealthCommandLine
import HealthCore
import HealthLogCLI
import HealthRecords
import Testing

/// Joining a shared log with a log that has a history of its own: leaving and joining again, or
/// two logs kept apart becoming one. Whichever side changed a record later wins; nothing either
/// side changed since the other last saw it is undone.
@Suite struct SyncJoinTests {
    /// Moves both machines' clocks on by a minute.
    private func later(_ family: Family) {
        family.dad.now += 60_000
        family.daughter.now += 60_000
    }

    @Test func joiningAgainKeepsWhatChangedHereWhileAway() throws {
        let family = Family()
        family.joined()
        later(family)
        #expect(family.dad.ok("sync", "leave").contains("no longer syncs"))
        later(family)
        // Away from the family log: an edit, a deletion, a new reading, a profile edit.
        family.dad.ok("edit", try family.readingID(family.dad, systolic: 142), "--note", "after the walk")
        family.dad.ok("delete", try family.readingID(family.dad, systolic: 150), "--yes")
        family.dad.ok("-p", "dad", "add", "131/83", "--at", "2026-11-29 19:00")
        family.dad.ok("profile", "edit", "mom", "--target", "130/80")
        // Meanwhile the daughter changed another reading and added one.
        family.daughter.ok("edit", try family.readingID(family.daughter, systolic: 138), "--note", "measured twice")
        family.daughter.ok("-p", "mom", "add", "121/77", "--at", "2026-11-29 07:45")
        later(family)
        family.dad.ok("sync", "init", family.folder)
        family.settle()
        let dump = try logDump(family.dad.databasePath)
        #expect(dump == (try logDump(family.daughter.databasePath)))
        let dad = try family.dad.readings()
        #expect(!dad.contains { $0.systolic == 150 }, "a reading deleted while away stays deleted")
        #expect(dad.first { $0.systolic == 142 }?.note == "after the walk", "an edit made while away is kept")
        #expect(dad.first { $0.systolic == 138 }?.note == "measured twice", "the other machine's edit arrives")
        #expect(dad.contains { $0.systolic == 131 } && dad.contains { $0.systolic == 121 })
        #expect(family.daughter.ok("profile", "show", "mom").contains("130/80"))
    }

    @Test func theLaterEditOfOneReadingWinsWhicheverSideMadeIt() throws {
        let family = Family()
        family.joined()
        later(family)
        family.dad.ok("sync", "leave")
        let first = try family.readingID(family.dad, systolic: 142)
        let second = try family.readingID(family.dad, systolic: 138)
        later(family)
        family.daughter.ok("edit", first, "--note", "daughter, earlier")
        family.dad.ok("edit", second, "--note", "dad, earlier")
        later(family)
        family.dad.ok("edit", first, "--note", "dad, later")
        family.daughter.ok("edit", second, "--note", "daughter, later")
        later(family)
        family.dad.ok("sync", "init", family.folder)
        family.settle()
        for harness in [family.dad, family.daughter] {
            let readings = try harness.readings()
            #expect(readings.first { $0.id == first }?.note == "dad, later")
            #expect(readings.first { $0.id == second }?.note == "daughter, later")
        }
    }

    @Test func twoLogsKeptApartBecomeOneWithEveryProfileDetail() throws {
        let family = Family()
        family.dad.ok("sync", "init", family.folder)
        later(family)
        // The daughter kept her own notes of her father, with a target the doctor set.
        let daughter = family.daughter
        daughter.ok("profile", "add", "dad", "--target", "130/80")
        daughter.ok("-p", "dad", "add", "133/85", "--at", "2026-11-28 08:00")
        daughter.ok("tag", "edit", "bp-med", "--color", "#112233")
        later(family)
        daughter.ok("sync", "init", family.folder)
        family.settle()
        #expect(try logDump(family.dad.databasePath) == (try logDump(daughter.databasePath)))
        let shown = family.dad.ok("profile", "show", "dad")
        #expect(shown.contains("爸爸") && shown.contains("1954") && shown.contains("130/80"), "\(shown)")
        #expect(try family.dad.readings(profile: "dad").count == 4)
        #expect(family.dad.ok("tag", "list", "--format", "json").lowercased().contains("#112233"))
    }

    @Test func twoMachinesImportingOneHandWrittenCSVKeepOneCopyOfEachReading() throws {
        let family = Family()
        family.joined()
        // HealthLog's own columns, without ids: typed into a spreadsheet from the paper notebook.
        let csv = family.dad.directory.file("notebook.csv")
        try "taken_at,systolic,diastolic,pulse,note\n2026-11-20 07:10,141,90,77,\n2026-11-20 07:10,141,90,77,second try\n2026-11-20 21:05,133,84,70,\n".write(
            toFile: csv, atomically: true, encoding: .utf8)
        family.dad.ok("-p", "dad", "import", csv)
        family.daughter.ok("--no-sync", "-p", "dad", "import", csv)
        family.settle()
        let dad = try family.dad.readings(profile: "dad")
        #expect(dad.filter { $0.takenAt.localDate.description == "2026-11-20" }.count == 3)
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }
}

/// A machine that kept one person's readings goes on meaning that person when the shared log
/// brings the family's other profiles.
@Suite struct SyncDefaultProfileTests {
    @Test func theOnlyProfileStaysTheDefaultWhenOthersArrive() throws {
        let family = Family()
        family.dad.ok("sync", "init", family.folder)
        let daughter = family.daughter
        daughter.ok("profile", "add", "anna")
        daughter.ok("add", "121/78", "--at", "2026-11-29 07:00")
        let joined = daughter.ok("sync", "init", family.folder)
        #expect(joined.contains("anna stays this machine's default profile"), "\(joined)")
        // No -p needed, as before the family's profiles arrived.
        daughter.ok("add", "122/79", "--at", "2026-11-29 19:00")
        #expect(try daughter.readings(profile: "anna").count == 2)
        #expect(daughter.ok("list").contains("122/79"))
        // The default is this machine's own: the father's machine still asks.
        family.dad.ok("sync")
        #expect(family.dad.run("add", "130/80").status != 0)
    }
}

/// A path one level off the family's shared folder is refused, not made a second family log.
@Suite struct SyncNestedFolderTests {
    @Test func aFolderInsideOrAroundTheSharedLogIsRefused() throws {
        let family = Family()
        family.dad.ok("sync", "init", family.folder)
        let daughter = family.daughter
        let parent = (family.folder as NSString).deletingLastPathComponent
        let around = daughter.run("sync", "init", parent)
        #expect(around.status == ExitCode.dataError)
        #expect(around.stderr.contains("holds the shared log in \(family.folder); give that folder itself"), "\(around.stderr)")
        for inside in [family.folder + "/journal", family.folder + "/journal/new"] {
            let result = daughter.run("sync", "init", inside)
            #expect(result.status == ExitCode.dataError)
            #expect(result.stderr.contains("is inside the shared log in \(family.folder)"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: family.folder + "/journal/new"))
        #expect(!FileManager.default.fileExists(atPath: parent + "/journal"))
        daughter.ok("sync", "init", family.folder)
    }
}

/// This machine's default profile deleted on another machine: a reading entered without -p is
/// refused, never filed under another person.
@Suite struct SyncDeletedDefaultTests {
    @Test func aDefaultDeletedElsewhereIsAskedForNotReplaced() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("profile", "default", "mom")
        family.dad.ok("profile", "remove", "mom", "--yes")
        let refused = family.daughter.run("add", "125/85", "--at", "2026-11-29 08:10")
        #expect(refused.status == ExitCode.dataError)
        #expect(refused.stderr.contains("default profile 'mom' was deleted on another machine"), "\(refused.stderr)")
        #expect(try !family.daughter.readings().contains { $0.systolic == 125 }, "nothing filed under dad")
        // A profile brought by a later merge does not become the default either.
        family.dad.ok("profile", "add", "anna")
        family.daughter.ok("sync")
        #expect(family.daughter.run("add", "125/85", "--at", "2026-11-29 08:10").status == ExitCode.dataError)
        // Made again, the profile is this machine's default again.
        family.dad.ok("profile", "add", "mom", "--name", "妈妈")
        family.daughter.ok("sync")
        family.daughter.ok("add", "125/85", "--at", "2026-11-29 08:10")
        #expect(try family.daughter.readings(profile: "mom").contains { $0.systolic == 125 })
    }
}

/// A retired machine's journal tidied out of the folder: the machines that merged it say so, and
/// can publish its changes again for those that had not.
@Suite struct SyncVanishedJournalTests {
    @Test func aVanishedJournalIsNamedAndItsChangesCanBePublishedAgain() throws {
        let family = Family()
        family.joined()
        let laptop = CLIHarness()
        laptop.ok("sync", "init", family.folder)
        laptop.ok("-p", "dad", "add", "133/83", "--at", "2026-11-29 07:00", "--note", "from the old laptop")
        family.dad.ok("sync")
        let device = try #require(try syncDeviceID(laptop.databasePath))
        try FileManager.default.removeItem(atPath: family.folder + "/journal/" + device)
        family.daughter.ok("sync")
        #expect(try !family.daughter.readings().contains { $0.note == "from the old laptop" })
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("Not in the folder any more: the journal of"), "\(status)")
        #expect(!status.contains("In step"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(family.dad.ok("sync", "status", "--format", "json").utf8)) as? [String: Any])
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.first { $0["id"] as? String == device }?["journalMissing"] as? Bool == true)
        // What the status advises brings the change to every machine.
        family.dad.ok("sync", "leave")
        family.dad.ok("sync", "init", family.folder)
        family.settle()
        #expect(try family.daughter.readings().contains { $0.note == "from the old laptop" })
        #expect(try logDump(family.dad.databasePath) == (try logDump(family.daughter.databasePath)))
    }
}
